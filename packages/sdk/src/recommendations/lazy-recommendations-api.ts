/**
 * `store.recommendations`, loaded on first use: the recommendation calls are in a separate chunk,
 * fetched the first time one is made.
 */
import { deferMethods, loadOnFirstUse } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import type { RecommendationsApi } from './types.js';

/** `store.recommendations` on `transport`, its code loaded by the first call. */
export function lazyRecommendationsApi(transport: Transport): RecommendationsApi {
  return deferMethods<RecommendationsApi, 'get' | 'listAlgorithms'>(
    loadOnFirstUse(async () =>
      (await import('./recommendations-api.js')).createRecommendationsApi(transport),
    ),
    ['get', 'listAlgorithms'],
  );
}

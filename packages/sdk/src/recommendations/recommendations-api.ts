/**
 * `store.recommendations`: a face every page holds, whose calls load the recommendation calls
 * (recommendation-calls.ts, a chunk of their own) the first time one is made.
 */
import { lazyFace, loadOnFirstUse } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import type { RecommendationsApi } from './types.js';

/** `store.recommendations` on `transport`, its calls loaded by the first one. */
export function createRecommendationsApi(transport: Transport): RecommendationsApi {
  const load = loadOnFirstUse(async () =>
    (await import('./recommendation-calls.js')).createRecommendationCalls(transport),
  );
  return lazyFace(load, ['get', 'listAlgorithms']);
}

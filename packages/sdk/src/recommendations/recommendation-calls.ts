/**
 * The recommendation calls on the wire (`/v1/recommendations…`). `store.recommendations`
 * (recommendations-api.ts) loads them the first time one is made.
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import type { Transport } from '../http/transport.js';
import { listOf } from '../http/unwrap.js';
import { checkId, checkQuantity, describe } from '../internal/checks.js';
import { isJsonObject } from '../internal/json.js';
import type { CatalogReference } from '../models/cart.js';
import type { Recommendation, RecommendationAlgorithmInfo } from '../models/recommendations.js';
import type { GetRecommendationInput, RecommendationsApi } from './types.js';

const RECOMMENDATIONS = '/v1/recommendations';

/** `value[key]` when `value` is an object, for checking what a caller passed. */
function fieldOf(value: unknown, key: string): unknown {
  return isJsonObject(value) ? value[key] : undefined;
}

function checkInput(input: GetRecommendationInput): void {
  if (!isJsonObject(input))
    throw new StoreArgumentError('input', `must be an object, got ${describe(input)}`);
  const { algorithms, items, minimumRecommendedItems } = input;
  const given: unknown = algorithms;
  if (!Array.isArray(given) || given.length === 0 || given.length > 10)
    throw new StoreArgumentError('algorithms', 'must be an array of 1 to 10 algorithms');
  (given as unknown[]).forEach((algorithm, i) => {
    checkId(`algorithms[${i}].id`, fieldOf(algorithm, 'id'));
    checkId(`algorithms[${i}].appId`, fieldOf(algorithm, 'appId'));
  });
  const list: unknown = items;
  if (list !== undefined && (!Array.isArray(list) || list.length > 300))
    throw new StoreArgumentError('items', 'must be an array of at most 300 items');
  (list as unknown[] | undefined)?.forEach((item, i) =>
    checkId(`items[${i}].catalogItemId`, fieldOf(item, 'catalogItemId')),
  );
  if (minimumRecommendedItems !== undefined) {
    checkQuantity('minimumRecommendedItems', minimumRecommendedItems, 0);
    if (minimumRecommendedItems > 100)
      throw new StoreArgumentError('minimumRecommendedItems', 'must be at most 100');
  }
}

/** The recommendation calls on a transport. */
export function createRecommendationCalls(transport: Transport): RecommendationsApi {
  return {
    async get(input, options = {}) {
      checkInput(input);
      const response = await transport.request({
        method: 'POST',
        path: `${RECOMMENDATIONS}/get`,
        body: {
          algorithms: input.algorithms.map(({ id, appId }) => ({ id, appId })),
          ...(input.items !== undefined ? { items: input.items } : {}),
          ...(input.minimumRecommendedItems !== undefined
            ? { minimumRecommendedItems: input.minimumRecommendedItems }
            : {}),
        },
        signal: options.signal,
        // A read sent as POST: as safe to retry as a GET.
        retry: true,
      });
      const recommendation = isJsonObject(response.recommendation) ? response.recommendation : {};
      const result: Recommendation = {
        items: listOf<CatalogReference>(recommendation, 'items'),
      };
      const algorithm = recommendation.algorithm;
      if (isJsonObject(algorithm) && typeof algorithm.id === 'string')
        result.algorithm = { id: algorithm.id, appId: String(algorithm.appId) };
      return result;
    },
    async listAlgorithms(options = {}) {
      const response = await transport.request({
        method: 'GET',
        path: `${RECOMMENDATIONS}/algorithms`,
        signal: options.signal,
      });
      return listOf<RecommendationAlgorithmInfo>(response, 'availableAlgorithms');
    },
  };
}

/**
 * Recommendations of the stores catalog's algorithms: the items of the first algorithm asked for,
 * in the order given, that recommends at least the minimum, or none.
 */
import type { EmulatorContext } from '../context.js';
import { applicationError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import { allProducts } from '../catalog/records.js';
import { STORES_APP_ID } from '../models/catalog.js';
import { STORES_ALGORITHMS } from './algorithms.js';
import type { getRecommendationBody } from './inputs.js';

/** A recommendation answer: its items, and the algorithm that found them (none when empty). */
export interface Recommendation {
  recommendation: {
    items: { catalogItemId: string; appId: string }[];
    algorithm?: { id: string; appId: string };
  };
}

/**
 * Recommends catalog items for the given ones (or for none).
 * @throws {ApiError} 404 when an algorithm's app is not the stores catalog; 400 for an unknown
 *   algorithm or an item of another app.
 */
export function recommend(
  ctx: EmulatorContext,
  request: Infer<typeof getRecommendationBody>,
): Recommendation {
  const items = request.items ?? [];
  if (request.algorithms.some((a) => a.appId !== STORES_APP_ID))
    throw applicationError(
      404,
      'RECOMMENDATIONS_PROVIDER_NOT_FOUND',
      'No installed app provides algorithms with this appId; the stores catalog is the only provider',
    );
  const unsupported = request.algorithms.filter((a) => !STORES_ALGORITHMS.has(a.id));
  if (unsupported.length > 0)
    throw applicationError(
      400,
      'ALGORITHM_NOT_SUPPORTED',
      'The provider has no algorithm with this id',
      {
        unsupportedAlgorithms: unsupported,
      },
    );
  const foreign = items.filter((item) => item.appId !== STORES_APP_ID);
  if (foreign.length > 0)
    throw applicationError(
      400,
      'ITEM_APP_ID_NOT_SUPPORTED',
      "The algorithms support only the stores catalog's items",
      { items: foreign, algorithms: request.algorithms },
    );
  const input = {
    products: allProducts(ctx),
    orders: Object.values(ctx.store.state.orders),
    itemIds: items.map((item) => item.catalogItemId),
  };
  const minimum = request.minimumRecommendedItems ?? 0;
  for (const algorithm of request.algorithms) {
    const recommended = STORES_ALGORITHMS.get(algorithm.id)!.run(input);
    if (recommended.length < minimum) continue;
    return {
      recommendation: {
        items: recommended.map((catalogItemId) => ({ catalogItemId, appId: STORES_APP_ID })),
        algorithm: { id: algorithm.id, appId: algorithm.appId },
      },
    };
  }
  return { recommendation: { items: [] } };
}

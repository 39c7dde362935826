/**
 * The types of `store.recommendations`: its calls and their options, apart from the code (see
 * recommendations-api.ts and recommendation-calls.ts), which import them.
 */
import type { CatalogReference } from '../models/cart.js';
import type {
  Recommendation,
  RecommendationAlgorithm,
  RecommendationAlgorithmInfo,
} from '../models/recommendations.js';

/** Options every recommendation call takes. */
export interface RecommendationCallOptions {
  /** Aborts the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** What to recommend from: {@link RecommendationsApi.get}'s input. */
export interface GetRecommendationInput {
  /**
   * 1 to 10 algorithms, most preferred first: the first that recommends at least
   * `minimumRecommendedItems` answers. See `STORES_RECOMMENDATION_ALGORITHMS`.
   */
  algorithms: readonly RecommendationAlgorithm[];
  /**
   * The items to recommend from (up to 300), for related-items algorithms (a cart's lines, the
   * product on the page).
   */
  items?: readonly CatalogReference[];
  /**
   * Fewest items an algorithm must recommend for its recommendation to be taken (0–100).
   * @default 0
   */
  minimumRecommendedItems?: number;
}

/** The platform's eCommerce Recommendations API. */
export interface RecommendationsApi {
  /**
   * Items to recommend: `POST /v1/recommendations/get` (the path the official client uses).
   * Resolves with `{ items, algorithm }` of the first algorithm that recommends enough, or
   * `{ items: [] }`.
   *
   * @example
   * const { items } = await store.recommendations.get({
   *   algorithms: [STORES_RECOMMENDATION_ALGORITHMS.fromSimilarCategories],
   *   items: cart.lineItems.map((line) => line.catalogReference),
   *   minimumRecommendedItems: 1,
   * });
   * const products = await store.products.query({ filter: { id: { $in: items.map((i) => i.catalogItemId) } } });
   * @throws {StoreApiError} for an algorithm no installed app provides
   * (`RECOMMENDATIONS_PROVIDER_NOT_FOUND`, `ALGORITHM_NOT_SUPPORTED`) or an item of a catalog the
   * algorithms do not cover (`ITEM_APP_ID_NOT_SUPPORTED`).
   * @throws {StoreArgumentError} before sending, for no algorithm, more than 10, or a minimum
   * out of 0–100.
   */
  get(input: GetRecommendationInput, options?: RecommendationCallOptions): Promise<Recommendation>;
  /**
   * The algorithms the site's apps provide: `GET /v1/recommendations/algorithms`.
   *
   * @example
   * const algorithms = await store.recommendations.listAlgorithms();
   */
  listAlgorithms(options?: RecommendationCallOptions): Promise<RecommendationAlgorithmInfo[]>;
}

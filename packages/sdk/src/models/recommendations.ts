/**
 * Recommendations, as the platform's eCommerce Recommendations API takes and answers them
 * (`POST /v1/recommendations/get`, `GET /v1/recommendations/algorithms`).
 */
import { STORES_APP_ID, type CatalogReference } from './cart.js';
import { defineEnum, type EnumValue } from './enum.js';

/**
 * How an algorithm recommends: `RELATED_ITEMS` from the items given (they are then required),
 * `GLOBAL` from the site as a whole (best sellers…).
 */
export const RecommendationAlgorithmType = /* @__PURE__ */ defineEnum([
  'UNSPECIFIED',
  'RELATED_ITEMS',
  'GLOBAL',
]);
/** One of {@link RecommendationAlgorithmType}'s values. */
export type RecommendationAlgorithmType = EnumValue<typeof RecommendationAlgorithmType>;

/** An algorithm, named by its id and the app providing it. */
export interface RecommendationAlgorithm {
  id: string;
  /** The app that provides the algorithm; the stores catalog's for its own algorithms. */
  appId: string;
}

/** What `GET /v1/recommendations/algorithms` lists. */
export interface RecommendationAlgorithmInfo {
  config?: {
    name?: string;
    description?: string;
    additionalInfo?: string;
    algorithmType?: RecommendationAlgorithmType;
    algorithmId?: string;
  };
  appId?: string;
  /** The apps whose catalogs the algorithm recommends from. */
  catalogAppIds?: string[];
}

/** The items recommended, and the algorithm that recommended them. */
export interface Recommendation {
  /** Empty when no algorithm recommended at least `minimumRecommendedItems`. */
  items: CatalogReference[];
  /** Absent when no algorithm recommended enough. */
  algorithm?: RecommendationAlgorithm;
}

/**
 * The stores catalog's algorithms, with the platform's ids: pass one or more, most preferred
 * first, to `store.recommendations.get`.
 *
 * @example
 * const { items } = await store.recommendations.get({
 *   algorithms: [STORES_RECOMMENDATION_ALGORITHMS.fromSimilarCategories],
 *   items: [storesCatalogReference(productId)],
 * });
 */
export const STORES_RECOMMENDATION_ALGORITHMS = /* @__PURE__ */ Object.freeze({
  /** Related items: products sharing the most categories with the items given. */
  fromSimilarCategories: Object.freeze({
    id: '68ebce04-b96a-4c52-9329-08fc9d8c1253',
    appId: STORES_APP_ID,
  }),
  /** Related items: products frequently bought with the first item given. */
  frequentlyBoughtTogether: Object.freeze({
    id: 'd5aac1e1-2e53-4d11-85f7-7172710b4783',
    appId: STORES_APP_ID,
  }),
  /** Related items: products frequently viewed with the first item given. */
  frequentlyViewedTogether: Object.freeze({
    id: '5dd69f67-9ab9-478e-ba7c-10c6c6e7285f',
    appId: STORES_APP_ID,
  }),
  /** Global: the catalog's best sellers. */
  bestSellers: Object.freeze({ id: 'ba491fd2-b172-4552-9ea6-7202e01d1d3c', appId: STORES_APP_ID }),
} satisfies Record<string, RecommendationAlgorithm>);

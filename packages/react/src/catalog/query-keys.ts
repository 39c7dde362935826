import type {
  GetRecommendationInput,
  MemberFieldset,
  OrderSearch,
  StorefrontCategoryQuery,
  StorefrontProductQuery,
  StorefrontRef,
} from '@vitrine/sdk';

/**
 * The TanStack Query keys of the catalog, member and recommendation hooks, for invalidating or
 * prefetching by hand. Every key starts with `['vitrine', clientId]`, so two clients never share
 * cached data. The catalog's keys hold the storefront reads' arguments (`store.storefront`): a
 * product is keyed by `{ id }` or `{ slug }` (`useProduct('p1')` and `useProduct({ id: 'p1' })`
 * share one entry, which `useProductOptionsAvailability` and `useVariants` read too).
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: storeQueryKeys.products(store.clientId) });
 * queryClient.getQueryData(storeQueryKeys.product(store.clientId, { slug: 'linen-shirt' }));
 */
export const storeQueryKeys = {
  all: (clientId: string) => ['vitrine', clientId] as const,
  /** Every product read: pages, infinite pages and single products. */
  products: (clientId: string) => ['vitrine', clientId, 'products'] as const,
  productList: (clientId: string, query: StorefrontProductQuery = {}) =>
    ['vitrine', clientId, 'products', 'list', query] as const,
  productPages: (clientId: string, query: StorefrontProductQuery = {}) =>
    ['vitrine', clientId, 'products', 'pages', query] as const,
  /** One product, by `{ id }` or `{ slug }` (an id as a string is `{ id }`). */
  product: (clientId: string, ref: string | StorefrontRef) =>
    ['vitrine', clientId, 'products', 'detail', refOf(ref)] as const,
  /** Every category (collection) read: pages and single categories. */
  collections: (clientId: string) => ['vitrine', clientId, 'collections'] as const,
  collectionList: (clientId: string, query: StorefrontCategoryQuery = {}) =>
    ['vitrine', clientId, 'collections', 'list', query] as const,
  collection: (clientId: string, ref: StorefrontRef) =>
    ['vitrine', clientId, 'collections', 'detail', refOf(ref)] as const,
  /**
   * Everything read for the signed-in member (their record, their orders).
   * `identity` counts the client's identity changes, so a sign-in or sign-out changes the keys.
   */
  members: (clientId: string) => ['vitrine', clientId, 'member'] as const,
  member: (clientId: string, identity = 0, fieldsets: readonly MemberFieldset[] = []) =>
    ['vitrine', clientId, 'member', identity, 'record', { fieldsets }] as const,
  memberOrders: (clientId: string, identity = 0, search: OrderSearch = {}) =>
    ['vitrine', clientId, 'member', identity, 'orders', search] as const,
  recommendations: (clientId: string, input: GetRecommendationInput) =>
    ['vitrine', clientId, 'recommendations', input] as const,
};

/** A collection (a category) by id, or by slug: the storefront's {@link StorefrontRef}. */
export type CollectionRef = StorefrontRef;

/**
 * A reference as its key holds it: `{ id }` or `{ slug }` alone (an id given as a string is
 * `{ id }`), as the SDK reads it, so one product is one cache entry however it was named.
 *
 * @example refOf('p1') // { id: 'p1' }
 */
export function refOf(ref: string | StorefrontRef): StorefrontRef {
  if (typeof ref === 'string') return { id: ref };
  return 'id' in ref ? { id: ref.id } : { slug: ref.slug };
}

import type {
  CollectionQuery,
  GetRecommendationInput,
  MemberFieldset,
  OrderSearch,
  ProductQuery,
  ProductVariantsQuery,
} from '@vitrine/sdk';

/**
 * The TanStack Query keys of the catalog, member and recommendation hooks, for invalidating or
 * prefetching by hand. Every key starts with `['vitrine', clientId]`, so two clients never share
 * cached data.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: storeQueryKeys.products(store.clientId) });
 */
export const storeQueryKeys = {
  all: (clientId: string) => ['vitrine', clientId] as const,
  products: (clientId: string) => ['vitrine', clientId, 'products'] as const,
  productList: (clientId: string, query: ProductQuery = {}) =>
    ['vitrine', clientId, 'products', 'list', query] as const,
  productPages: (clientId: string, query: ProductQuery = {}) =>
    ['vitrine', clientId, 'products', 'pages', query] as const,
  product: (clientId: string, id: string, includeMerchantSpecificData = false) =>
    ['vitrine', clientId, 'products', 'detail', id, { includeMerchantSpecificData }] as const,
  optionsAvailability: (clientId: string, id: string, options: Record<string, string>) =>
    ['vitrine', clientId, 'products', 'options-availability', id, options] as const,
  variants: (clientId: string, productId: string, input: ProductVariantsQuery = {}) =>
    ['vitrine', clientId, 'products', 'variants', productId, input] as const,
  collections: (clientId: string) => ['vitrine', clientId, 'collections'] as const,
  collectionList: (clientId: string, query: CollectionQuery = {}) =>
    ['vitrine', clientId, 'collections', 'list', query] as const,
  collection: (clientId: string, by: CollectionRef) =>
    ['vitrine', clientId, 'collections', 'detail', by] as const,
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

/** A collection by id, or by slug. */
export type CollectionRef = { id: string } | { slug: string };

import type { CollectionQuery, ProductQuery, ProductVariantsQuery } from '@vitrine/sdk';

/**
 * The TanStack Query keys of the catalog hooks, for invalidating or prefetching by hand. Every
 * key starts with `['vitrine', clientId]`, so two clients never share cached data.
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
};

/** A collection by id, or by slug. */
export type CollectionRef = { id: string } | { slug: string };

import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import type {
  Collection,
  CollectionQuery,
  Page,
  Product,
  ProductOptionsAvailability,
  ProductQuery,
  ProductVariantsQuery,
  ProductVariantsResult,
  StoreClient,
} from '@vitrine/sdk';
import { storeQueryKeys, type CollectionRef } from './query-keys.js';

/**
 * One page of a catalog query, as plain data: it survives server-rendering dehydration and
 * TanStack's structural sharing, which the SDK's `Page` (with methods) would not.
 */
export interface CatalogPage<T> {
  items: readonly T[];
  /** Items matching over all pages, when the platform says. */
  totalCount: number | undefined;
  paging: { limit: number; offset: number };
  /** Another page may follow. */
  hasNext: boolean;
}

function toCatalogPage<T>(page: Page<T>): CatalogPage<T> {
  return {
    items: page.items,
    totalCount: page.totalCount,
    paging: { ...page.paging },
    hasNext: page.hasNext(),
  };
}

/**
 * Query options of one page of products, for `useQuery`, `useSuspenseQuery` or
 * `queryClient.prefetchQuery` (server rendering).
 *
 * @example
 * await queryClient.prefetchQuery(productsQueryOptions(store, { paging: { limit: 12 } }));
 */
export function productsQueryOptions(client: StoreClient, query: ProductQuery = {}) {
  return queryOptions({
    queryKey: storeQueryKeys.productList(client.clientId, query),
    queryFn: async ({ signal }) => toCatalogPage(await client.products.query(query, { signal })),
  });
}

/** Infinite-query options walking the pages of a product query (offset paging). */
export function infiniteProductsQueryOptions(client: StoreClient, query: ProductQuery = {}) {
  return infiniteQueryOptions<
    CatalogPage<Product>,
    Error,
    InfiniteData<CatalogPage<Product>, number>,
    ReturnType<typeof storeQueryKeys.productPages>,
    number
  >({
    queryKey: storeQueryKeys.productPages(client.clientId, query),
    initialPageParam: query.paging?.offset ?? 0,
    queryFn: async ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) =>
      toCatalogPage(
        await client.products.query(
          { ...query, paging: { ...query.paging, offset: pageParam } },
          { signal },
        ),
      ),
    getNextPageParam: (last: CatalogPage<Product>): number | undefined =>
      last.hasNext ? last.paging.offset + last.items.length : undefined,
  });
}

/** Query options of one product. */
export function productQueryOptions(
  client: StoreClient,
  id: string,
  options: { includeMerchantSpecificData?: boolean } = {},
) {
  const includeMerchantSpecificData = options.includeMerchantSpecificData ?? false;
  return queryOptions({
    queryKey: storeQueryKeys.product(client.clientId, id, includeMerchantSpecificData),
    queryFn: ({ signal }): Promise<Product> =>
      client.products.get(id, { includeMerchantSpecificData, signal }),
  });
}

/** Query options of which variant some choices select, and whether it can be bought. */
export function productOptionsAvailabilityQueryOptions(
  client: StoreClient,
  productId: string,
  options: Record<string, string>,
) {
  return queryOptions({
    queryKey: storeQueryKeys.optionsAvailability(client.clientId, productId, options),
    queryFn: ({ signal }): Promise<ProductOptionsAvailability> =>
      client.products.optionsAvailability(productId, options, { signal }),
  });
}

/** Query options of one product's variants. */
export function variantsQueryOptions(
  client: StoreClient,
  productId: string,
  input: ProductVariantsQuery = {},
) {
  return queryOptions({
    queryKey: storeQueryKeys.variants(client.clientId, productId, input),
    queryFn: ({ signal }): Promise<ProductVariantsResult> =>
      client.products.queryVariants(productId, input, { signal }),
  });
}

/** Query options of one page of collections. */
export function collectionsQueryOptions(client: StoreClient, query: CollectionQuery = {}) {
  return queryOptions({
    queryKey: storeQueryKeys.collectionList(client.clientId, query),
    queryFn: async ({ signal }) => toCatalogPage(await client.collections.query(query, { signal })),
  });
}

/** Query options of one collection, by id or by slug. */
export function collectionQueryOptions(client: StoreClient, by: CollectionRef) {
  return queryOptions({
    queryKey: storeQueryKeys.collection(client.clientId, by),
    queryFn: ({ signal }): Promise<Collection> =>
      'id' in by
        ? client.collections.get(by.id, { signal })
        : client.collections.getBySlug(by.slug, { signal }),
  });
}

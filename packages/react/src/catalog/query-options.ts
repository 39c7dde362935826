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
  VitrineError,
} from '@vitrine/sdk';
import { storeQueryKeys, type CollectionRef } from './query-keys.js';

// Every query here sets `retry: false`. The SDK already retries what is safe to retry (network
// errors, 429, 502–504 on idempotent calls, with backoff and `Retry-After`); a TanStack retry on
// top (3 by default in an app's own QueryClient) would multiply the requests and hold an error
// for seconds. Pass `retry` to a hook, or spread these options, to choose otherwise.

/**
 * One page of a catalog query as the TanStack cache holds it: plain JSON, so it survives
 * server-rendering dehydration and TanStack's structural sharing. `queryClient.getQueryData`,
 * `ensureQueryData` and `fetchQuery` return this form; the hooks, and `useQuery` given these
 * query options, return a {@link CatalogPage} (see {@link toCatalogPage}).
 */
export interface CatalogPageData<T> {
  items: readonly T[];
  /** Items matching over all pages, when the platform says. */
  totalCount: number | undefined;
  paging: { limit: number; offset: number };
  /** The SDK's `page.hasNext()` when the page was read: another page may follow. */
  hasNextPage: boolean;
}

/**
 * One page of a catalog query as the hooks return it: the SDK's {@link Page} shape, with
 * `hasNext()` a method as there, without `next()` (use `useInfiniteProducts` to read on).
 */
export interface CatalogPage<T> {
  /** The items of this page. */
  readonly items: readonly T[];
  /** Items matching over all pages, when the platform says. */
  readonly totalCount: number | undefined;
  /** The paging this page was asked with. */
  readonly paging: Readonly<{ limit: number; offset: number }>;
  /** `true` when another page may follow, as the SDK's `page.hasNext()` said. */
  hasNext(): boolean;
}

function toCatalogPageData<T>(page: Page<T>): CatalogPageData<T> {
  return {
    items: page.items,
    totalCount: page.totalCount,
    paging: { limit: page.paging.limit, offset: page.paging.offset },
    hasNextPage: page.hasNext(),
  };
}

// One CatalogPage per cached page object: a page TanStack kept (structural sharing, the earlier
// pages of an infinite query) is handed out as the very same object, so memoized components and
// `select` results that depend on it do not change.
const pages = new WeakMap<object, CatalogPage<unknown>>();

/**
 * The page a hook returns for a page of the cache: the same fields, with `hasNext()` as in the
 * SDK. The same cached page always gives the same object. Use it on what `ensureQueryData`,
 * `fetchQuery` or `getQueryData` return, which is the cached form.
 *
 * @example
 * const page = toCatalogPage(await queryClient.ensureQueryData(productsQueryOptions(store)));
 * if (page.hasNext()) …
 */
export function toCatalogPage<T>(data: CatalogPageData<T>): CatalogPage<T> {
  const known = pages.get(data) as CatalogPage<T> | undefined;
  if (known !== undefined) return known;
  const { items, totalCount, paging, hasNextPage } = data;
  const page: CatalogPage<T> = { items, totalCount, paging, hasNext: () => hasNextPage };
  pages.set(data, page);
  return page;
}

/** {@link toCatalogPage} on every page of an infinite query's data. */
export function toCatalogPages<T, TPageParam>(
  data: InfiniteData<CatalogPageData<T>, TPageParam>,
): InfiniteData<CatalogPage<T>, TPageParam> {
  return { pages: data.pages.map((page) => toCatalogPage(page)), pageParams: data.pageParams };
}

/**
 * Query options of one page of products, for `useQuery`, `useSuspenseQuery` or
 * `queryClient.prefetchQuery` (server rendering). The cache holds a {@link CatalogPageData};
 * `select` turns it into the {@link CatalogPage} a component reads.
 *
 * @example
 * await queryClient.prefetchQuery(productsQueryOptions(store, { paging: { limit: 12 } }));
 * const { data } = useSuspenseQuery(productsQueryOptions(store, { paging: { limit: 12 } }));
 * data.hasNext();
 */
export function productsQueryOptions(client: StoreClient, query: ProductQuery = {}) {
  return queryOptions<
    CatalogPageData<Product>,
    VitrineError,
    CatalogPage<Product>,
    ReturnType<typeof storeQueryKeys.productList>
  >({
    queryKey: storeQueryKeys.productList(client.clientId, query),
    queryFn: async ({ signal }): Promise<CatalogPageData<Product>> =>
      toCatalogPageData(await client.products.query(query, { signal })),
    select: toCatalogPage<Product>,
    retry: false,
  });
}

/**
 * Infinite-query options walking the pages of a product query (offset paging). Each page of
 * `data.pages` is a {@link CatalogPage}.
 *
 * @example
 * const { data, fetchNextPage } = useSuspenseInfiniteQuery(infiniteProductsQueryOptions(store));
 */
export function infiniteProductsQueryOptions(client: StoreClient, query: ProductQuery = {}) {
  return infiniteQueryOptions<
    CatalogPageData<Product>,
    VitrineError,
    InfiniteData<CatalogPage<Product>, number>,
    ReturnType<typeof storeQueryKeys.productPages>,
    number
  >({
    queryKey: storeQueryKeys.productPages(client.clientId, query),
    initialPageParam: query.paging?.offset ?? 0,
    queryFn: async ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) =>
      toCatalogPageData(
        await client.products.query(
          { ...query, paging: { ...query.paging, offset: pageParam } },
          { signal },
        ),
      ),
    getNextPageParam: (last: CatalogPageData<Product>): number | undefined =>
      last.hasNextPage ? last.paging.offset + last.items.length : undefined,
    select: toCatalogPages<Product, number>,
    retry: false,
  });
}

/** Query options of one product. */
export function productQueryOptions(
  client: StoreClient,
  id: string,
  options: { includeMerchantSpecificData?: boolean } = {},
) {
  const includeMerchantSpecificData = options.includeMerchantSpecificData ?? false;
  return queryOptions<Product, VitrineError, Product, ReturnType<typeof storeQueryKeys.product>>({
    queryKey: storeQueryKeys.product(client.clientId, id, includeMerchantSpecificData),
    queryFn: ({ signal }): Promise<Product> =>
      client.products.get(id, { includeMerchantSpecificData, signal }),
    retry: false,
  });
}

/** Query options of which variant some choices select, and whether it can be bought. */
export function productOptionsAvailabilityQueryOptions(
  client: StoreClient,
  productId: string,
  options: Record<string, string>,
) {
  return queryOptions<
    ProductOptionsAvailability,
    VitrineError,
    ProductOptionsAvailability,
    ReturnType<typeof storeQueryKeys.optionsAvailability>
  >({
    queryKey: storeQueryKeys.optionsAvailability(client.clientId, productId, options),
    queryFn: ({ signal }): Promise<ProductOptionsAvailability> =>
      client.products.optionsAvailability(productId, options, { signal }),
    retry: false,
  });
}

/** Query options of one product's variants. */
export function variantsQueryOptions(
  client: StoreClient,
  productId: string,
  input: ProductVariantsQuery = {},
) {
  return queryOptions<
    ProductVariantsResult,
    VitrineError,
    ProductVariantsResult,
    ReturnType<typeof storeQueryKeys.variants>
  >({
    queryKey: storeQueryKeys.variants(client.clientId, productId, input),
    queryFn: ({ signal }): Promise<ProductVariantsResult> =>
      client.products.queryVariants(productId, input, { signal }),
    retry: false,
  });
}

/** Query options of one page of collections; the cache holds a {@link CatalogPageData}. */
export function collectionsQueryOptions(client: StoreClient, query: CollectionQuery = {}) {
  return queryOptions<
    CatalogPageData<Collection>,
    VitrineError,
    CatalogPage<Collection>,
    ReturnType<typeof storeQueryKeys.collectionList>
  >({
    queryKey: storeQueryKeys.collectionList(client.clientId, query),
    queryFn: async ({ signal }): Promise<CatalogPageData<Collection>> =>
      toCatalogPageData(await client.collections.query(query, { signal })),
    select: toCatalogPage<Collection>,
    retry: false,
  });
}

/** Query options of one collection, by id or by slug. */
export function collectionQueryOptions(client: StoreClient, by: CollectionRef) {
  return queryOptions<
    Collection,
    VitrineError,
    Collection,
    ReturnType<typeof storeQueryKeys.collection>
  >({
    queryKey: storeQueryKeys.collection(client.clientId, by),
    queryFn: ({ signal }): Promise<Collection> =>
      'id' in by
        ? client.collections.get(by.id, { signal })
        : client.collections.getBySlug(by.slug, { signal }),
    retry: false,
  });
}

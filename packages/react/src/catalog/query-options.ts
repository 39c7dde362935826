import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import type {
  OptionSelection,
  StoreClient,
  StorefrontCategory,
  StorefrontCategoryQuery,
  StorefrontPage,
  StorefrontProduct,
  StorefrontProductDetail,
  StorefrontProductQuery,
  StorefrontRef,
  StorefrontVariant,
  VitrineError,
} from '@vitrine/sdk';
import { refOf, storeQueryKeys, type CollectionRef } from './query-keys.js';
import { variantAvailability, variantsOf, type VariantAvailability } from './selection.js';

// The catalog's query options read the storefront model (`store.storefront`): one shape whichever
// catalog (V1 or V3) the store runs, so neither these nor the hooks on them know which it is.
//
// Every query here sets `retry: false`. The SDK already retries what is safe to retry (network
// errors, 429, 502–504 on idempotent calls, with backoff and `Retry-After`); a TanStack retry on
// top (3 by default in an app's own QueryClient) would multiply the requests and hold an error
// for seconds. Pass `retry` to a hook, or spread these options, to choose otherwise.

/**
 * One page of a storefront read as the TanStack cache holds it: the SDK's {@link StorefrontPage}
 * as it came (`items`, `nextCursor`, `totalCount` when the catalog says), plain JSON that survives
 * server-rendering dehydration and TanStack's structural sharing. `queryClient.getQueryData`,
 * `ensureQueryData` and `fetchQuery` return this form; the hooks, and `useQuery` given these query
 * options, return a {@link CatalogPage} (see {@link toCatalogPage}).
 */
export type CatalogPageData<T> = StorefrontPage<T>;

/**
 * One page of a storefront read as the hooks return it: the SDK's {@link StorefrontPage}
 * (`items`, `nextCursor`, `totalCount`) and `hasNext()`. Read on with `useInfiniteProducts`, or
 * by passing `nextCursor` as the next query's `cursor`.
 */
export interface CatalogPage<T> extends StorefrontPage<T> {
  /** `true` when another page follows (the page has a `nextCursor`). */
  hasNext(): boolean;
}

// One CatalogPage per cached page object: a page TanStack kept (structural sharing, the earlier
// pages of an infinite query) is handed out as the very same object, so memoized components and
// `select` results that depend on it do not change.
const pages = new WeakMap<object, CatalogPage<unknown>>();

/**
 * The page a hook returns for a page of the cache: the same fields, and `hasNext()`. The same
 * cached page always gives the same object. Use it on what `ensureQueryData`, `fetchQuery` or
 * `getQueryData` return, which is the cached form.
 *
 * @example
 * const page = toCatalogPage(await queryClient.ensureQueryData(productsQueryOptions(store)));
 * if (page.hasNext()) …
 */
export function toCatalogPage<T>(data: CatalogPageData<T>): CatalogPage<T> {
  const known = pages.get(data) as CatalogPage<T> | undefined;
  if (known !== undefined) return known;
  const hasNext = data.nextCursor !== null;
  const page: CatalogPage<T> = { ...data, hasNext: () => hasNext };
  pages.set(data, page);
  return page;
}

/**
 * {@link toCatalogPage} on every page of an infinite query's data.
 *
 * @example
 * const data = queryClient.getQueryData(infiniteProductsQueryOptions(store).queryKey);
 * const last = data && toCatalogPages(data).pages.at(-1);
 */
export function toCatalogPages<T, TPageParam>(
  data: InfiniteData<CatalogPageData<T>, TPageParam>,
): InfiniteData<CatalogPage<T>, TPageParam> {
  return { pages: data.pages.map((page) => toCatalogPage(page)), pageParams: data.pageParams };
}

/**
 * Query options of one page of products (`store.storefront.products(query)`), for `useQuery`,
 * `useSuspenseQuery` or `queryClient.prefetchQuery` (server rendering). The cache holds a
 * {@link CatalogPageData}; `select` turns it into the {@link CatalogPage} a component reads.
 *
 * @example
 * await queryClient.prefetchQuery(productsQueryOptions(store, { categoryId, limit: 12 }));
 * const { data } = useSuspenseQuery(productsQueryOptions(store, { categoryId, limit: 12 }));
 * data.hasNext();
 */
export function productsQueryOptions(client: StoreClient, query: StorefrontProductQuery = {}) {
  return queryOptions<
    CatalogPageData<StorefrontProduct>,
    VitrineError,
    CatalogPage<StorefrontProduct>,
    ReturnType<typeof storeQueryKeys.productList>
  >({
    queryKey: storeQueryKeys.productList(client.clientId, query),
    queryFn: ({ signal }) => client.storefront.products(query, { signal }),
    select: toCatalogPage<StorefrontProduct>,
    retry: false,
  });
}

/**
 * Infinite-query options walking the pages of a product query by cursor: the first page is read
 * with the query's own `cursor` (none: the first page), each next one with the page before's
 * `nextCursor`, until a page has none. `pageParams` are those cursors (`null` for the first
 * page); each page of `data.pages` is a {@link CatalogPage}.
 *
 * @example
 * const { data, fetchNextPage } = useSuspenseInfiniteQuery(infiniteProductsQueryOptions(store, { limit: 24 }));
 */
export function infiniteProductsQueryOptions(
  client: StoreClient,
  query: StorefrontProductQuery = {},
) {
  return infiniteQueryOptions<
    CatalogPageData<StorefrontProduct>,
    VitrineError,
    InfiniteData<CatalogPage<StorefrontProduct>, string | null>,
    ReturnType<typeof storeQueryKeys.productPages>,
    string | null
  >({
    queryKey: storeQueryKeys.productPages(client.clientId, query),
    // `null`, not `undefined`: page params are dehydrated as JSON with the pages.
    initialPageParam: query.cursor ?? null,
    queryFn: ({ pageParam, signal }) =>
      client.storefront.products({ ...query, cursor: pageParam ?? undefined }, { signal }),
    getNextPageParam: (last) => last.nextCursor,
    select: toCatalogPages<StorefrontProduct, string | null>,
    retry: false,
  });
}

/**
 * Query options of one product with what its page shows (options, choices, variants with their
 * prices and stock), by id or `{ id }` or `{ slug }`: `null` when there is no such visible product.
 *
 * @example
 * const product = await queryClient.fetchQuery(productQueryOptions(store, { slug }));
 * if (product === null) notFound();
 */
export function productQueryOptions(client: StoreClient, ref: string | StorefrontRef) {
  const read = refOf(ref);
  return queryOptions<
    StorefrontProductDetail | null,
    VitrineError,
    StorefrontProductDetail | null,
    ReturnType<typeof storeQueryKeys.product>
  >({
    queryKey: storeQueryKeys.product(client.clientId, read),
    queryFn: ({ signal }) => client.storefront.product(read, { signal }),
    retry: false,
  });
}

/**
 * Query options of which variant some choices name and whether it can be bought: the product's
 * query ({@link productQueryOptions}: the same key, the same request, the same cache entry) with
 * a `select` that reads the answer from the product's variants.
 *
 * @example
 * const { data } = useSuspenseQuery(productOptionsAvailabilityQueryOptions(store, id, { Size: 'L' }));
 * data?.availableForPurchase;
 */
export function productOptionsAvailabilityQueryOptions(
  client: StoreClient,
  productRef: string | StorefrontRef,
  choices: OptionSelection,
) {
  return queryOptions<
    StorefrontProductDetail | null,
    VitrineError,
    VariantAvailability,
    ReturnType<typeof storeQueryKeys.product>
  >({
    ...productQueryOptions(client, productRef),
    select: (product) => variantAvailability(product, choices),
  });
}

/** What {@link variantsQueryOptions} (and `useVariants`) narrow a product's variants by. */
export interface VariantsInput {
  /** Option name → choice name: only the variants with these choices (an empty one is not made yet). */
  choices?: OptionSelection | undefined;
}

/**
 * Query options of a product's visible variants, narrowed by `choices`: the product's query
 * ({@link productQueryOptions}: the same key, request and cache entry) with a `select`. A product
 * that is not there has none.
 *
 * @example
 * const { data: variants } = useSuspenseQuery(variantsQueryOptions(store, id, { choices: { Size: 'L' } }));
 */
export function variantsQueryOptions(
  client: StoreClient,
  productRef: string | StorefrontRef,
  input: VariantsInput = {},
) {
  const choices = input.choices ?? {};
  return queryOptions<
    StorefrontProductDetail | null,
    VitrineError,
    StorefrontVariant[],
    ReturnType<typeof storeQueryKeys.product>
  >({
    ...productQueryOptions(client, productRef),
    select: (product) => variantsOf(product, choices),
  });
}

/**
 * Query options of one page of categories (a Catalog V1 store's collections); the cache holds a
 * {@link CatalogPageData}.
 *
 * @example
 * await queryClient.prefetchQuery(collectionsQueryOptions(store, { limit: 20 }));
 */
export function collectionsQueryOptions(client: StoreClient, query: StorefrontCategoryQuery = {}) {
  return queryOptions<
    CatalogPageData<StorefrontCategory>,
    VitrineError,
    CatalogPage<StorefrontCategory>,
    ReturnType<typeof storeQueryKeys.collectionList>
  >({
    queryKey: storeQueryKeys.collectionList(client.clientId, query),
    queryFn: ({ signal }) => client.storefront.categories(query, { signal }),
    select: toCatalogPage<StorefrontCategory>,
    retry: false,
  });
}

/**
 * Query options of one category (collection), by `{ id }` or `{ slug }`: `null` when there is none.
 *
 * @example
 * const category = await queryClient.fetchQuery(collectionQueryOptions(store, { slug: 'kitchen' }));
 */
export function collectionQueryOptions(client: StoreClient, ref: CollectionRef) {
  const read = refOf(ref);
  return queryOptions<
    StorefrontCategory | null,
    VitrineError,
    StorefrontCategory | null,
    ReturnType<typeof storeQueryKeys.collection>
  >({
    queryKey: storeQueryKeys.collection(client.clientId, read),
    queryFn: ({ signal }) => client.storefront.category(read, { signal }),
    retry: false,
  });
}

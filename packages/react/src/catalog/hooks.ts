'use client';
import {
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryKey,
  type UndefinedInitialDataInfiniteOptions,
  type UseInfiniteQueryResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  OptionSelection,
  StorefrontCategory,
  StorefrontCategoryQuery,
  StorefrontProduct,
  StorefrontProductDetail,
  StorefrontProductQuery,
  StorefrontRef,
  StorefrontVariant,
  VitrineError,
} from '@vitrine/sdk';
import { useRequiredClient } from '../context.js';
import type { CollectionRef, storeQueryKeys } from './query-keys.js';
import {
  collectionQueryOptions,
  collectionsQueryOptions,
  infiniteProductsQueryOptions,
  productQueryOptions,
  productsQueryOptions,
  toCatalogPage,
  toCatalogPages,
  type CatalogPage,
  type CatalogPageData,
  type VariantsInput,
} from './query-options.js';
import { variantAvailability, variantsOf, type VariantAvailability } from './selection.js';

// Catalog reads are TanStack queries over the SDK's storefront reads (`store.storefront`): one
// shape whichever catalog the store runs. Dedupe, caching, paging, Suspense (through the exported
// query options), hydration and devtools come from TanStack. Errors are the SDK's typed errors
// (`VitrineError` and its kinds). Each hook takes TanStack's query options, all but the key and
// the query function it sets.

type Keys = typeof storeQueryKeys;
type ProductKey = ReturnType<Keys['product']>;

/**
 * The `{ enabled }` every catalog hook has always taken: a subset of {@link CatalogQueryOptions}.
 */
export interface CatalogHookOptions {
  /**
   * `false` holds the query (for example until an id is known).
   * @default true
   */
  enabled?: boolean;
}

/**
 * TanStack's `useQuery` options for a catalog hook: everything but `queryKey` and `queryFn`,
 * which the hook sets (`staleTime`, `gcTime`, `select`, `placeholderData`, `refetchInterval`,
 * `throwOnError`, `meta`, `enabled`, `retry`…). `select` changes the type of `data`.
 * `retry` is `false` unless given: the SDK already retries what is safe to retry.
 *
 * @example
 * const { data: name } = useProduct(id, { select: (product) => product?.name, staleTime: 60_000 });
 */
export type CatalogQueryOptions<
  TQueryFnData,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
> = Omit<UseQueryOptions<TQueryFnData, VitrineError, TData, TQueryKey>, 'queryKey' | 'queryFn'>;

/**
 * {@link CatalogQueryOptions} of a paged hook (`useProducts`, `useCollections`): `select`
 * receives the {@link CatalogPage} the hook would return; `placeholderData` and `initialData`
 * are in the cached form, a {@link CatalogPageData}.
 *
 * @example
 * const { data: names } = useProducts(query, { select: (page) => page.items.map((p) => p.name) });
 */
export type CatalogPageQueryOptions<
  T,
  TData = CatalogPage<T>,
  TQueryKey extends QueryKey = QueryKey,
> = Omit<CatalogQueryOptions<CatalogPageData<T>, TData, TQueryKey>, 'select'> & {
  /** Picks or reshapes what the component gets from the page; `data` is its result. */
  select?: (page: CatalogPage<T>) => TData;
};

// Written with UndefinedInitialDataInfiniteOptions, whose type parameters are the same in every
// TanStack Query 5 release (UseInfiniteQueryOptions lost one, TQueryData, after 5.79).
/**
 * TanStack's `useInfiniteQuery` options for {@link useInfiniteProducts}: everything but
 * `queryKey`, `queryFn`, `initialPageParam` and `getNextPageParam`, which follow the pages'
 * cursors. `select` receives the pages as {@link CatalogPage}s.
 *
 * @example
 * const { data: products } = useInfiniteProducts(query, { select: (data) => data.pages.flatMap((page) => page.items), maxPages: 10 });
 */
export type UseInfiniteProductsOptions<
  TData = InfiniteData<CatalogPage<StorefrontProduct>, string | null>,
> = Omit<
  UndefinedInitialDataInfiniteOptions<
    CatalogPageData<StorefrontProduct>,
    VitrineError,
    TData,
    ReturnType<Keys['productPages']>,
    string | null
  >,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam' | 'select'
> & {
  /** Picks or reshapes what the component gets from the pages; `data` is its result. */
  select?: (data: InfiniteData<CatalogPage<StorefrontProduct>, string | null>) => TData;
};

/**
 * Options of {@link useProduct}: {@link CatalogQueryOptions} of a product (`null` when there is
 * no such product).
 *
 * @example
 * const { data: price } = useProduct(id, { select: (product) => product?.price.min });
 */
export type UseProductOptions<TData = StorefrontProductDetail | null> = CatalogQueryOptions<
  StorefrontProductDetail | null,
  TData,
  ProductKey
>;

/**
 * {@link CatalogQueryOptions} of a hook that reads something off the product's query
 * (`useProductOptionsAvailability`, `useVariants`): `select` receives what the hook would return;
 * `placeholderData` and `initialData` are in the cached form, the product (or `null`).
 *
 * @example
 * const { data: buyable } = useProductOptionsAvailability(id, choices, { select: (a) => a.availableForPurchase });
 */
export type ProductSelectOptions<TDerived, TData = TDerived> = Omit<
  CatalogQueryOptions<StorefrontProductDetail | null, TData, ProductKey>,
  'select'
> & {
  /** Picks or reshapes what the component gets; `data` is its result. */
  select?: (derived: TDerived) => TData;
};

/** Options of {@link useProductOptionsAvailability}. */
export type UseProductOptionsAvailabilityOptions<TData = VariantAvailability> =
  ProductSelectOptions<VariantAvailability, TData>;

/** Options of {@link useVariants}. */
export type UseVariantsOptions<TData = StorefrontVariant[]> = ProductSelectOptions<
  StorefrontVariant[],
  TData
>;

/** A hook's query options, before the caller's: they leave `select` to the caller. */
export type BaseOptions<TQueryFnData, TQueryKey extends QueryKey> = Omit<
  UseQueryOptions<TQueryFnData, VitrineError, TQueryFnData, TQueryKey>,
  'select'
>;

/** `false` while the hook waits for its id, else the caller's `enabled` (default `true`). */
function enabledWhen<E>(ready: boolean, enabled: E | undefined): E | boolean {
  return ready ? (enabled ?? true) : false;
}

/** Whether `ref` names something: a hook waits while it is missing or empty. */
function named(ref: string | StorefrontRef | undefined): ref is string | StorefrontRef {
  if (ref === undefined) return false;
  if (typeof ref === 'string') return ref !== '';
  return 'id' in ref ? ref.id !== '' : ref.slug !== '';
}

/** The caller's `select` applied to what `adapt` makes of the cached data, kept stable. */
function useAdaptedSelect<TCached, TAdapted, TData>(
  adapt: (cached: TCached) => TAdapted,
  select: ((adapted: TAdapted) => TData) | undefined,
): (cached: TCached) => TData {
  // TanStack runs `select` again only when the data or the function changes: a stable function
  // keeps the result (and the component's renders) as they are.
  return useMemo(
    () =>
      select === undefined
        ? (adapt as unknown as (cached: TCached) => TData)
        : (cached: TCached) => select(adapt(cached)),
    [adapt, select],
  );
}

/** `choices` as a stable text: the same choices (in any order) give the same text. */
function choicesKey(choices: OptionSelection): string {
  return JSON.stringify(Object.entries(choices).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The product's query, read through `derive` then the caller's `select`: the hooks that read
 * something off a product share its query (one request, one cache entry).
 */
function useProductQuery<TDerived, TData>(
  hook: string,
  ref: string | StorefrontRef | undefined,
  derive: (product: StorefrontProductDetail | null) => TDerived,
  options: ProductSelectOptions<TDerived, TData>,
): UseQueryResult<TData, VitrineError> {
  const client = useRequiredClient(hook);
  const { select, enabled, ...rest } = options;
  const base: BaseOptions<StorefrontProductDetail | null, ProductKey> = productQueryOptions(
    client,
    named(ref) ? ref : '',
  );
  return useQuery({
    ...base,
    ...rest,
    select: useAdaptedSelect(derive, select),
    enabled: enabledWhen(named(ref), enabled),
  });
}

/**
 * One page of products (`store.storefront.products(query)`): visible products only, in the
 * store's order or `sort`'s, 50 a page unless `limit` says. Filter by `categoryId` (a category's,
 * or on Catalog V1 a collection's, id) and search by `text`; read the next page with the page's
 * `nextCursor` as `cursor`. `data` is `{ items, nextCursor, totalCount?, hasNext() }`.
 *
 * @example
 * const { data, isPending, error } = useProducts({ categoryId, sort: 'price-asc', limit: 12 });
 * const more = data?.hasNext();
 * const { data: count } = useProducts(query, { select: (page) => page.items.length, staleTime: 60_000 });
 */
export function useProducts<TData = CatalogPage<StorefrontProduct>>(
  query: StorefrontProductQuery = {},
  options: CatalogPageQueryOptions<StorefrontProduct, TData, ReturnType<Keys['productList']>> = {},
): UseQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useProducts');
  const { select, ...rest } = options;
  return useQuery({
    ...productsQueryOptions(client, query),
    ...rest,
    select: useAdaptedSelect(toCatalogPage<StorefrontProduct>, select),
  });
}

/**
 * Every page of a product query, one more with each `fetchNextPage()` (infinite scroll): each
 * page is read with the one before's `nextCursor`; `hasNextPage` is `false` once a page has none.
 *
 * @example
 * const { data, fetchNextPage, hasNextPage } = useInfiniteProducts({ categoryId, limit: 24 });
 * const products = data?.pages.flatMap((page) => page.items) ?? [];
 */
export function useInfiniteProducts<
  TData = InfiniteData<CatalogPage<StorefrontProduct>, string | null>,
>(
  query: StorefrontProductQuery = {},
  options: UseInfiniteProductsOptions<TData> = {},
): UseInfiniteQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useInfiniteProducts');
  const { select, ...rest } = options;
  return useInfiniteQuery({
    ...infiniteProductsQueryOptions(client, query),
    ...rest,
    select: useAdaptedSelect(toCatalogPages<StorefrontProduct, string | null>, select),
  });
}

const productAsIs = (product: StorefrontProductDetail | null) => product;

/**
 * One product with what its page shows (options, choices, variants with prices and stock), by id
 * (a string or `{ id }`) or by `{ slug }`: `null` when there is no such visible product. Waits
 * while the id or slug is empty.
 *
 * @example
 * const { data: product, isPending } = useProduct({ slug });
 * if (product === null) return <NotFound />;
 * const { data: price } = useProduct(id, { select: (p) => p?.price.min });
 */
export function useProduct<TData = StorefrontProductDetail | null>(
  ref: string | StorefrontRef | undefined,
  options: UseProductOptions<TData> = {},
): UseQueryResult<TData, VitrineError> {
  return useProductQuery('useProduct', ref, productAsIs, options);
}

/**
 * Which variant the chosen options name and whether it can be bought (every option chosen, a
 * variant sold with them, in stock), read off the product's query: the same request and cache
 * entry as `useProduct(productRef)`, no call of its own. `variant` is `undefined` while an option
 * is still to pick. Waits while `productRef` is empty.
 *
 * @example
 * const { data } = useProductOptionsAvailability(product.id, { Size: 'L', Color: 'Blue' });
 * <button disabled={!data?.availableForPurchase}>Add to cart</button>
 */
export function useProductOptionsAvailability<TData = VariantAvailability>(
  productRef: string | StorefrontRef | undefined,
  choices: OptionSelection,
  options: UseProductOptionsAvailabilityOptions<TData> = {},
): UseQueryResult<TData, VitrineError> {
  const key = choicesKey(choices);
  // Kept while the choices are the same (a new object of the same choices included: `key` stands
  // for them), so the result is derived again only when the product or the choices change.
  const derive = useMemo(
    () => (product: StorefrontProductDetail | null) => variantAvailability(product, choices),
    [key],
  );
  return useProductQuery('useProductOptionsAvailability', productRef, derive, options);
}

/**
 * A product's visible variants, narrowed by `choices` when given, read off the product's query:
 * the same request and cache entry as `useProduct(productRef)`. `[]` for a product that is not
 * there. Waits while `productRef` is empty.
 *
 * @example
 * const { data: variants } = useVariants(product.id, { choices: { Size: 'L' } });
 */
export function useVariants<TData = StorefrontVariant[]>(
  productRef: string | StorefrontRef | undefined,
  input: VariantsInput = {},
  options: UseVariantsOptions<TData> = {},
): UseQueryResult<TData, VitrineError> {
  const choices = input.choices ?? {};
  const key = choicesKey(choices);
  // As in useProductOptionsAvailability: `key` stands for the choices.
  const derive = useMemo(
    () => (product: StorefrontProductDetail | null) => variantsOf(product, choices),
    [key],
  );
  return useProductQuery('useVariants', productRef, derive, options);
}

/**
 * One page of the store's categories (a Catalog V1 store's collections, without its "all
 * products" one): `{ items, nextCursor, totalCount?, hasNext() }`.
 *
 * @example
 * const { data } = useCollections({ limit: 20 });
 * data?.items.map((category) => <a href={`/collections/${category.slug}`}>{category.name}</a>);
 */
export function useCollections<TData = CatalogPage<StorefrontCategory>>(
  query: StorefrontCategoryQuery = {},
  options: CatalogPageQueryOptions<
    StorefrontCategory,
    TData,
    ReturnType<Keys['collectionList']>
  > = {},
): UseQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useCollections');
  const { select, ...rest } = options;
  return useQuery({
    ...collectionsQueryOptions(client, query),
    ...rest,
    select: useAdaptedSelect(toCatalogPage<StorefrontCategory>, select),
  });
}

/**
 * One category (collection), by `{ id }` or `{ slug }`: `null` when there is none. Waits while
 * the id or slug is empty.
 *
 * @example const { data: category } = useCollection({ slug: 'apparel' });
 */
export function useCollection<TData = StorefrontCategory | null>(
  ref: CollectionRef | undefined,
  options: CatalogQueryOptions<
    StorefrontCategory | null,
    TData,
    ReturnType<Keys['collection']>
  > = {},
): UseQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useCollection');
  const { enabled, ...rest } = options;
  const base: BaseOptions<
    StorefrontCategory | null,
    ReturnType<Keys['collection']>
  > = collectionQueryOptions(client, named(ref) ? ref : { id: '' });
  return useQuery({
    ...base,
    ...rest,
    enabled: enabledWhen(named(ref), enabled),
  });
}

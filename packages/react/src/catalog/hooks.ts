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
  VitrineError,
  Collection,
  CollectionQuery,
  Product,
  ProductOptionsAvailability,
  ProductQuery,
  ProductVariantsQuery,
  ProductVariantsResult,
} from '@vitrine/sdk';
import { useRequiredClient } from '../context.js';
import type { CollectionRef, storeQueryKeys } from './query-keys.js';
import {
  collectionQueryOptions,
  collectionsQueryOptions,
  infiniteProductsQueryOptions,
  productOptionsAvailabilityQueryOptions,
  productQueryOptions,
  productsQueryOptions,
  toCatalogPage,
  toCatalogPages,
  variantsQueryOptions,
  type CatalogPage,
  type CatalogPageData,
} from './query-options.js';

// Catalog reads are TanStack queries: dedupe, caching, paging, Suspense (through the exported
// query options), hydration and devtools come from there. Errors are the SDK's typed errors
// (`VitrineError` and its kinds).
// Each hook takes TanStack's query options, all but the key and the query function it sets.

type Keys = typeof storeQueryKeys;

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
 * const { data: name } = useProduct(id, { select: (product) => product.name, staleTime: 60_000 });
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
 * `queryKey`, `queryFn`, `initialPageParam` and `getNextPageParam`, which follow the query's
 * offset paging. `select` receives the pages as {@link CatalogPage}s.
 *
 * @example
 * const { data: products } = useInfiniteProducts(query, { select: (data) => data.pages.flatMap((page) => page.items), maxPages: 10 });
 */
export type UseInfiniteProductsOptions<TData = InfiniteData<CatalogPage<Product>, number>> = Omit<
  UndefinedInitialDataInfiniteOptions<
    CatalogPageData<Product>,
    VitrineError,
    TData,
    ReturnType<Keys['productPages']>,
    number
  >,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam' | 'select'
> & {
  /** Picks or reshapes what the component gets from the pages; `data` is its result. */
  select?: (data: InfiniteData<CatalogPage<Product>, number>) => TData;
};

/**
 * Options of {@link useProduct}: {@link CatalogQueryOptions} and `includeMerchantSpecificData`.
 *
 * @example
 * const { data: cost } = useProduct(id, { includeMerchantSpecificData: true, select: (product) => product.costRange });
 */
export type UseProductOptions<TData = Product> = CatalogQueryOptions<
  Product,
  TData,
  ReturnType<Keys['product']>
> & {
  /** Include costs, profits and cost ranges (merchant side). @default false */
  includeMerchantSpecificData?: boolean;
};

/** A hook's query options, before the caller's: they leave `select` to the caller. */
export type BaseOptions<TQueryFnData, TQueryKey extends QueryKey> = Omit<
  UseQueryOptions<TQueryFnData, VitrineError, TQueryFnData, TQueryKey>,
  'select'
>;

/** `false` while the hook waits for its id, else the caller's `enabled` (default `true`). */
function enabledWhen<E>(ready: boolean, enabled: E | undefined): E | boolean {
  return ready ? (enabled ?? true) : false;
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

/**
 * One page of products matching `query` (`{ filter?, sort?, paging? }`, 50 per page by default):
 * `{ items, totalCount, paging, hasNext() }`.
 *
 * @example
 * const { data, isPending, error } = useProducts({ filter: { collectionIds: { $hasSome: [id] } }, paging: { limit: 12 } });
 * const more = data?.hasNext();
 * const { data: count } = useProducts(query, { select: (page) => page.items.length, staleTime: 60_000 });
 */
export function useProducts<TData = CatalogPage<Product>>(
  query: ProductQuery = {},
  options: CatalogPageQueryOptions<Product, TData, ReturnType<Keys['productList']>> = {},
): UseQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useProducts');
  const { select, ...rest } = options;
  return useQuery({
    ...productsQueryOptions(client, query),
    ...rest,
    select: useAdaptedSelect(toCatalogPage<Product>, select),
  });
}

/**
 * Every page of a product query, one more with each `fetchNextPage()` (infinite scroll).
 *
 * @example
 * const { data, fetchNextPage, hasNextPage } = useInfiniteProducts({ paging: { limit: 24 } });
 * const products = data?.pages.flatMap((page) => page.items) ?? [];
 */
export function useInfiniteProducts<TData = InfiniteData<CatalogPage<Product>, number>>(
  query: ProductQuery = {},
  options: UseInfiniteProductsOptions<TData> = {},
): UseInfiniteQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useInfiniteProducts');
  const { select, ...rest } = options;
  return useInfiniteQuery({
    ...infiniteProductsQueryOptions(client, query),
    ...rest,
    select: useAdaptedSelect(toCatalogPages<Product, number>, select),
  });
}

/**
 * One product. Waits while `id` is empty.
 * @example
 * const { data: product } = useProduct(id);
 * const { data: costs } = useProduct(id, { includeMerchantSpecificData: true, select: (p) => p.costRange });
 */
export function useProduct<TData = Product>(
  id: string | undefined,
  options: UseProductOptions<TData> = {},
): UseQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useProduct');
  const { includeMerchantSpecificData, enabled, ...rest } = options;
  const base: BaseOptions<Product, ReturnType<Keys['product']>> = productQueryOptions(
    client,
    id ?? '',
    includeMerchantSpecificData === undefined ? {} : { includeMerchantSpecificData },
  );
  return useQuery({
    ...base,
    ...rest,
    enabled: enabledWhen(Boolean(id), enabled),
  });
}

/**
 * Which variant the chosen options select, its price and whether it can be bought. Waits while
 * `productId` is empty.
 * @example const { data } = useProductOptionsAvailability(product.id, { Size: 'L', Color: 'Blue' });
 */
export function useProductOptionsAvailability<TData = ProductOptionsAvailability>(
  productId: string | undefined,
  choices: Record<string, string>,
  options: CatalogQueryOptions<
    ProductOptionsAvailability,
    TData,
    ReturnType<Keys['optionsAvailability']>
  > = {},
): UseQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useProductOptionsAvailability');
  const { enabled, ...rest } = options;
  const base: BaseOptions<
    ProductOptionsAvailability,
    ReturnType<Keys['optionsAvailability']>
  > = productOptionsAvailabilityQueryOptions(client, productId ?? '', choices);
  return useQuery({
    ...base,
    ...rest,
    enabled: enabledWhen(Boolean(productId), enabled),
  });
}

/**
 * A product's variants, optionally narrowed by choices or variant ids.
 * @example const { data } = useVariants(product.id, { choices: { Size: 'L' } });
 */
export function useVariants<TData = ProductVariantsResult>(
  productId: string | undefined,
  input: ProductVariantsQuery = {},
  options: CatalogQueryOptions<ProductVariantsResult, TData, ReturnType<Keys['variants']>> = {},
): UseQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useVariants');
  const { enabled, ...rest } = options;
  const base: BaseOptions<
    ProductVariantsResult,
    ReturnType<Keys['variants']>
  > = variantsQueryOptions(client, productId ?? '', input);
  return useQuery({
    ...base,
    ...rest,
    enabled: enabledWhen(Boolean(productId), enabled),
  });
}

/**
 * One page of collections: `{ items, totalCount, paging, hasNext() }`.
 * @example const { data } = useCollections({ sort: [{ fieldName: 'name', order: 'ASC' }] });
 */
export function useCollections<TData = CatalogPage<Collection>>(
  query: CollectionQuery = {},
  options: CatalogPageQueryOptions<Collection, TData, ReturnType<Keys['collectionList']>> = {},
): UseQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useCollections');
  const { select, ...rest } = options;
  return useQuery({
    ...collectionsQueryOptions(client, query),
    ...rest,
    select: useAdaptedSelect(toCatalogPage<Collection>, select),
  });
}

/**
 * One collection, by id or by slug. Waits while the id or slug is empty.
 * @example const { data: collection } = useCollection({ slug: 'apparel' });
 */
export function useCollection<TData = Collection>(
  by: CollectionRef | undefined,
  options: CatalogQueryOptions<Collection, TData, ReturnType<Keys['collection']>> = {},
): UseQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useCollection');
  const ref = by ?? { id: '' };
  const key = 'id' in ref ? ref.id : ref.slug;
  const { enabled, ...rest } = options;
  const base: BaseOptions<Collection, ReturnType<Keys['collection']>> = collectionQueryOptions(
    client,
    ref,
  );
  return useQuery({
    ...base,
    ...rest,
    enabled: enabledWhen(key !== '', enabled),
  });
}

'use client';
import {
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type UseInfiniteQueryResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import type {
  Collection,
  CollectionQuery,
  Product,
  ProductOptionsAvailability,
  ProductQuery,
  ProductVariantsQuery,
  ProductVariantsResult,
} from '@vitrine/sdk';
import { useRequiredClient } from '../context.js';
import type { CollectionRef } from './query-keys.js';
import {
  collectionQueryOptions,
  collectionsQueryOptions,
  infiniteProductsQueryOptions,
  productOptionsAvailabilityQueryOptions,
  productQueryOptions,
  productsQueryOptions,
  variantsQueryOptions,
  type CatalogPage,
} from './query-options.js';

// Catalog reads are TanStack queries: dedupe, caching, paging, Suspense (through the exported
// query options), hydration and devtools come from there. Errors are the SDK's typed errors.

/** Options every catalog hook takes. */
export interface CatalogHookOptions {
  /**
   * `false` holds the query (for example until an id is known).
   * @default true
   */
  enabled?: boolean;
}

/**
 * One page of products matching `query` (`{ filter?, sort?, paging? }`, 50 per page by default).
 *
 * @example
 * const { data, isPending, error } = useProducts({ filter: { collectionIds: { $hasSome: [id] } }, paging: { limit: 12 } });
 */
export function useProducts(
  query: ProductQuery = {},
  options: CatalogHookOptions = {},
): UseQueryResult<CatalogPage<Product>, Error> {
  const client = useRequiredClient('useProducts');
  return useQuery({ ...productsQueryOptions(client, query), enabled: options.enabled ?? true });
}

/**
 * Every page of a product query, one more with each `fetchNextPage()` (infinite scroll).
 *
 * @example
 * const { data, fetchNextPage, hasNextPage } = useInfiniteProducts({ paging: { limit: 24 } });
 * const products = data?.pages.flatMap((page) => page.items) ?? [];
 */
export function useInfiniteProducts(
  query: ProductQuery = {},
  options: CatalogHookOptions = {},
): UseInfiniteQueryResult<InfiniteData<CatalogPage<Product>, number>, Error> {
  const client = useRequiredClient('useInfiniteProducts');
  return useInfiniteQuery({
    ...infiniteProductsQueryOptions(client, query),
    enabled: options.enabled ?? true,
  });
}

/**
 * One product. Waits while `id` is empty.
 * @example const { data: product } = useProduct(id);
 */
export function useProduct(
  id: string | undefined,
  options: CatalogHookOptions & { includeMerchantSpecificData?: boolean } = {},
): UseQueryResult<Product, Error> {
  const client = useRequiredClient('useProduct');
  const { enabled = true, ...rest } = options;
  return useQuery({
    ...productQueryOptions(client, id ?? '', rest),
    enabled: enabled && Boolean(id),
  });
}

/**
 * Which variant the chosen options select, its price and whether it can be bought. Waits while
 * `productId` is empty.
 * @example const { data } = useProductOptionsAvailability(product.id, { Size: 'L', Color: 'Blue' });
 */
export function useProductOptionsAvailability(
  productId: string | undefined,
  choices: Record<string, string>,
  options: CatalogHookOptions = {},
): UseQueryResult<ProductOptionsAvailability, Error> {
  const client = useRequiredClient('useProductOptionsAvailability');
  return useQuery({
    ...productOptionsAvailabilityQueryOptions(client, productId ?? '', choices),
    enabled: (options.enabled ?? true) && Boolean(productId),
  });
}

/**
 * A product's variants, optionally narrowed by choices or variant ids.
 * @example const { data } = useVariants(product.id, { choices: { Size: 'L' } });
 */
export function useVariants(
  productId: string | undefined,
  input: ProductVariantsQuery = {},
  options: CatalogHookOptions = {},
): UseQueryResult<ProductVariantsResult, Error> {
  const client = useRequiredClient('useVariants');
  return useQuery({
    ...variantsQueryOptions(client, productId ?? '', input),
    enabled: (options.enabled ?? true) && Boolean(productId),
  });
}

/**
 * One page of collections.
 * @example const { data } = useCollections({ sort: [{ fieldName: 'name', order: 'ASC' }] });
 */
export function useCollections(
  query: CollectionQuery = {},
  options: CatalogHookOptions = {},
): UseQueryResult<CatalogPage<Collection>, Error> {
  const client = useRequiredClient('useCollections');
  return useQuery({ ...collectionsQueryOptions(client, query), enabled: options.enabled ?? true });
}

/**
 * One collection, by id or by slug. Waits while the id or slug is empty.
 * @example const { data: collection } = useCollection({ slug: 'apparel' });
 */
export function useCollection(
  by: CollectionRef | undefined,
  options: CatalogHookOptions = {},
): UseQueryResult<Collection, Error> {
  const client = useRequiredClient('useCollection');
  const ref = by ?? { id: '' };
  const key = 'id' in ref ? ref.id : ref.slug;
  return useQuery({
    ...collectionQueryOptions(client, ref),
    enabled: (options.enabled ?? true) && key !== '',
  });
}

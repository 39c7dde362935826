/**
 * The catalog's cached reads (`'use cache'`): each answer tagged with what it holds (the SDK's
 * cache tags), so a webhook expires exactly what changed, and kept for the `vitrine-catalog`
 * cache life (`withVitrine` defines it; a shop may change it). Their arguments are the cache key:
 * a slug or a query, never an address, a token or a key (the store comes from the environment).
 * Next.js lets a request invoke a cached function by its id with arguments of the request's
 * choosing, so each checks them again, and answers nothing for bad ones. Answers are plain data.
 */
import { cacheLife, cacheTag } from 'next/cache';
import {
  StoreArgumentError,
  collectionCacheTag,
  collectionListCacheTags,
  isStoreApiError,
  productCacheTag,
  productListCacheTags,
  type Collection,
  type CollectionQuery,
  type Product,
  type ProductQuery,
} from '@vitrine/sdk';
import { CATALOG_CACHE_LIFE } from './cache-life.js';
import { catalogClient } from './catalog-client.js';

/** A cached list: a page of items, how many match in all, and where the page stands. */
export interface CatalogList<T> {
  items: readonly T[];
  /** How many items match in all, when the platform says. */
  totalCount: number | undefined;
  /** The page's paging. */
  paging: { limit: number; offset: number };
  /** Whether items follow this page. */
  hasNext: boolean;
}

/** The most items one cached list holds. */
export const MAX_LIST_LIMIT = 100;

/** Products matching `query`, cached (none for a query out of bounds: see {@link checkQuery}). */
export async function cachedProducts(query: ProductQuery): Promise<CatalogList<Product>> {
  'use cache';
  const checked = validQuery(query);
  cacheLife(checked === undefined ? REFUSED_LIFE : CATALOG_CACHE_LIFE);
  if (checked === undefined) return NOTHING;
  const page = await catalogClient().products.query(checked);
  cacheTag(...productListCacheTags(checked, page.items));
  return listOf(page);
}

/** The product with this slug, with its variants, cached (`null` when none). */
export async function cachedProductBySlug(slug: string): Promise<Product | null> {
  'use cache';
  const valid = isSlug(slug);
  cacheLife(valid ? CATALOG_CACHE_LIFE : REFUSED_LIFE);
  if (!valid) return null;
  const product = await catalogClient().products.getBySlug(slug);
  // Tagged as the list it is, found or not: a product given this slug later expires it.
  cacheTag(...productListCacheTags({ filter: { slug } }, product ? [product] : []));
  return product;
}

/** Collections matching `query`, cached. */
export async function cachedCollections(query: CollectionQuery): Promise<CatalogList<Collection>> {
  'use cache';
  const checked = validQuery(query);
  cacheLife(checked === undefined ? REFUSED_LIFE : CATALOG_CACHE_LIFE);
  if (checked === undefined) return NOTHING;
  const page = await catalogClient().collections.query(checked);
  cacheTag(...collectionListCacheTags(checked, page.items));
  return listOf(page);
}

/** The collection with this slug, cached (`null` when none). */
export async function cachedCollectionBySlug(slug: string): Promise<Collection | null> {
  'use cache';
  const valid = isSlug(slug);
  cacheLife(valid ? CATALOG_CACHE_LIFE : REFUSED_LIFE);
  if (!valid) return null;
  let collection: Collection | null;
  try {
    collection = await catalogClient().collections.getBySlug(slug);
  } catch (error) {
    if (!isStoreApiError(error) || error.status !== 404) throw error;
    collection = null;
  }
  cacheTag(...collectionListCacheTags({ filter: { slug } }, collection ? [collection] : []));
  if (collection) cacheTag(collectionCacheTag(collection.id));
  return collection;
}

/** One product by id, cached (for a page that links by id). */
export async function cachedProduct(id: string): Promise<Product | null> {
  'use cache';
  const valid = isSlug(id);
  cacheLife(valid ? CATALOG_CACHE_LIFE : REFUSED_LIFE);
  if (!valid) return null;
  try {
    const product = await catalogClient().products.get(id);
    cacheTag(productCacheTag(product.id));
    return product;
  } catch (error) {
    if (!isStoreApiError(error) || error.status !== 404) throw error;
    cacheTag(productCacheTag(id));
    return null;
  }
}

function listOf<T>(page: {
  items: readonly T[];
  totalCount?: number | undefined;
  paging: { limit: number; offset: number };
  hasNext(): boolean;
}): CatalogList<T> {
  return {
    items: page.items,
    totalCount: page.totalCount,
    paging: { limit: page.paging.limit, offset: page.paging.offset },
    hasNext: page.hasNext(),
  };
}

// A request may invoke a cached function by its id with arguments of its choosing: a bad one
// answers nothing (kept a moment only), never an error Next would answer with a 500. The
// public functions (catalog.ts) check their arguments first and throw for a developer's mistake.
const REFUSED_LIFE = 'seconds';
const NOTHING: CatalogList<never> = {
  items: [],
  totalCount: 0,
  paging: { limit: 0, offset: 0 },
  hasNext: false,
};

function isSlug(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= 200;
}

/**
 * Throws for a slug (or id) that is not one.
 * @throws {StoreArgumentError} naming `argument`.
 */
export function checkSlug(value: unknown, argument = 'slug'): void {
  if (!isSlug(value)) {
    throw new StoreArgumentError(argument, 'must be a non-empty string of at most 200 characters');
  }
}

/** `query` when the platform may take it, with at most {@link MAX_LIST_LIMIT} items a page. */
function validQuery<Q extends ProductQuery | CollectionQuery>(query: Q): Q | undefined {
  try {
    checkQuery(query);
    return query;
  } catch {
    return undefined;
  }
}

/**
 * Throws for a query the platform would not take: not an object, or a page of more than
 * {@link MAX_LIST_LIMIT} items.
 * @throws {StoreArgumentError} naming what was wrong.
 */
export function checkQuery(query: unknown): void {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) {
    throw new StoreArgumentError('query', 'must be an object: { filter?, sort?, paging? }');
  }
  const paging = (query as { paging?: unknown }).paging;
  if (paging !== undefined && (typeof paging !== 'object' || paging === null)) {
    throw new StoreArgumentError('query.paging', 'must be an object: { limit?, offset? }');
  }
  const { limit = 50, offset = 0 } = (paging ?? {}) as { limit?: unknown; offset?: unknown };
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_LIST_LIMIT) {
    throw new StoreArgumentError(
      'query.paging.limit',
      `must be a whole number from 1 to ${MAX_LIST_LIMIT}`,
    );
  }
  if (!Number.isInteger(offset) || (offset as number) < 0) {
    throw new StoreArgumentError('query.paging.offset', 'must be a whole number from 0');
  }
}

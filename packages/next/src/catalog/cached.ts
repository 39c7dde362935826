/**
 * The catalog's cached reads (`'use cache'`), through the SDK's storefront model: one shape
 * whichever catalog the store runs (V1 or V3), the version read once per server process (the
 * catalog client is the process's own). Each answer is tagged with what it holds (the SDK's cache
 * tags), so a webhook expires exactly what changed, and kept for the `vitrine-catalog` cache life
 * (`withVitrine` defines it; a shop may change it). Their arguments are the cache key: a slug or
 * a query, never an address, a token or a key (the store comes from the environment). Next.js
 * lets a request invoke a cached function by its id with arguments of the request's choosing, so
 * a bad one answers nothing (kept a moment only) and says why to the public functions
 * (catalog.ts), which throw it for a developer's mistake. Answers are plain data.
 */
import { cacheLife, cacheTag } from 'next/cache';
import {
  collectionCacheTag,
  collectionListCacheTags,
  isStoreArgumentError,
  productCacheTag,
  storefrontProductListCacheTags,
  type StorefrontCategory,
  type StorefrontCategoryQuery,
  type StorefrontPage,
  type StorefrontProduct,
  type StorefrontProductDetail,
  type StorefrontProductQuery,
} from '@vitrine/sdk';
import { CATALOG_CACHE_LIFE } from './cache-life.js';
import { catalogClient } from './catalog-client.js';

/** A cached list: a page of items, and where the next one starts. */
export interface CatalogList<T> {
  items: readonly T[];
  /** Pass it as `cursor` for the page after this one; `null` on the last page. */
  nextCursor: string | null;
  /** Whether items follow this page (`nextCursor !== null`). */
  hasNext: boolean;
  /** How many items match in all, when the catalog says (Catalog V1 does). */
  totalCount: number | undefined;
}

/** Why a cached read answered nothing: an argument the SDK refused (see catalog.ts). */
export interface Refusal {
  argument: string;
  message: string;
}

/** A cached answer: what the read found, or nothing and why. */
export type Cached<T> = { value: T; refused?: undefined } | { value: T; refused: Refusal };

/** Products matching `query`, cached. */
export async function cachedProducts(
  query: StorefrontProductQuery = {},
): Promise<Cached<CatalogList<StorefrontProduct>>> {
  'use cache';
  cacheLife(CATALOG_CACHE_LIFE);
  return orRefused(NOTHING, async () => {
    const page = await catalogClient().storefront.products(query);
    cacheTag(...storefrontProductListCacheTags(tagQueryOf(query), page.items));
    return listOf(page);
  });
}

/** The visible product with this slug, as its page shows it, cached (`null` when none). */
export async function cachedProductBySlug(
  slug: string,
): Promise<Cached<StorefrontProductDetail | null>> {
  'use cache';
  cacheLife(CATALOG_CACHE_LIFE);
  return orRefused(null, async () => {
    const product = await catalogClient().storefront.product({ slug });
    // Tagged as the list it is, found or not: a product given this slug later expires it.
    cacheTag(...storefrontProductListCacheTags({ slug }, product ? [product] : []));
    return product;
  });
}

/** The visible product with this id, cached (`null` when none): what a cart form names. */
export async function cachedProductById(
  id: string,
): Promise<Cached<StorefrontProductDetail | null>> {
  'use cache';
  cacheLife(CATALOG_CACHE_LIFE);
  return orRefused(null, async () => {
    const product = await catalogClient().storefront.product({ id });
    // An id is never given to another product: its own tag covers every change of it.
    cacheTag(productCacheTag(id));
    return product;
  });
}

/** Categories (collections) matching `query`, cached. */
export async function cachedCollections(
  query: StorefrontCategoryQuery = {},
): Promise<Cached<CatalogList<StorefrontCategory>>> {
  'use cache';
  cacheLife(CATALOG_CACHE_LIFE);
  return orRefused(NOTHING, async () => {
    const page = await catalogClient().storefront.categories(query);
    const byName = query.sort !== undefined && query.sort !== 'featured';
    cacheTag(
      ...collectionListCacheTags(byName ? { sort: [{ fieldName: 'name' }] } : {}, page.items),
    );
    return listOf(page);
  });
}

/** The category (collection) with this slug, cached (`null` when none). */
export async function cachedCollectionBySlug(
  slug: string,
): Promise<Cached<StorefrontCategory | null>> {
  'use cache';
  cacheLife(CATALOG_CACHE_LIFE);
  return orRefused(null, async () => {
    const category = await catalogClient().storefront.category({ slug });
    cacheTag(...collectionListCacheTags({ filter: { slug } }, category ? [category] : []));
    if (category) cacheTag(collectionCacheTag(category.id));
    return category;
  });
}

/**
 * `read`'s answer; for an argument the SDK refuses (sent nowhere), `nothing`, kept a moment
 * only, with the refusal. The platform's own refusals and failures are thrown, never cached.
 */
async function orRefused<T>(nothing: T, read: () => Promise<T>): Promise<Cached<T>> {
  try {
    return { value: await read() };
  } catch (error) {
    if (!isStoreArgumentError(error)) throw error;
    // The shortest cache life given wins (Next keeps the smallest).
    cacheLife(REFUSED_LIFE);
    return { value: nothing, refused: { argument: error.argument, message: error.message } };
  }
}

/** The fields of a product query its tags depend on (a plain object, whatever was passed). */
function tagQueryOf(query: StorefrontProductQuery) {
  return {
    text: query.text,
    categoryId: query.categoryId,
    ribbon: query.ribbon,
    sort: query.sort,
  };
}

function listOf<T>(page: StorefrontPage<T>): CatalogList<T> {
  return {
    items: page.items,
    nextCursor: page.nextCursor,
    hasNext: page.nextCursor !== null,
    totalCount: page.totalCount,
  };
}

const REFUSED_LIFE = 'seconds';
const NOTHING: CatalogList<never> = {
  items: [],
  nextCursor: null,
  hasNext: false,
  totalCount: 0,
};

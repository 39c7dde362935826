/**
 * The catalog as a shop's server components read it: the SDK's storefront model (one shape on a
 * Catalog V1 and on a Catalog V3 store), through the cached reads (cached.ts). During
 * `next build` each waits for a request (`connection()`), so a build prerenders none of it and
 * needs no store: the store's address is read from the environment of the server that runs the
 * shop, and one build runs against any store. On that server they do not: a page whose catalog
 * is all it reads (its shopper's parts follow the shopper's hint, `HintedStoreIsland`) is
 * rendered once per URL and kept whole in Next's cache (ISR), tagged with its entries' tags, so
 * a webhook expires it with them. A warm entry answers without asking the platform.
 */
import { connection } from 'next/server';
import {
  StoreArgumentError,
  type ProductSortOrder,
  type StorefrontCategory,
  type StorefrontCategoryQuery,
  type StorefrontProduct,
  type StorefrontProductDetail,
  type StorefrontProductQuery,
} from '@vitrine/sdk';
import {
  cachedCollectionBySlug,
  cachedCollections,
  cachedProductBySlug,
  cachedProducts,
  type Cached,
  type CatalogList,
} from './cached.js';

export type { CatalogList };

/**
 * A page of products (visible ones, at most 100 a page, 50 by default), from the cache: a grid,
 * a ribbon's products, a cart's recommendations by `ids`.
 * @example const { items } = await getProducts({ ribbon: 'Bestseller', limit: 8 });
 * @throws {StoreArgumentError} for a query out of bounds (a limit over 100, an unknown sort…).
 * @throws {StoreApiError} when the platform refuses the query or cannot be reached (cold cache).
 */
export async function getProducts(
  query: StorefrontProductQuery = {},
): Promise<CatalogList<StorefrontProduct>> {
  await storeAtHand();
  return valueOf(await cachedProducts(query));
}

/**
 * The visible product with this slug, as its page shows it (options, choices, variants with
 * their prices and stock), or `null` when there is none.
 * @example
 * const product = await getProductBySlug(slug);
 * if (!product) notFound();
 */
export async function getProductBySlug(slug: string): Promise<StorefrontProductDetail | null> {
  await storeAtHand();
  return valueOf(await cachedProductBySlug(slug));
}

/**
 * A page of the store's collections (categories, on Catalog V3), without the "all products" one.
 * @example const { items } = await getCollections({ sort: 'name-asc' });
 */
export async function getCollections(
  query: StorefrontCategoryQuery = {},
): Promise<CatalogList<StorefrontCategory>> {
  await storeAtHand();
  return valueOf(await cachedCollections(query));
}

/** The collection (category) with this slug, or `null` when there is none. */
export async function getCollectionBySlug(slug: string): Promise<StorefrontCategory | null> {
  await storeAtHand();
  return valueOf(await cachedCollectionBySlug(slug));
}

/**
 * A page of the products of a collection (by its id), sorted as `query` says.
 * @example const { items, nextCursor } = await getCollectionProducts(collection.id, { limit: 24 });
 */
export async function getCollectionProducts(
  collectionId: string,
  query: Omit<StorefrontProductQuery, 'categoryId'> = {},
): Promise<CatalogList<StorefrontProduct>> {
  if (typeof collectionId !== 'string' || collectionId.trim() === '') {
    throw new StoreArgumentError('collectionId', 'must be a non-empty string');
  }
  return getProducts({ ...query, categoryId: collectionId });
}

/** What {@link searchProducts} takes: an address's `?q=`, `?sort=` and `?after=`, say. */
export interface ProductSearch {
  /** Words the product's name holds. */
  text?: string | undefined;
  /** Only the products of this collection (its id). */
  collectionId?: string | undefined;
  /** @default 'featured' (the store's own order) */
  sort?: ProductSortOrder | undefined;
  /** Products a page, 1 to 100. @default 24 */
  limit?: number | undefined;
  /** Where the page starts: the `nextCursor` of the page before. Leave it out for the first. */
  cursor?: string | undefined;
}

/**
 * A page of products found by name, in one of the sort orders (`PRODUCT_SORT_ORDERS`), from the
 * cache: one entry per search and page.
 * @example const found = await searchProducts({ text: q, sort: parseProductSortOrder(sort), cursor: after });
 */
export async function searchProducts(
  search: ProductSearch = {},
): Promise<CatalogList<StorefrontProduct>> {
  if (typeof search !== 'object' || search === null) {
    throw new StoreArgumentError('search', 'must be an object: { text?, sort?, limit?, cursor? }');
  }
  const { text, collectionId, sort, limit = 24, cursor } = search;
  const trimmed = typeof text === 'string' ? text.trim() : text;
  return getProducts({
    ...(trimmed ? { text: trimmed } : {}),
    ...(collectionId !== undefined ? { categoryId: collectionId } : {}),
    ...(sort !== undefined ? { sort } : {}),
    limit,
    ...(cursor ? { cursor } : {}),
  });
}

/** A cached answer, or the refusal of its argument thrown for the developer to see. */
function valueOf<T>(cached: Cached<T>): T {
  if (cached.refused) {
    const { argument, message } = cached.refused;
    throw new StoreArgumentError(argument, message.replace(/^Invalid argument "[^"]*": /, ''));
  }
  return cached.value;
}

/**
 * During `next build`, a request-time read (`connection()`): the build has no store. On the
 * server that runs the shop, nothing: the page may be kept whole.
 */
async function storeAtHand(): Promise<void> {
  if (process.env.NEXT_PHASE === 'phase-production-build') await connection();
}

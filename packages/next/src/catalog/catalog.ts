/**
 * The catalog as a shop's server components read it: the cached reads (cached.ts). During
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
  productSortQuery,
  type Collection,
  type CollectionQuery,
  type Product,
  type ProductQuery,
  type ProductSortOrder,
} from '@vitrine/sdk';
import {
  MAX_LIST_LIMIT,
  cachedCollectionBySlug,
  checkQuery,
  checkSlug,
  cachedCollections,
  cachedProductBySlug,
  cachedProducts,
  type CatalogList,
} from './cached.js';

export type { CatalogList };

/**
 * Products matching `query` (at most 100 a page), from the cache.
 * @example const { items } = await getProducts({ filter: { ribbon: 'Bestseller' }, paging: { limit: 8 } });
 * @throws {StoreArgumentError} for a page of more than 100 items.
 * @throws {StoreApiError} when the platform refuses the query or cannot be reached (cold cache).
 */
export async function getProducts(query: ProductQuery = {}): Promise<CatalogList<Product>> {
  checkQuery(query);
  await storeAtHand();
  return cachedProducts(query);
}

/**
 * The visible product with this slug, with its variants (one platform call when cold), or
 * `null` when there is none.
 * @example
 * const product = await getProductBySlug(slug);
 * if (!product) notFound();
 */
export async function getProductBySlug(slug: string): Promise<Product | null> {
  checkSlug(slug);
  await storeAtHand();
  return cachedProductBySlug(slug);
}

/** Collections matching `query`, from the cache. @example await getCollections({ sort: [{ fieldName: 'name', order: 'ASC' }] }) */
export async function getCollections(
  query: CollectionQuery = {},
): Promise<CatalogList<Collection>> {
  checkQuery(query);
  await storeAtHand();
  return cachedCollections(query);
}

/** The collection with this slug, or `null` when there is none. */
export async function getCollectionBySlug(slug: string): Promise<Collection | null> {
  checkSlug(slug);
  await storeAtHand();
  return cachedCollectionBySlug(slug);
}

/**
 * The products of a collection (by its id), filtered and sorted as `query` says.
 * @example const { items } = await getCollectionProducts(collection.id, { paging: { limit: 24 } });
 */
export async function getCollectionProducts(
  collectionId: string,
  query: ProductQuery = {},
): Promise<CatalogList<Product>> {
  if (typeof collectionId !== 'string' || collectionId === '') {
    throw new StoreArgumentError('collectionId', 'must be a non-empty string');
  }
  checkQuery(query);
  await storeAtHand();
  return cachedProducts({
    ...query,
    filter: { ...query.filter, 'collections.id': { $hasSome: [collectionId] } },
  });
}

/** What {@link searchProducts} takes: an address's `?q=`, `?sort=` and `?page=`, say. */
export interface ProductSearch {
  /** Words the product's name contains. */
  text?: string | undefined;
  /** Only the products of this collection (its id). */
  collectionId?: string | undefined;
  /** @default 'featured' (the store's own order) */
  sort?: ProductSortOrder | undefined;
  /** Products a page, 1 to 100. @default 24 */
  limit?: number | undefined;
  /** The page, from 1. @default 1 */
  page?: number | undefined;
}

/**
 * A page of products found by name, in one of the sort orders (`PRODUCT_SORT_ORDERS`), from the
 * cache: one entry per search.
 * @example const found = await searchProducts({ text: q, sort: parseProductSortOrder(sort), page });
 */
export async function searchProducts(search: ProductSearch = {}): Promise<CatalogList<Product>> {
  const limit = search.limit ?? 24;
  const page = search.page ?? 1;
  if (!Number.isInteger(page) || page < 1 || page > 10_000) {
    throw new StoreArgumentError('search.page', 'must be a whole number from 1');
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw new StoreArgumentError(
      'search.limit',
      `must be a whole number from 1 to ${MAX_LIST_LIMIT}`,
    );
  }
  const text = search.text?.trim().slice(0, 100);
  const filter: Record<string, unknown> = {};
  if (text) filter.name = { $contains: text };
  if (search.collectionId) filter['collections.id'] = { $hasSome: [search.collectionId] };
  const sort = productSortQuery(search.sort ?? 'featured');
  await storeAtHand();
  return cachedProducts({
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
    ...(sort ? { sort } : {}),
    paging: { limit, offset: (page - 1) * limit },
  });
}

/**
 * During `next build`, a request-time read (`connection()`): the build has no store. On the
 * server that runs the shop, nothing: the page may be kept whole.
 */
async function storeAtHand(): Promise<void> {
  if (process.env.NEXT_PHASE === 'phase-production-build') await connection();
}

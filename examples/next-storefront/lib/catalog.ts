/**
 * The catalog as the pages read it: cached functions (`'use cache'`), each answer tagged with
 * what it holds (the SDK's cache tags), so the platform's webhooks expire exactly what changed
 * (`app/api/webhooks/route.ts`). Their arguments are the cache key: the store and the query,
 * never anything of the shopper. Answers are plain data (a page's `next()` cannot be cached).
 */
import { cacheLife, cacheTag } from 'next/cache';
import {
  collectionListCacheTags,
  isStoreApiError,
  productCacheTag,
  productListCacheTags,
  type Collection,
  type CollectionQuery,
  type Product,
  type ProductQuery,
} from '@vitrine/sdk';
import { catalogClient } from './catalog-client';
import type { StoreConfig } from './store-config';

/** A cached list: its items and how many match in all. */
export interface CatalogList<T> {
  items: readonly T[];
  totalCount: number | undefined;
}

/**
 * The webhooks keep the cache fresh; the hourly revalidation only bounds what a lost webhook
 * costs.
 */
const LIFE = 'hours';

/** The products `query` finds. */
export async function getProducts(
  config: StoreConfig,
  query: ProductQuery,
): Promise<CatalogList<Product>> {
  'use cache';
  cacheLife(LIFE);
  const page = await catalogClient(config).products.query(query);
  cacheTag(...productListCacheTags(query, page.items));
  return { items: page.items, totalCount: page.totalCount };
}

/** The collections `query` finds. */
export async function getCollections(
  config: StoreConfig,
  query: CollectionQuery,
): Promise<CatalogList<Collection>> {
  'use cache';
  cacheLife(LIFE);
  const page = await catalogClient(config).collections.query(query);
  cacheTag(...collectionListCacheTags(query, page.items));
  return { items: page.items, totalCount: page.totalCount };
}

/** The product with this slug, with its variants (and their stock); `null` when there is none. */
export async function findProduct(config: StoreConfig, slug: string): Promise<Product | null> {
  'use cache';
  cacheLife(LIFE);
  const store = catalogClient(config);
  const query: ProductQuery = { filter: { slug }, paging: { limit: 1 } };
  const found = await store.products.query(query);
  // Tagged as the list it is, found or not: a product given this slug later expires it.
  cacheTag(...productListCacheTags(query, found.items));
  const listed = found.items[0];
  if (!listed) return null;
  // The full product adds its variants to what the list gives.
  const product = await store.products.get(listed.id);
  cacheTag(productCacheTag(product.id));
  return product;
}

/** The collection with this slug; `null` when there is none. */
export async function findCollection(
  config: StoreConfig,
  slug: string,
): Promise<Collection | null> {
  'use cache';
  cacheLife(LIFE);
  let collection: Collection | null;
  try {
    collection = await catalogClient(config).collections.getBySlug(slug);
  } catch (error) {
    if (!isStoreApiError(error) || error.status !== 404) throw error;
    collection = null;
  }
  cacheTag(...collectionListCacheTags({ filter: { slug } }, collection ? [collection] : []));
  return collection;
}

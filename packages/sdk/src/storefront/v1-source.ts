/**
 * The storefront reads on a Catalog V1 store: products from Query Products Platformized (with
 * their variants), a product by slug or id, collections as categories. Loaded only on a V1 store.
 * The mapping into the storefront model is v1-model.ts.
 */
import type { Transport } from '../http/transport.js';
import { createCollectionReads, createProductReads } from '../catalog/catalog-reads.js';
import { productSortQuery } from '../catalog/sort-orders.js';
import type { Page } from '../catalog/page.js';
import type { ProductQuery } from '../catalog/query.js';
import type { Collection } from '../models/catalog.js';
import type { StorefrontPage } from '../models/storefront.js';
import { StoreArgumentError } from '../errors/argument-error.js';
import {
  toStorefrontCategory,
  toStorefrontProduct,
  toStorefrontProductDetail,
} from './v1-model.js';
import type { CatalogSource, CheckedProductQuery } from './types.js';
import { byName } from './checks.js';
import { orNull } from './both-catalogs.js';

/** The id of Catalog V1's collection of every product, which no shop lists as a category. */
export const ALL_PRODUCTS_COLLECTION_ID = '00000000-000000-000000-000000000001';

/** The storefront reads of a V1 store. */
export function createV1Source(transport: Transport): CatalogSource {
  const products = createProductReads(transport);
  const collections = createCollectionReads(transport);
  return {
    async products(query, options) {
      const page = await products.query(toV1Query(query), options);
      return pageOf(page, toStorefrontProduct);
    },
    async product(ref, options) {
      const product =
        'slug' in ref
          ? await products.getBySlug(ref.slug, options)
          : await orNull(products.get(ref.id, options));
      return product === null || product.visible === false
        ? null
        : toStorefrontProductDetail(product);
    },
    async categories(query, options) {
      const page = await collections.query(
        {
          ...(query.sort === 'featured' ? {} : { sort: [byName(query.sort)] }),
          paging: { limit: query.limit, offset: offsetOf(query.cursor) },
        },
        options,
      );
      return pageOf(page, toStorefrontCategory, isListedCollection);
    },
    async category(ref, options) {
      const collection = await orNull(
        'slug' in ref ? collections.getBySlug(ref.slug, options) : collections.get(ref.id, options),
      );
      return collection === null || collection.visible === false
        ? null
        : toStorefrontCategory(collection);
    },
  };
}

/** A storefront query in Catalog V1's query language: a filter, a sort, an offset. */
function toV1Query(query: CheckedProductQuery): ProductQuery {
  const filter: Record<string, unknown> = {};
  if (query.text !== undefined) filter.name = { $contains: query.text };
  if (query.categoryId !== undefined) filter['collections.id'] = { $hasSome: [query.categoryId] };
  if (query.ribbon !== undefined) filter.ribbon = query.ribbon;
  if (query.ids !== undefined) filter.id = { $in: query.ids };
  const sort = productSortQuery(query.sort);
  return {
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
    ...(sort ? { sort } : {}),
    paging: { limit: query.limit, offset: offsetOf(query.cursor) },
  };
}

/**
 * A V1 cursor is where the next page starts, as a decimal offset: Catalog V1 pages by offset.
 * @throws {StoreArgumentError} for anything else (a cursor of another catalog, or made up).
 */
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,9}$/.test(cursor)) {
    throw new StoreArgumentError('query.cursor', "must be a page's nextCursor");
  }
  return Number(cursor);
}

/** A V1 page as a storefront page: its items mapped, the next page's offset as its cursor. */
function pageOf<T, U>(
  page: Page<T>,
  map: (item: T) => U,
  keep: (item: T) => boolean = () => true,
): StorefrontPage<U> {
  const next = page.paging.offset + page.items.length;
  return {
    items: page.items.filter(keep).map(map),
    nextCursor: page.hasNext() ? String(next) : null,
    ...(page.totalCount === undefined ? {} : { totalCount: page.totalCount }),
  };
}

function isListedCollection(collection: Collection): boolean {
  return collection.id !== ALL_PRODUCTS_COLLECTION_ID && collection.visible !== false;
}

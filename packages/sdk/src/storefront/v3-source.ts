/**
 * The storefront reads on a Catalog V3 store: a grid, a category's products and a search are one
 * products search (categories filtered with `$matchItems`, text in the name, the sort orders on
 * `actualPriceRange` and `name`); a product page is a read by slug or id with the fields a page
 * shows; categories are the Stores tree's (with their descriptions), without its "all products"
 * category. Stock counts come
 * from the inventory items in one more call, when the store lets the caller read them. Loaded only
 * on a V3 store. The mapping into the storefront model is v3-model.ts.
 */
import { createCategoryCalls } from '../catalog-v3/category-calls.js';
import { createInventoryItemCalls } from '../catalog-v3/inventory-item-calls.js';
import { createProductV3Reads } from '../catalog-v3/product-v3-reads.js';
import type { ProductV3Search, ProductV3SearchSortField, SortV3 } from '../catalog-v3/query.js';
import type { CursorPage } from '../catalog-v3/types.js';
import { byName } from './checks.js';
import { orNull } from './both-catalogs.js';
import type { ProductSortOrder } from '../catalog/sort-orders.js';
import { isStoreApiError } from '../http/errors/type-guards.js';
import type { Transport } from '../http/transport.js';
import type { CategoryField, ProductV3Field, ProductV3SingleField } from '../models/catalog-v3.js';
import type { StorefrontPage } from '../models/storefront.js';
import type { CatalogSource, CheckedProductQuery, StorefrontCallOptions } from './types.js';
import {
  quantitiesOf,
  toStorefrontCategory,
  toStorefrontProduct,
  toStorefrontProductDetail,
  type StockQuantities,
} from './v3-model.js';

/** The slug of the Stores tree's category of every product, which no shop lists as a category. */
export const ALL_PRODUCTS_CATEGORY_SLUG = 'all-products';

/** What a grid reads of each product beyond what always comes. */
const GRID_FIELDS: ProductV3Field[] = ['CURRENCY'];

/** What a product page reads. */
const PAGE_FIELDS: ProductV3SingleField[] = [
  'CURRENCY',
  'PLAIN_DESCRIPTION',
  'MEDIA_ITEMS_INFO',
  'VARIANT_OPTION_CHOICE_NAMES',
  'PRODUCT_CHOICES_MEDIA_REFERENCES',
  'INFO_SECTION',
  'INFO_SECTION_PLAIN_DESCRIPTION',
];

/** What a category read brings beyond what always comes. */
const CATEGORY_FIELDS: CategoryField[] = ['DESCRIPTION'];

/** Inventory items one read brings at most (the platform's limit). */
const MAX_INVENTORY_ITEMS = 1000;

// `price` is the list price, as Catalog V1 sorts it (sort-orders.ts): an item on sale is placed
// by its price before the discount, its compare-at price (the actual one where none is on sale).
const SORTS: Readonly<Record<ProductSortOrder, readonly SortV3<ProductV3SearchSortField>[]>> = {
  featured: [],
  'price-asc': [{ fieldName: 'compareAtPriceRange.minValue.amount', order: 'ASC' }],
  'price-desc': [{ fieldName: 'compareAtPriceRange.minValue.amount', order: 'DESC' }],
  'name-asc': [{ fieldName: 'name', order: 'ASC' }],
  'name-desc': [{ fieldName: 'name', order: 'DESC' }],
};

/** The storefront reads of a V3 store. */
export function createV3Source(transport: Transport): CatalogSource {
  const products = createProductV3Reads(transport);
  const categories = createCategoryCalls(transport);
  const inventory = createInventoryItemCalls(transport);

  /**
   * The counted stock of these products, by variant (or by product); none when the store will
   * not say.
   */
  async function quantities(
    productIds: readonly string[],
    options: StorefrontCallOptions,
    by: 'variantId' | 'productId' = 'variantId',
  ): Promise<StockQuantities> {
    if (productIds.length === 0) return new Map();
    try {
      const page = await inventory.query(
        {
          filter: { productId: { $in: [...productIds] } },
          cursorPaging: { limit: MAX_INVENTORY_ITEMS },
        },
        signalOf(options),
      );
      return quantitiesOf(page.items, by);
    } catch (error) {
      // Counts are a nicety: a store that keeps them from visitors still shows its products.
      if (isStoreApiError(error) && [401, 403, 404].includes(error.status ?? 0)) return new Map();
      throw error;
    }
  }

  return {
    async products(query, options) {
      const page = await products.search(searchOf(query), {
        fields: GRID_FIELDS,
        ...signalOf(options),
      });
      const counted = await quantities(
        page.items.map((product) => product.id),
        options,
        'productId',
      );
      return pageOf(page, (product) => toStorefrontProduct(product, counted.get(product.id)));
    },
    async product(ref, options) {
      const read = { fields: PAGE_FIELDS, ...signalOf(options) };
      const product = await orNull(
        'slug' in ref ? products.getBySlug(ref.slug, read) : products.get(ref.id, read),
      );
      if (product === null || product.visible === false) return null;
      return toStorefrontProductDetail(product, await quantities([product.id], options));
    },
    async categories(query, options) {
      const page = await categories.query(
        // With a cursor, the query calls send the cursor alone (cursor-pages.ts).
        {
          ...(query.sort === 'featured' ? {} : { sort: [byName(query.sort)] }),
          cursorPaging: pagingOf(query),
        },
        { fields: CATEGORY_FIELDS, ...signalOf(options) },
      );
      return pageOf(
        page,
        toStorefrontCategory,
        (category) => category.slug !== ALL_PRODUCTS_CATEGORY_SLUG,
      );
    },
    async category(ref, options) {
      const read = { fields: CATEGORY_FIELDS, ...signalOf(options) };
      const category = await orNull(
        'slug' in ref ? categories.getBySlug(ref.slug, read) : categories.get(ref.id, read),
      );
      return category === null || category.visible === false
        ? null
        : toStorefrontCategory(category);
    },
  };
}

/** A storefront query as a products search: visible ones, its category, its text, its order. */
function searchOf(query: CheckedProductQuery): ProductV3Search {
  const filters: ProductV3Search['filter'][] = [{ visible: true }];
  if (query.categoryId !== undefined) {
    filters.push({ 'allCategoriesInfo.categories': { $matchItems: [{ id: query.categoryId }] } });
  }
  if (query.ribbon !== undefined) filters.push({ 'ribbon.name': query.ribbon });
  if (query.ids !== undefined) filters.push({ id: { $in: [...query.ids] } });
  const sort = SORTS[query.sort];
  return {
    filter:
      filters.length === 1
        ? filters[0]!
        : { $and: filters as NonNullable<ProductV3Search['filter']>[] },
    ...(sort.length > 0 ? { sort } : {}),
    ...(query.text === undefined ? {} : { search: { expression: query.text, fields: ['name'] } }),
    // With a cursor, the search calls send the cursor alone (cursor-pages.ts).
    cursorPaging: pagingOf(query),
  };
}

/** The page asked for: its size, and the cursor of the page before it, if any. */
function pagingOf(query: { limit: number; cursor?: string | undefined }) {
  return query.cursor === undefined
    ? { limit: query.limit }
    : { limit: query.limit, cursor: query.cursor };
}

/** A cursor page as a storefront page: its items mapped, its next cursor. */
function pageOf<T, U>(
  page: CursorPage<T>,
  map: (item: T) => U,
  keep: (item: T) => boolean = () => true,
): StorefrontPage<U> {
  return {
    items: page.items.filter(keep).map(map),
    nextCursor: page.hasNext() ? (page.cursors.next ?? null) : null,
  };
}

function signalOf(options: StorefrontCallOptions): { signal?: AbortSignal } {
  return options.signal ? { signal: options.signal } : {};
}

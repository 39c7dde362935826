import { describe, expectTypeOf, it } from 'vitest';
import type { createStoreClient } from '../../client/create-store-client.js';
import type { Category, ProductV3 } from '../../models/catalog-v3.js';
import type {
  CategoryQuery,
  InventoryItemV3Query,
  ProductV3Query,
  ProductV3Search,
  ReadOnlyVariantV3Query,
} from '../query.js';
import type { CursorPage, SearchPage } from '../types.js';

type Store = ReturnType<typeof createStoreClient>;
declare const store: Store;

describe('Catalog V3 query types', () => {
  it('a products query filters and sorts on the fields the platform lets it', () => {
    const query: ProductV3Query = {
      filter: {
        slug: { $in: ['tee', 'mug'] },
        visible: true,
        createdDate: { $gt: new Date(0) },
        'options.id': { $hasSome: ['o1'] },
        $or: [{ handle: 'h' }, { id: { $ne: 'p1' } }],
      },
      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      cursorPaging: { limit: 12 },
    };
    expectTypeOf(query).toMatchTypeOf<ProductV3Query>();
    // @ts-expect-error: a query cannot filter on the name (a search can)
    const byName: ProductV3Query = { filter: { name: 'Tee' } };
    // @ts-expect-error: nor sort on the id
    const byId: ProductV3Query = { sort: [{ fieldName: 'id' }] };
    void [byName, byId];
  });

  it('a products search filters on categories, prices and options, and finds text', () => {
    const search: ProductV3Search = {
      filter: {
        'allCategoriesInfo.categories': { $matchItems: [{ id: 'c1' }, { index: { $lt: 3 } }] },
        'variantsInfo.variants': { $matchItems: [{ 'price.actualPrice.amount': { $gte: '10' } }] },
        'actualPriceRange.minValue.amount': { $gte: '10' },
        'inventory.availabilityStatus': { $in: ['IN_STOCK', 'PARTIALLY_OUT_OF_STOCK'] },
        'options.choicesSettings.choices.name': { $hasAll: ['Red'] },
      },
      search: { expression: 'tee', fields: ['name', 'variantsInfo.variants.sku'], mode: 'AND' },
      aggregations: [{ name: 'brands', type: 'VALUE', fieldPath: 'brand.name' }],
      sort: [{ fieldName: 'actualPriceRange.minValue.amount', order: 'ASC' }],
    };
    expectTypeOf(search).toMatchTypeOf<ProductV3Search>();
    // @ts-expect-error: amounts are decimal strings
    const number: ProductV3Search = { filter: { 'actualPriceRange.minValue.amount': 10 } };
    const bySlug = { $matchItems: [{ slug: 'x' }] };
    // @ts-expect-error: a category's fields are id and index
    const slug: ProductV3Search = { filter: { 'directCategoriesInfo.categories': bySlug } };
    // @ts-expect-error: an unknown availability
    const status: ProductV3Search = { filter: { 'inventory.availabilityStatus': 'SOLD_OUT' } };
    // @ts-expect-error: free text only in the searchable fields
    const text: ProductV3Search = { search: { expression: 'x', fields: ['slug'] } };
    void [number, slug, status, text];
  });

  it('categories, variants and inventory items have their own fields', () => {
    const categories: CategoryQuery = {
      filter: { 'parentCategory.id': 'root', visible: true },
      sort: [{ fieldName: 'parentCategory.index' }],
    };
    const variants: ReadOnlyVariantV3Query = { filter: { 'productData.productId': 'p1' } };
    const stock: InventoryItemV3Query = { filter: { quantity: { $lt: 3 }, inStock: true } };
    void [categories, variants, stock];
    // @ts-expect-error: categories do not sort on visibility
    const sortVisible: CategoryQuery = { sort: [{ fieldName: 'visible' }] };
    // @ts-expect-error: a quantity is a number
    const quantity: InventoryItemV3Query = { filter: { quantity: '3' } };
    void [sortVisible, quantity];
  });

  it('answers typed pages, and takes only the fields of each call', () => {
    expectTypeOf(store.productsV3.query()).resolves.toEqualTypeOf<CursorPage<ProductV3>>();
    expectTypeOf(store.productsV3.search()).resolves.toEqualTypeOf<SearchPage<ProductV3>>();
    expectTypeOf(store.categories.query()).resolves.toEqualTypeOf<CursorPage<Category>>();
    expectTypeOf(store.productsV3.count()).resolves.toEqualTypeOf<number>();
    void store.productsV3.query({}, { fields: ['MIN_PRICE_VARIANT'] });
    // @ts-expect-error: MIN_PRICE_VARIANT is for queries and searches only
    void store.productsV3.get('p1', { fields: ['MIN_PRICE_VARIANT'] });
    // @ts-expect-error: not a category field
    void store.categories.get('c1', { fields: ['URL'] });
    // @ts-expect-error: an update names the revision it changes
    void store.productsV3.update('p1', { name: 'x' });
  });
});

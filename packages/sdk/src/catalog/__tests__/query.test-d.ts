import { describe, expectTypeOf, it } from 'vitest';
import type { createStoreClient } from '../../client/create-store-client.js';
import type { Product } from '../../models/catalog.js';
import type { Page } from '../page.js';
import type {
  ArrayOperators,
  CatalogQuery,
  FieldCondition,
  Filter,
  ProductFilterFields,
  ProductQuery,
} from '../query.js';

type Store = ReturnType<typeof createStoreClient>;
declare const store: Store;

describe('query types', () => {
  it('accepts values and operators that fit each field', () => {
    const query: ProductQuery = {
      filter: {
        name: { $startsWith: 'Trail', $ne: 'Trail Runner' },
        'priceData.price': { $gte: 10, $lt: 100 },
        productType: { $in: ['physical', 'digital'] },
        visible: true,
        'collections.id': { $hasSome: ['c1'] },
        lastUpdated: { $gt: new Date(0) },
        sku: { $exists: true },
        $or: [{ ribbon: 'Sale' }, { $not: { brand: { $isEmpty: true } } }],
        $and: [{ 'stock.inventoryStatus': 'IN_STOCK' }],
      },
      sort: [{ fieldName: 'priceData.price', order: 'DESC' }, { fieldName: 'name' }],
      paging: { limit: 10, offset: 20 },
    };
    expectTypeOf(query).toMatchTypeOf<CatalogQuery<ProductFilterFields>>();
  });

  it('refuses unknown fields, wrong value types and operators of another type', () => {
    // @ts-expect-error: no such field
    const unknownField: ProductQuery = { filter: { nmae: 'x' } };
    // @ts-expect-error: price is a number
    const wrongValue: ProductQuery = { filter: { 'priceData.price': 'cheap' } };
    // @ts-expect-error: $startsWith is for text
    const textOnNumber: ProductQuery = { filter: { 'priceData.price': { $startsWith: '1' } } };
    // @ts-expect-error: $hasSome is for lists
    const listOnText: ProductQuery = { filter: { name: { $hasSome: ['a'] } } };
    // @ts-expect-error: not a product type
    const badEnum: ProductQuery = { filter: { productType: 'service' } };
    // @ts-expect-error: sort names a field
    const badSort: ProductQuery = { sort: [{ fieldName: 'nope' }] };
    // @ts-expect-error: order is ASC or DESC
    const badOrder: ProductQuery = { sort: [{ fieldName: 'name', order: 'up' }] };
    void [unknownField, wrongValue, textOnNumber, listOnText, badEnum, badSort, badOrder];
  });

  it('derives conditions from the field type', () => {
    expectTypeOf<FieldCondition<string[]>>().toEqualTypeOf<ArrayOperators<string>>();
    expectTypeOf<{ $startsWith: 'a' }>().toMatchTypeOf<FieldCondition<string>>();
    expectTypeOf<{ $gt: 1 }>().toMatchTypeOf<FieldCondition<number>>();
    expectTypeOf<Filter<{ a: number }>>().toHaveProperty('$and');
  });

  it('types the client calls and pages', () => {
    expectTypeOf(store.products.query).returns.toEqualTypeOf<Promise<Page<Product>>>();
    expectTypeOf<Page<Product>['items']>().toEqualTypeOf<readonly Product[]>();
    expectTypeOf<Page<Product>['totalCount']>().toEqualTypeOf<number | undefined>();
    // Filters are checked against the products' fields, not inferred from the argument.
    // @ts-expect-error: no such product field
    void store.products.query({ filter: { madeUp: 1 } });
    // An app may widen the fields on purpose.
    void store.products.query<{ 'custom.field': string }>({ filter: { 'custom.field': 'x' } });
    // @ts-expect-error: collections filter on their own fields
    void store.collections.query({ filter: { 'priceData.price': 1 } });
    void store.variants.query({ filter: { productId: 'p1', 'stock.inStock': true } });
  });
});

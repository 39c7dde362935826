/**
 * `store.readOnlyVariantsV3` and `store.inventoryItemsV3` on the wire, call by call, against the
 * official client's `@wix/auto_sdk_stores_read-only-variants-v-3` 1.0.139 and
 * `@wix/auto_sdk_stores_inventory-items-v-3` 1.0.98 (see wire.ts).
 */
import { describe, expect, it } from 'vitest';
import { expectSameWire, twoPages } from '../../__tests__/official-wire.js';

const IDS = Array.from({ length: 120 }, (_, i) => `product-id-0000000000000000000000-${i}`);

describe('readOnlyVariantsV3 on the wire', () => {
  it('query is a POST of the query and the fields', async () => {
    const [request] = await expectSameWire(
      ({ visitor }) =>
        visitor.readOnlyVariantsV3
          .queryVariants({ fields: ['CURRENCY'] })
          .eq('productData.productId', 'p1')
          .limit(5)
          .find(),
      ({ visitor }) =>
        visitor.readOnlyVariantsV3.query(
          { filter: { 'productData.productId': 'p1' }, cursorPaging: { limit: 5 } },
          { fields: ['CURRENCY'] },
        ),
    );
    expect(request).toMatchObject({
      method: 'POST',
      path: '/stores/v3/products/query-variants',
      query: {},
    });
  });

  it('query sends a next page as its cursor and size, with the fields', async () => {
    await expectSameWire(
      async ({ visitor }) => {
        const page = await visitor.readOnlyVariantsV3
          .queryVariants({ fields: ['CURRENCY'] })
          .eq('productData.productId', 'p1')
          .limit(1)
          .find();
        await page.next();
      },
      async ({ visitor }) => {
        const page = await visitor.readOnlyVariantsV3.query(
          { filter: { 'productData.productId': 'p1' }, cursorPaging: { limit: 1 } },
          { fields: ['CURRENCY'] },
        );
        await page.next();
      },
      twoPages('variants'),
    );
  });

  it('iterate walks the pages the same way', async () => {
    await expectSameWire(
      async ({ visitor }) => {
        const page = await visitor.readOnlyVariantsV3
          .queryVariants()
          .eq('productData.productId', 'p1')
          .limit(1)
          .find();
        await page.next();
      },
      async ({ visitor }) => {
        const all = visitor.readOnlyVariantsV3.iterate({
          filter: { 'productData.productId': 'p1' },
          cursorPaging: { limit: 1 },
        });
        for await (const variant of all) void variant;
      },
      twoPages('variants'),
    );
  });

  it('search is a POST of the search and the fields', async () => {
    await expectSameWire(
      ({ visitor }) =>
        visitor.readOnlyVariantsV3.searchVariants(
          {
            filter: { 'inventoryStatus.inStock': true },
            search: { expression: 'blue', fields: ['sku'] },
            cursorPaging: { limit: 50 },
          },
          { fields: ['CURRENCY'] },
        ),
      ({ visitor }) =>
        visitor.readOnlyVariantsV3.search(
          {
            filter: { 'inventoryStatus.inStock': true },
            search: { expression: 'blue', fields: ['sku'] },
          },
          { fields: ['CURRENCY'] },
        ),
    );
  });
});

describe('inventoryItemsV3 on the wire', () => {
  it('get is a flat GET repeating the id', async () => {
    const [request] = await expectSameWire(
      ({ visitor }) => visitor.inventoryItemsV3.getInventoryItem('i1'),
      ({ visitor }) => visitor.inventoryItemsV3.get('i1'),
    );
    expect(request).toMatchObject({
      method: 'GET',
      path: '/stores/v3/inventory-items/i1',
      query: { inventoryItemId: ['i1'] },
    });
  });

  it('query sends the query as .r', async () => {
    const [request] = await expectSameWire(
      ({ visitor }) =>
        visitor.inventoryItemsV3.queryInventoryItems().eq('productId', 'p1').limit(5).find(),
      ({ visitor }) =>
        visitor.inventoryItemsV3.query({ filter: { productId: 'p1' }, cursorPaging: { limit: 5 } }),
    );
    expect(request?.method).toBe('GET');
  });

  it('query sends a next page as its cursor and size', async () => {
    await expectSameWire(
      async ({ visitor }) => {
        const page = await visitor.inventoryItemsV3
          .queryInventoryItems()
          .eq('inStock', true)
          .limit(1)
          .find();
        await page.next();
      },
      async ({ visitor }) => {
        const page = await visitor.inventoryItemsV3.query({
          filter: { inStock: true },
          cursorPaging: { limit: 1 },
        });
        await page.next();
      },
      twoPages('inventoryItems'),
    );
  });

  it('query falls back to a POST when long', async () => {
    const [request] = await expectSameWire(
      ({ visitor }) => visitor.inventoryItemsV3.queryInventoryItems().in('productId', IDS).find(),
      ({ visitor }) => visitor.inventoryItemsV3.query({ filter: { productId: { $in: IDS } } }),
    );
    expect(request?.method).toBe('POST');
  });

  it('iterate walks the pages the same way', async () => {
    await expectSameWire(
      async ({ visitor }) => {
        const page = await visitor.inventoryItemsV3
          .queryInventoryItems()
          .eq('productId', 'p1')
          .limit(1)
          .find();
        await page.next();
      },
      async ({ visitor }) => {
        const all = visitor.inventoryItemsV3.iterate({
          filter: { productId: 'p1' },
          cursorPaging: { limit: 1 },
        });
        for await (const item of all) void item;
      },
      twoPages('inventoryItems'),
    );
  });

  it('search sends the search as .r', async () => {
    await expectSameWire(
      ({ visitor }) =>
        visitor.inventoryItemsV3.searchInventoryItems({
          filter: { availabilityStatus: 'IN_STOCK' },
          search: { expression: 'mug', fields: ['product.name'] },
          cursorPaging: { limit: 50 },
        }),
      ({ visitor }) =>
        visitor.inventoryItemsV3.search({
          filter: { availabilityStatus: 'IN_STOCK' },
          search: { expression: 'mug', fields: ['product.name'] },
        }),
    );
  });

  it('count sends the filter as .r', async () => {
    await expectSameWire(
      // Its code has countInventoryItems; its types leave it out.
      ({ visitor }) =>
        (
          visitor.inventoryItemsV3 as unknown as {
            countInventoryItems: (options: object) => Promise<unknown>;
          }
        ).countInventoryItems({ filter: { productId: 'p1' } }),
      ({ visitor }) => visitor.inventoryItemsV3.count({ filter: { productId: 'p1' } }),
    );
  });

  it('update patches the item with its id, revision and reason', async () => {
    const [request] = await expectSameWire(
      ({ merchant }) =>
        merchant.inventoryItemsV3.updateInventoryItem(
          'i1',
          { revision: '4', quantity: 7 },
          { reason: 'MANUAL' },
        ),
      ({ merchant }) =>
        merchant.inventoryItemsV3.update(
          'i1',
          { revision: '4', quantity: 7 },
          { reason: 'MANUAL' },
        ),
    );
    expect(request).toEqual({
      method: 'PATCH',
      path: '/stores/v3/inventory-items/i1',
      query: {},
      body: { inventoryItem: { revision: '4', quantity: 7, id: 'i1' }, reason: 'MANUAL' },
    });
  });
});

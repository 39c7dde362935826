/**
 * Catalog V3's modules at the network boundary: cursor pages and their walks, what the calls
 * answer, and the arguments they refuse before sending anything.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { json, recordingFetch, type Responder } from '../../__tests__/helpers.js';
import { createStoreClient, type StoreClient } from '../../client/create-store-client.js';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { decodeBase64Url } from '../../http/query-encoding.js';

const tokens = {
  accessToken: { value: 'at_catalog-v3', expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_catalog-v3', role: 'visitor' as const },
};
const clients: StoreClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

function setup(responder: Responder = () => json({})) {
  const recorder = recordingFetch(responder);
  const store = createStoreClient({ clientId: 'c1', fetch: recorder.fetch, tokens, retry: 0 });
  clients.push(store);
  return { store, requests: recorder.requests };
}

/** A server whose pages are `pages` in turn: each `{ items, next?, hasNext? }`. */
function pagedServer(list: string, pages: { ids: string[]; next?: string; hasNext?: boolean }[]) {
  return setup((_request, index) => {
    const page = pages[Math.min(index, pages.length - 1)]!;
    return json({
      [list]: page.ids.map((id) => ({ id })),
      pagingMetadata: {
        count: page.ids.length,
        cursors: page.next === undefined ? {} : { next: page.next },
        ...(page.hasNext === undefined ? {} : { hasNext: page.hasNext }),
      },
    });
  });
}

/** The decoded `.r` of a recorded GET. */
const sent = (url: URL) => JSON.parse(decodeBase64Url(url.searchParams.get('.r') ?? '')) as unknown;

describe('catalog v3', () => {
  describe('cursor pages', () => {
    it('a page holds its items and cursors, and its next page follows the cursor', async () => {
      const { store, requests } = pagedServer('products', [
        { ids: ['a', 'b'], next: 'C2', hasNext: true },
        { ids: ['c'], hasNext: false },
      ]);
      const first = await store.productsV3.query({ cursorPaging: { limit: 2 } });
      expect(first.items).toEqual([{ id: 'a' }, { id: 'b' }]);
      expect(first.cursors).toEqual({ next: 'C2' });
      expect(first.hasNext()).toBe(true);
      const second = await first.next();
      expect(second.items).toEqual([{ id: 'c' }]);
      expect(second.hasNext()).toBe(false);
      expect(sent(requests[1]!.url)).toEqual({
        query: { cursorPaging: { cursor: 'C2', limit: 2 } },
      });
      // Past the last page: an empty page, and nothing sent.
      const after = await second.next();
      expect(after.items).toEqual([]);
      expect(after.hasNext()).toBe(false);
      expect(requests).toHaveLength(2);
    });

    it('a page asked for by its cursor sends the cursor alone, as a next page does', async () => {
      const { store, requests } = setup(() => json({ products: [] }));
      await store.productsV3.query({ filter: { visible: true }, cursorPaging: { cursor: 'C9' } });
      expect(sent(requests[0]!.url)).toEqual({
        query: { cursorPaging: { cursor: 'C9', limit: 50 } },
      });
    });

    it('says there is no next page when the server says so, or when a page is empty', async () => {
      const stopped = pagedServer('products', [{ ids: ['a'], next: 'C2', hasNext: false }]);
      expect((await stopped.store.productsV3.query()).hasNext()).toBe(false);
      const empty = pagedServer('products', [{ ids: [], next: 'C2', hasNext: true }]);
      expect((await empty.store.productsV3.query()).hasNext()).toBe(false);
    });

    it('a next page the server answers with its own cursor fails instead of looping', async () => {
      const { store } = pagedServer('categories', [
        { ids: ['a'], next: 'C2' },
        { ids: ['b'], next: 'C2' },
      ]);
      const second = await (await store.categories.query()).next();
      await expect(second.next()).rejects.toMatchObject({
        name: 'StoreSystemError',
        code: 'PAGING_STALLED',
        retryable: false,
      });
    });

    it('a search page carries the results of its aggregations', async () => {
      const aggregationData = {
        results: [
          { name: 'brands', type: 'VALUE', values: { results: [{ value: 'Acme', count: 2 }] } },
        ],
      };
      const { store } = setup(() => json({ products: [{ id: 'a' }], aggregationData }));
      const page = await store.productsV3.search({
        aggregations: [{ name: 'brands', type: 'VALUE', fieldPath: 'brand.name' }],
      });
      expect(page.aggregationData).toEqual(aggregationData);
    });

    it('listItems pages a category’s items with the same options', async () => {
      const { store, requests } = setup((_request, index) =>
        json({
          items: [{ catalogItemId: `p${index}`, appId: 'app' }],
          pagingMetadata: { cursors: index === 0 ? { next: 'C2' } : {} },
        }),
      );
      const first = await store.categories.listItems('c1', {
        useCategoryArrangement: true,
        cursorPaging: { limit: 1 },
      });
      expect(first.items).toEqual([{ catalogItemId: 'p0', appId: 'app' }]);
      await first.next();
      expect(Object.fromEntries(requests[1]!.url.searchParams)).toEqual({
        categoryId: 'c1',
        'treeReference.appNamespace': '@wix/stores',
        useCategoryArrangement: 'true',
        'cursorPaging.cursor': 'C2',
        'cursorPaging.limit': '1',
      });
    });
  });

  describe('iterate', () => {
    it('yields every item of every page, each once', async () => {
      const { store, requests } = pagedServer('inventoryItems', [
        { ids: ['a', 'b'], next: 'C2' },
        { ids: ['b', 'c'], next: 'C3' },
        { ids: ['d'] },
      ]);
      const ids: string[] = [];
      for await (const item of store.inventoryItemsV3.iterate()) ids.push(item.id);
      expect(ids).toEqual(['a', 'b', 'c', 'd']);
      expect(requests).toHaveLength(3);
    });

    it('stops with PAGING_STALLED when the server cycles between cursors', async () => {
      const { store, requests } = pagedServer('products', [
        { ids: ['a'], next: 'C2' },
        { ids: ['b'], next: 'C3' },
        { ids: ['c'], next: 'C2' },
        { ids: ['b'], next: 'C3' },
      ]);
      const ids: string[] = [];
      const walk = async () => {
        for await (const product of store.productsV3.iterateSearch()) ids.push(product.id);
      };
      await expect(walk()).rejects.toMatchObject({
        code: 'PAGING_STALLED',
        message: expect.stringContaining('productsV3.iterateSearch') as unknown,
      });
      expect(ids).toEqual(['a', 'b', 'c']);
      expect(requests).toHaveLength(3);
    });

    it('read-only variants walk their pages too', async () => {
      const { store } = pagedServer('variants', [{ ids: ['v1'], next: 'C2' }, { ids: ['v2'] }]);
      const ids: string[] = [];
      for await (const variant of store.readOnlyVariantsV3.iterate()) ids.push(variant.id!);
      expect(ids).toEqual(['v1', 'v2']);
    });
  });

  describe('answers', () => {
    it('unwraps one product, category and inventory item', async () => {
      const { store } = setup(() =>
        json({ product: { id: 'p1' }, category: { id: 'c1' }, inventoryItem: { id: 'i1' } }),
      );
      await expect(store.productsV3.get('p1')).resolves.toEqual({ id: 'p1' });
      await expect(store.categories.getBySlug('mugs')).resolves.toEqual({ id: 'c1' });
      await expect(store.inventoryItemsV3.get('i1')).resolves.toEqual({ id: 'i1' });
    });

    it('refuses an answer without the entity', async () => {
      const { store } = setup(() => json({}));
      await expect(store.productsV3.getBySlug('tee')).rejects.toMatchObject({
        code: 'UNEXPECTED_RESPONSE',
      });
      await expect(
        store.productsV3.updateWithInventory('p1', { revision: '1' }),
      ).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
    });

    it('counts as a number', async () => {
      const { store } = setup(() => json({ count: 7 }));
      await expect(store.productsV3.count()).resolves.toBe(7);
      await expect(store.categories.count()).resolves.toBe(7);
      await expect(store.inventoryItemsV3.count()).resolves.toBe(7);
    });

    it('answers the all-products category and an item’s categories as sent', async () => {
      const { store } = setup((request) =>
        json(
          request.url.includes('all-products')
            ? { categoryId: 'all', treeReference: { appNamespace: '@wix/stores', treeKey: null } }
            : { directCategoryIds: ['c1'], allCategoryIds: ['c1', 'root'] },
        ),
      );
      await expect(store.productsV3.allProductsCategory()).resolves.toMatchObject({
        categoryId: 'all',
      });
      await expect(
        store.categories.listCategoriesForItem({ catalogItemId: 'p1', appId: 'app' }),
      ).resolves.toEqual({ directCategoryIds: ['c1'], allCategoryIds: ['c1', 'root'] });
    });
  });

  describe('arguments', () => {
    const refused = async (call: Promise<unknown>, argument: string) => {
      await expect(call).rejects.toBeInstanceOf(StoreArgumentError);
      await expect(call).rejects.toMatchObject({ argument });
    };

    it('refuses an empty id or slug before sending', async () => {
      const { store, requests } = setup();
      await refused(store.productsV3.get(''), 'id');
      await refused(store.productsV3.getBySlug(' '), 'slug');
      await refused(store.productsV3.delete(''), 'id');
      await refused(store.categories.get(''), 'id');
      await refused(store.categories.getBySlug(''), 'slug');
      await refused(store.categories.listItems(''), 'categoryId');
      await refused(store.inventoryItemsV3.get(''), 'id');
      expect(requests).toHaveLength(0);
    });

    it('refuses an update without its revision', async () => {
      const { store, requests } = setup();
      await refused(store.productsV3.update('p1', {} as never), 'product.revision');
      await refused(store.categories.update('c1', { name: 'x' } as never), 'category.revision');
      await refused(store.inventoryItemsV3.update('i1', { quantity: 1 } as never), 'item.revision');
      await refused(
        store.productsV3.bulkUpdate([{ product: { id: 'p1' } } as never]),
        'products[0].product.revision',
      );
      expect(requests).toHaveLength(0);
    });

    it('refuses a page size out of bounds and a cursor that is not a string', async () => {
      const { store, requests } = setup();
      await refused(
        store.productsV3.query({ cursorPaging: { limit: 0 } }),
        'query.cursorPaging.limit',
      );
      await refused(
        store.productsV3.search({ cursorPaging: { limit: 101 } }),
        'search.cursorPaging.limit',
      );
      await refused(
        store.categories.query({ cursorPaging: { limit: 1001 } }),
        'query.cursorPaging.limit',
      );
      await refused(
        store.readOnlyVariantsV3.query({ cursorPaging: { cursor: 3 as never } }),
        'query.cursorPaging.cursor',
      );
      await refused(
        store.categories.listItems('c1', { cursorPaging: { limit: 101 } }),
        'options.cursorPaging.limit',
      );
      await refused(store.inventoryItemsV3.query('x' as never), 'query');
      expect(requests).toHaveLength(0);
      // The largest page is allowed.
      await store.categories.query({ cursorPaging: { limit: 1000 } });
      expect(requests).toHaveLength(1);
    });

    it('refuses empty lists and items without their ids', async () => {
      const { store, requests } = setup();
      await refused(store.productsV3.bulkDelete([]), 'productIds');
      await refused(store.productsV3.bulkCreate([]), 'products');
      await refused(store.categories.addItems('c1', []), 'items');
      await refused(
        store.categories.removeItems('c1', [{ appId: 'app' } as never]),
        'items[0].catalogItemId',
      );
      await refused(store.categories.listCategoriesForItem(null as never), 'item');
      await refused(store.productsV3.create(null as never), 'product');
      expect(requests).toHaveLength(0);
    });
  });

  it('sends every call to the API host with the caller’s token', async () => {
    const { store, requests } = setup(() => json({ product: { id: 'p1' }, category: { id: 'c' } }));
    await store.productsV3.get('p1');
    await store.categories.get('c1');
    await store.productsV3.query();
    expect(requests.map((request) => request.url.origin)).toEqual(
      Array(3).fill('https://www.wixapis.com'),
    );
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual(
      Array(3).fill('at_catalog-v3'),
    );
  });

  it('an aborted call rejects with the signal’s reason', async () => {
    const { store } = setup();
    const controller = new AbortController();
    controller.abort(new Error('left the page'));
    await expect(store.productsV3.query({}, { signal: controller.signal })).rejects.toThrow(
      'left the page',
    );
  });
});

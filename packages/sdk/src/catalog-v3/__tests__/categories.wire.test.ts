/**
 * `store.categories` on the wire, call by call, against the official client's
 * `@wix/auto_sdk_categories_categories` 1.0.145 (see wire.ts). The SDK names the Stores tree
 * unless told otherwise; the official client is given it explicitly.
 */
import { describe, expect, it } from 'vitest';
import { STORES_APP_ID } from '../../models/cart.js';
import { expectSameWire, twoPages } from '../../__tests__/official-wire.js';

const STORES = { appNamespace: '@wix/stores' };
const ITEM = { catalogItemId: 'p1', appId: STORES_APP_ID };

describe('categories on the wire', () => {
  describe('get', () => {
    it('is a flat GET repeating the id, with the tree as a dotted name', async () => {
      const [request] = await expectSameWire(
        ({ visitor }) =>
          visitor.categories.getCategory('c1', STORES, { fields: ['BREADCRUMBS_INFO'] }),
        ({ visitor }) => visitor.categories.get('c1', { fields: ['BREADCRUMBS_INFO'] }),
      );
      expect(request).toEqual({
        method: 'GET',
        path: '/categories/v1/categories/c1',
        query: {
          categoryId: ['c1'],
          'treeReference.appNamespace': ['@wix/stores'],
          fields: ['BREADCRUMBS_INFO'],
        },
        body: undefined,
      });
    });

    it('names another tree when told to', async () => {
      const tree = { appNamespace: '@wix/bookings', treeKey: 'k' };
      await expectSameWire(
        ({ visitor }) => visitor.categories.getCategory('c1', tree),
        ({ visitor }) => visitor.categories.get('c1', { treeReference: tree }),
      );
    });
  });

  it('getBySlug is a flat GET repeating the slug', async () => {
    await expectSameWire(
      ({ visitor }) =>
        visitor.categories.getCategoryBySlug('mugs', STORES, { fields: ['DESCRIPTION'] }),
      ({ visitor }) => visitor.categories.getBySlug('mugs', { fields: ['DESCRIPTION'] }),
    );
  });

  describe('query', () => {
    it('is a POST of the query, the tree and the options', async () => {
      const [request] = await expectSameWire(
        ({ visitor }) =>
          visitor.categories
            .queryCategories({
              treeReference: STORES,
              returnNonVisibleCategories: true,
              fields: ['BREADCRUMBS_INFO'],
            })
            .eq('visible', true)
            .descending('parentCategory.index')
            .limit(5)
            .find(),
        ({ visitor }) =>
          visitor.categories.query(
            {
              filter: { visible: true },
              sort: [{ fieldName: 'parentCategory.index', order: 'DESC' }],
              cursorPaging: { limit: 5 },
            },
            { returnNonVisibleCategories: true, fields: ['BREADCRUMBS_INFO'] },
          ),
      );
      expect(request).toMatchObject({ method: 'POST', path: '/categories/v1/categories/query' });
    });

    it('sends a next page as its cursor and size, with the tree', async () => {
      const requests = await expectSameWire(
        async ({ visitor }) => {
          const page = await visitor.categories
            .queryCategories({ treeReference: STORES })
            .eq('visible', true)
            .limit(1)
            .find();
          await page.next();
        },
        async ({ visitor }) => {
          const page = await visitor.categories.query({
            filter: { visible: true },
            cursorPaging: { limit: 1 },
          });
          await page.next();
        },
        twoPages('categories'),
      );
      expect(requests[1]?.body).toEqual({
        treeReference: STORES,
        query: { cursorPaging: { cursor: 'CURSOR-2', limit: 1 } },
      });
    });

    it('iterate walks the pages the same way', async () => {
      await expectSameWire(
        async ({ visitor }) => {
          const page = await visitor.categories
            .queryCategories({ treeReference: STORES })
            .eq('visible', true)
            .limit(1)
            .find();
          await page.next();
        },
        async ({ visitor }) => {
          const all = visitor.categories.iterate({
            filter: { visible: true },
            cursorPaging: { limit: 1 },
          });
          for await (const category of all) void category;
        },
        twoPages('categories'),
      );
    });
  });

  it('search is a POST of the search, the tree and the options', async () => {
    await expectSameWire(
      ({ visitor }) =>
        visitor.categories.searchCategories(
          {
            filter: { visible: true },
            search: { expression: 'mu', fields: ['name'] },
            cursorPaging: { limit: 50 },
          },
          { treeReference: STORES, fields: ['BREADCRUMBS_INFO'] },
        ),
      ({ visitor }) =>
        visitor.categories.search(
          { filter: { visible: true }, search: { expression: 'mu', fields: ['name'] } },
          { fields: ['BREADCRUMBS_INFO'] },
        ),
    );
  });

  it('count is a POST of the filter and the tree', async () => {
    await expectSameWire(
      ({ visitor }) =>
        visitor.categories.countCategories({
          filter: { visible: true },
          treeReference: STORES,
          returnNonVisibleCategories: false,
        }),
      ({ visitor }) =>
        visitor.categories.count(
          { filter: { visible: true } },
          { returnNonVisibleCategories: false },
        ),
    );
  });

  describe('listItems', () => {
    it('is a flat GET with the paging and the options as dotted names', async () => {
      const [request] = await expectSameWire(
        ({ visitor }) =>
          visitor.categories.listItemsInCategory('c1', STORES, {
            useCategoryArrangement: true,
            includeItemsFromSubcategories: false,
            cursorPaging: { limit: 10, cursor: 'X' },
          }),
        ({ visitor }) =>
          visitor.categories.listItems('c1', {
            useCategoryArrangement: true,
            includeItemsFromSubcategories: false,
            cursorPaging: { limit: 10, cursor: 'X' },
          }),
      );
      expect(request?.query).toEqual({
        categoryId: ['c1'],
        'treeReference.appNamespace': ['@wix/stores'],
        useCategoryArrangement: ['true'],
        includeItemsFromSubcategories: ['false'],
        'cursorPaging.limit': ['10'],
        'cursorPaging.cursor': ['X'],
      });
    });

    it('sends no paging when given none, and a next page as its cursor', async () => {
      await expectSameWire(
        async ({ visitor }) => {
          await visitor.categories.listItemsInCategory('c1', STORES);
          await visitor.categories.listItemsInCategory('c1', STORES, {
            cursorPaging: { cursor: 'CURSOR-2' },
          });
        },
        async ({ visitor }) => {
          const page = await visitor.categories.listItems('c1');
          await page.next();
        },
        twoPages('items'),
      );
    });
  });

  it('listItems falls back to a POST of the same payload when its parameters are long', async () => {
    const cursorPaging = { limit: 10, cursor: 'c'.repeat(4100) };
    const [request] = await expectSameWire(
      ({ visitor }) => visitor.categories.listItemsInCategory('c1', STORES, { cursorPaging }),
      ({ visitor }) => visitor.categories.listItems('c1', { cursorPaging }),
    );
    expect(request).toMatchObject({
      method: 'POST',
      path: '/categories/v1/categories/c1/list-items',
      query: {},
      body: { categoryId: 'c1', treeReference: STORES, cursorPaging },
    });
  });

  it('listCategoriesForItem is a flat GET of the item', async () => {
    await expectSameWire(
      ({ visitor }) => visitor.categories.listCategoriesForItem(ITEM, { treeReference: STORES }),
      ({ visitor }) => visitor.categories.listCategoriesForItem(ITEM),
    );
  });

  describe('writes', () => {
    it('create posts the category and the tree', async () => {
      await expectSameWire(
        ({ merchant }) =>
          merchant.categories.createCategory(
            { name: 'Mugs', parentCategory: { _id: 'root', index: 2 } },
            { treeReference: STORES, fields: ['BREADCRUMBS_INFO'] },
          ),
        ({ merchant }) =>
          merchant.categories.create(
            { name: 'Mugs', parentCategory: { id: 'root', index: 2 } },
            { fields: ['BREADCRUMBS_INFO'] },
          ),
      );
    });

    it('update patches the category with its id and revision', async () => {
      const [request] = await expectSameWire(
        ({ merchant }) =>
          merchant.categories.updateCategory(
            'c1',
            { revision: '2', name: 'Cups' },
            { treeReference: STORES },
          ),
        ({ merchant }) => merchant.categories.update('c1', { revision: '2', name: 'Cups' }),
      );
      expect(request).toMatchObject({ method: 'PATCH', path: '/categories/v1/categories/c1' });
    });

    it('delete repeats the id and names the tree in the query', async () => {
      const [request] = await expectSameWire(
        ({ merchant }) => merchant.categories.deleteCategory('c1', STORES),
        ({ merchant }) => merchant.categories.delete('c1'),
      );
      expect(request?.query).toEqual({
        categoryId: ['c1'],
        'treeReference.appNamespace': ['@wix/stores'],
      });
    });

    it('addItems posts the items with the category id repeated', async () => {
      const [request] = await expectSameWire(
        ({ merchant }) =>
          merchant.categories.bulkAddItemsToCategory('c1', [ITEM], { treeReference: STORES }),
        ({ merchant }) => merchant.categories.addItems('c1', [ITEM]),
      );
      expect(request).toMatchObject({
        method: 'POST',
        path: '/categories/v1/bulk/categories/c1/add-items',
        body: { categoryId: 'c1' },
      });
    });

    it('removeItems posts the items', async () => {
      await expectSameWire(
        ({ merchant }) =>
          merchant.categories.bulkRemoveItemsFromCategory('c1', [ITEM], { treeReference: STORES }),
        ({ merchant }) => merchant.categories.removeItems('c1', [ITEM]),
      );
    });
  });
});

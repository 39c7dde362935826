/**
 * The calls of `store.categories` (`/categories/v1/…`), as the official client sends them: every
 * call names a tree (the Stores tree by default); reads of one category, of a category's items
 * and of an item's categories are flat GETs repeating their path parameter; query, search and
 * count are plain POSTs; writes carry the category's `revision`.
 */
import { pathParam } from '../http/path-param.js';
import { readCall, toSearchParams, withSearch } from '../http/read-encoding.js';
import type { Transport } from '../http/transport.js';
import { unwrap } from '../http/unwrap.js';
import { checkEntity, checkId, checkNonEmptyList } from '../internal/checks.js';
import type {
  Category,
  CategoryItemReference,
  CategoryItemsResult,
  CategoryTreeReference,
  ItemCategories,
} from '../models/catalog-v3.js';
import { firstPage, walkCursorPages, type CursorRead } from './cursor-pages.js';
import type {
  CategoriesApi,
  CategoriesReadOptions,
  CategoryCallOptions,
  ListCategoryItemsOptions,
} from './types.js';

const CATEGORIES = '/categories/v1/categories';
/** Largest page of categories the platform serves. */
const MAX_CATEGORIES = 1000;
/** Largest page of a category's items. */
const MAX_ITEMS = 100;
/** The tree of the Stores app's categories: every Stores site has one. */
const STORES_TREE: Readonly<CategoryTreeReference> = Object.freeze({ appNamespace: '@wix/stores' });
/** The category's id goes inside the body of an update. */
const CATEGORY_ID_NAMES = Object.freeze({ 'category.id': 'id' });

const treeOf = (options: CategoryCallOptions): CategoryTreeReference =>
  options.treeReference ?? STORES_TREE;

/** Refuses an item reference without its two ids. */
function checkItem(argument: string, item: CategoryItemReference): void {
  checkEntity(argument, item);
  checkId(`${argument}.catalogItemId`, item.catalogItemId);
  checkId(`${argument}.appId`, item.appId);
}

/** Binds the category calls to a transport. */
export function createCategoryCalls(transport: Transport): CategoriesApi {
  const send = <R = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body: object | undefined,
    options: CategoryCallOptions,
    extra: { retry?: boolean; argumentNames?: Readonly<Record<string, string>> } = {},
  ) => transport.request<R>({ method, path, body, signal: options.signal, ...extra });

  /** A flat GET of `path` with `payload` (and the POST fallback when `fallback`). */
  const read = <R>(path: string, payload: object, options: CategoryCallOptions, fallback = false) =>
    transport.request<R>({ ...readCall(path, payload, { fallback }), signal: options.signal });

  const pages = (key: 'query' | 'search', options: CategoriesReadOptions): CursorRead => ({
    call: `categories.${key}`,
    key,
    list: 'categories',
    rest: {
      treeReference: treeOf(options),
      returnNonVisibleCategories: options.returnNonVisibleCategories,
      fields: options.fields,
    },
    maxLimit: MAX_CATEGORIES,
    // Reads sent as POSTs: as safe to retry as a GET.
    send: (body) => send('POST', `${CATEGORIES}/${key}`, body, options, { retry: true }),
  });

  const one = async (path: string, payload: object, options: CategoryCallOptions, call: string) =>
    unwrap<Category>(await read(path, payload, options), 'category', call);

  return {
    async get(id, options = {}) {
      const path = `${CATEGORIES}/${pathParam('id', id)}`;
      const payload = { categoryId: id, treeReference: treeOf(options), fields: options.fields };
      return one(path, payload, options, 'categories.get');
    },
    async getBySlug(slug, options = {}) {
      const path = `${CATEGORIES}/slug/${pathParam('slug', slug)}`;
      const payload = { slug, treeReference: treeOf(options), fields: options.fields };
      return one(path, payload, options, 'categories.getBySlug');
    },
    query: (query, options = {}) => firstPage<Category>(pages('query', options), query),
    search: (search, options = {}) => firstPage<Category>(pages('search', options), search),
    async count(input = {}, options = {}) {
      const body = {
        filter: input.filter,
        search: input.search,
        treeReference: treeOf(options),
        returnNonVisibleCategories: options.returnNonVisibleCategories,
      };
      const response = await send('POST', `${CATEGORIES}/count`, body, options, { retry: true });
      return typeof response.count === 'number' ? response.count : 0;
    },
    iterate: (query, options = {}) =>
      walkCursorPages<Category>(pages('query', options), query, 'categories.iterate'),
    async listItems(categoryId, options: ListCategoryItemsOptions = {}) {
      const path = `${CATEGORIES}/${pathParam('categoryId', categoryId)}/list-items`;
      const items: CursorRead = {
        call: 'categories.listItems',
        key: 'cursorPaging',
        list: 'items',
        rest: {
          categoryId,
          treeReference: treeOf(options),
          useCategoryArrangement: options.useCategoryArrangement,
          includeItemsFromSubcategories: options.includeItemsFromSubcategories,
        },
        maxLimit: MAX_ITEMS,
        send: (body) => read(path, body, options, true),
      };
      return firstPage<CategoryItemReference>(items, options.cursorPaging);
    },
    async listCategoriesForItem(item, options = {}) {
      checkItem('item', item);
      const payload = { item, treeReference: treeOf(options) };
      return read<ItemCategories>(`${CATEGORIES}/list-categories-for-item`, payload, options, true);
    },
    async create(category, options = {}) {
      checkEntity('category', category);
      const body = { category, treeReference: treeOf(options), fields: options.fields };
      return unwrap<Category>(
        await send('POST', CATEGORIES, body, options),
        'category',
        'categories.create',
      );
    },
    async update(id, category, options = {}) {
      const path = `${CATEGORIES}/${pathParam('id', id)}`;
      checkEntity('category', category, true);
      const body = {
        category: { ...category, id },
        treeReference: treeOf(options),
        fields: options.fields,
      };
      const response = await send('PATCH', path, body, options, {
        argumentNames: CATEGORY_ID_NAMES,
      });
      return unwrap<Category>(response, 'category', 'categories.update');
    },
    async delete(id, options = {}) {
      const path = `${CATEGORIES}/${pathParam('id', id)}`;
      const search = toSearchParams({ categoryId: id, treeReference: treeOf(options) });
      await send('DELETE', withSearch(path, search), undefined, options);
    },
    addItems: (categoryId, items, options = {}) =>
      changeItems('add-items', categoryId, items, options),
    removeItems: (categoryId, items, options = {}) =>
      changeItems('remove-items', categoryId, items, options),
  };

  async function changeItems(
    action: 'add-items' | 'remove-items',
    categoryId: string,
    items: readonly CategoryItemReference[],
    options: CategoryCallOptions,
  ): Promise<CategoryItemsResult> {
    const path = `/categories/v1/bulk/categories/${pathParam('categoryId', categoryId)}/${action}`;
    checkNonEmptyList('items', items);
    items.forEach((item, index) => checkItem(`items[${index}]`, item));
    const body = { categoryId, items, treeReference: treeOf(options) };
    return send<CategoryItemsResult>('POST', path, body, options);
  }
}

/**
 * Categories reads (platform-wire-v3.md "Categories"): by id, by slug, query, search, count, a
 * category's items, an item's categories, the trees and a category's arrangement. Every call
 * names the Stores tree (`treeReference.appNamespace: "@wix/stores"`). Visitors and members see
 * visible categories; hidden ones need `returnNonVisibleCategories` and the API key.
 */
import type { EmulatorContext } from '../context.js';
import type { Caller } from '../http/app-env.js';
import { applicationError, fieldError, notFound } from '../http/errors.js';
import { getProduct } from '../catalog/records.js';
import { STORES_APP_ID, isStoresCatalog } from '../models/catalog.js';
import { isObject } from '../query/filter.js';
import { aggregate, checkAggregations } from './aggregations.js';
import type { CategoryNode } from './categories.js';
import {
  CATEGORY_FIELDS,
  allCategories,
  allCategoryIds,
  directCategoryIds,
  findCategory,
  productIdsIn,
  renderCategory,
  subtreeIds,
} from './categories.js';
import { parseFields } from './fields.js';
import { STORES_NAMESPACE } from './ids.js';
import type { QuerySpec } from './query.js';
import { countV3, parseV3Query, runV3Query } from './query.js';
import { checkKeys } from './requests.js';

const ALL = '*' as const;

/** What category queries and searches filter and sort on (the client's `CategoryQuerySpec`). */
export const CATEGORY_SPEC: QuerySpec = {
  filterable: {
    id: ALL,
    slug: ALL,
    visible: ALL,
    name: ALL,
    createdDate: ALL,
    updatedDate: ALL,
    'parentCategory.id': ALL,
    'parentCategory.index': ALL,
  },
  filterablePrefixes: { 'treeReference.': ALL },
  sortable: new Set([
    'name',
    'createdDate',
    'updatedDate',
    'parentCategory.id',
    'parentCategory.index',
  ]),
  maxLimit: 1000,
  searchFields: ['name', 'description'],
};

const EVERY_FIELD = new Set<string>(CATEGORY_FIELDS);

/**
 * Checks that a request names the Stores tree.
 * @throws {ApiError} 400 naming `treeReference` or its namespace.
 */
export function checkTree(tree: unknown, path = 'treeReference'): void {
  if (!isObject(tree)) throw fieldError(path, 'is required', 'REQUIRED_FIELD');
  for (const key of Object.keys(tree))
    if (key !== 'appNamespace' && key !== 'treeKey')
      throw fieldError(`${path}.${key}`, 'is not a known field', 'FIELD_NOT_ALLOWED');
  if (tree.appNamespace !== STORES_NAMESPACE)
    throw fieldError(
      `${path}.appNamespace`,
      `must be ${STORES_NAMESPACE}: the store's one tree`,
      'VALIDATION',
    );
  if (tree.treeKey !== undefined && tree.treeKey !== null)
    throw fieldError(`${path}.treeKey`, 'must be empty: the Stores tree has no key', 'VALIDATION');
}

/** The category a caller may read. @throws {ApiError} 404. */
export function readableCategory(ctx: EmulatorContext, caller: Caller, id: string): CategoryNode {
  const category = findCategory(ctx, id);
  if (!category || (!category.visible && caller.role !== 'app'))
    throw notFound('No category has this id');
  return category;
}

/** A category by id. */
export function getCategory(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['treeReference', 'fields']);
  checkTree(body.treeReference);
  const fields = parseFields(body.fields, CATEGORY_FIELDS, caller);
  return { category: renderCategory(ctx, readableCategory(ctx, caller, id), fields) };
}

/** A category by slug. */
export function getCategoryBySlug(
  ctx: EmulatorContext,
  caller: Caller,
  slug: string,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['treeReference', 'fields']);
  checkTree(body.treeReference);
  const fields = parseFields(body.fields, CATEGORY_FIELDS, caller);
  const category = allCategories(ctx).find((c) => c.slug === slug);
  if (!category || (!category.visible && caller.role !== 'app'))
    throw notFound('No category has this slug');
  return { category: renderCategory(ctx, category, fields) };
}

function visibleTo(ctx: EmulatorContext, caller: Caller, hidden: unknown): CategoryNode[] {
  if (hidden !== undefined && hidden !== null && typeof hidden !== 'boolean')
    throw fieldError('returnNonVisibleCategories', 'must be a boolean', 'VALIDATION');
  if (hidden === true && caller.role !== 'app')
    throw applicationError(403, 'PERMISSION_DENIED', 'Hidden categories need the API key');
  return allCategories(ctx).filter((c) => c.visible || hidden === true);
}

/** `query` and `search`: a page of categories (and aggregations, for search). */
export function findCategories(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
  root: 'query' | 'search',
) {
  checkKeys(body, [root, 'treeReference', 'returnNonVisibleCategories', 'fields']);
  checkTree(body.treeReference);
  const fields = parseFields(body.fields, CATEGORY_FIELDS, caller);
  const keys = root === 'search' ? ['search', 'aggregations', 'timeZone'] : [];
  const query = parseV3Query(body[root], root, CATEGORY_SPEC, keys);
  const aggregations =
    root === 'search' && isObject(body.search)
      ? checkAggregations(body.search.aggregations, 'search.aggregations')
      : [];
  const docOf = (c: CategoryNode) => renderCategory(ctx, c, EVERY_FIELD);
  const categories = visibleTo(ctx, caller, body.returnNonVisibleCategories);
  const { page, matched, pagingMetadata } = runV3Query(
    categories,
    docOf,
    query,
    CATEGORY_SPEC.searchFields,
  );
  return {
    categories: page.map((c) => renderCategory(ctx, c, fields)),
    pagingMetadata,
    ...(aggregations.length > 0
      ? { aggregationData: aggregate(matched.map(docOf), aggregations) }
      : {}),
  };
}

/** `count`. */
export function countCategories(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['filter', 'search', 'treeReference', 'returnNonVisibleCategories']);
  checkTree(body.treeReference);
  const docs = visibleTo(ctx, caller, body.returnNonVisibleCategories).map((c) =>
    renderCategory(ctx, c, EVERY_FIELD),
  );
  return { count: countV3(docs, body.filter, body.search, CATEGORY_SPEC) };
}

/** An item reference naming a store product. @throws {ApiError} 400. */
export function checkItem(item: unknown, path: string): { catalogItemId: string; appId: string } {
  if (!isObject(item)) throw fieldError(path, 'is required', 'REQUIRED_FIELD');
  checkKeys(item, ['catalogItemId', 'appId']);
  if (typeof item.catalogItemId !== 'string' || item.catalogItemId === '')
    throw fieldError(`${path}.catalogItemId`, 'is required', 'REQUIRED_FIELD');
  if (typeof item.appId !== 'string' || !isStoresCatalog(item.appId))
    throw fieldError(
      `${path}.appId`,
      `must be the stores catalog (${STORES_APP_ID})`,
      'VALIDATION',
    );
  return { catalogItemId: item.catalogItemId, appId: STORES_APP_ID };
}

/** `list-items`: a page of a category's products, newest first or in the merchant's order. */
export function listItems(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  body: Record<string, unknown>,
) {
  checkKeys(body, [
    'treeReference',
    'cursorPaging',
    'useCategoryArrangement',
    'includeItemsFromSubcategories',
  ]);
  checkTree(body.treeReference);
  const category = readableCategory(ctx, caller, id);
  const paging = isObject(body.cursorPaging) ? { ...body.cursorPaging } : {};
  if (typeof paging.limit === 'string') paging.limit = Number(paging.limit);
  const query = parseV3Query({ cursorPaging: paging }, '', { ...CATEGORY_SPEC, maxLimit: 100 });
  const flag = (name: string) => body[name] === true || body[name] === 'true';
  const ids = flag('includeItemsFromSubcategories')
    ? [
        ...new Set(
          [...subtreeIds(ctx, id)].flatMap((c) => productIdsIn(ctx, findCategory(ctx, c)!)),
        ),
      ]
    : productIdsIn(ctx, category);
  const ordered = flag('useCategoryArrangement') ? ids : [...ids].reverse();
  const { page, pagingMetadata } = runV3Query(ordered, (x) => x, query);
  return {
    items: page.map((catalogItemId) => ({ catalogItemId, appId: STORES_APP_ID })),
    pagingMetadata,
  };
}

function categoriesOfItem(ctx: EmulatorContext, catalogItemId: string) {
  const product = getProduct(ctx, catalogItemId);
  if (!product) return { directCategoryIds: [], allCategoryIds: [] };
  return {
    directCategoryIds: directCategoryIds(product),
    allCategoryIds: allCategoryIds(ctx, product),
  };
}

/** `list-categories-for-item`. */
export function listCategoriesForItem(ctx: EmulatorContext, body: Record<string, unknown>) {
  checkKeys(body, ['item', 'treeReference']);
  checkTree(body.treeReference);
  return categoriesOfItem(ctx, checkItem(body.item, 'item').catalogItemId);
}

/** `list-categories-for-items` (its GET form carries no items: the client drops arrays of objects). */
export function listCategoriesForItems(ctx: EmulatorContext, body: Record<string, unknown>) {
  checkKeys(body, ['items', 'treeReference']);
  checkTree(body.treeReference);
  const items = body.items ?? [];
  if (!Array.isArray(items) || items.length > 100)
    throw fieldError('items', 'must be an array of at most 100 items', 'MAX_SIZE');
  return {
    categoriesForItems: items.map((raw, i) => {
      const item = checkItem(raw, `items[${i}]`);
      const found = categoriesOfItem(ctx, item.catalogItemId);
      const direct = new Set(found.directCategoryIds);
      return {
        item,
        directCategoryIds: found.directCategoryIds,
        indirectCategoryIds: found.allCategoryIds.filter((c) => !direct.has(c)),
      };
    }),
  };
}

/** `arranged-items`: the merchant's order of a category's products. */
export function arrangedItems(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['treeReference']);
  checkTree(body.treeReference);
  const category = readableCategory(ctx, caller, id);
  const present = new Set(productIdsIn(ctx, category));
  return {
    items: (category.arrangedItemIds ?? [])
      .filter((p) => present.has(p))
      .map((catalogItemId) => ({ catalogItemId, appId: STORES_APP_ID })),
  };
}

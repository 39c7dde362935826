/**
 * Which products a category holds: items in and out (by category or by product), a product's
 * categories set at once, and the merchant's arrangement. Membership is kept on the products
 * (`collectionIds`, the one record of it); each change emits the category's item events.
 */
import type { EmulatorContext } from '../context.js';
import type { Caller } from '../http/app-env.js';
import { applicationError, fieldError } from '../http/errors.js';
import { editableProduct, getProduct, saveProduct } from '../catalog/records.js';
import { STORES_APP_ID } from '../models/catalog.js';
import type { Transaction } from '../models/state.js';
import { V3_EVENT_TYPES } from '../webhooks/domain-events.js';
import { renderCategory } from './categories.js';
import { checkItem, checkTree } from './category-service.js';
import { checkKeys } from './requests.js';
import { ALL_PRODUCTS_CATEGORY_ID, STORES_NAMESPACE } from './ids.js';
import { categoryEvent, saveCategory, stored } from './category-records.js';
import { bulk, bulkIds, bulkList } from './bulk.js';
/** Adds (`add`) or removes a product from a category, in a transaction; emits the item action. */
export function changeMembership(
  ctx: EmulatorContext,
  tx: Transaction,
  caller: Caller,
  categoryId: string,
  productId: string,
  add: boolean,
): void {
  const record = stored(ctx, categoryId);
  const product = getProduct(ctx, productId);
  if (!product) throw applicationError(404, 'ITEM_NOT_FOUND', 'No product has this id');
  const inIt = product.collectionIds.includes(categoryId);
  if (inIt === add) return;
  const copy = editableProduct(product);
  copy.collectionIds = add
    ? [...copy.collectionIds, categoryId]
    : copy.collectionIds.filter((c) => c !== categoryId);
  saveProduct(ctx, tx, copy);
  if (!add && record.arrangedItemIds?.includes(productId))
    record.arrangedItemIds = record.arrangedItemIds.filter((p) => p !== productId);
  const saved = saveCategory(ctx, tx, record);
  const item = { catalogItemId: productId, appId: STORES_APP_ID };
  const treeReference = { appNamespace: STORES_NAMESPACE };
  categoryEvent(
    ctx,
    tx,
    caller,
    add ? V3_EVENT_TYPES.itemAddedToCategory : V3_EVENT_TYPES.itemRemovedFromCategory,
    saved,
    {
      actionEvent: {
        body: { categoryId, ...(add ? { addedItem: item } : { removedItem: item }), treeReference },
      },
    },
  );
}

function itemsOf(raw: unknown, path: string) {
  return bulkList(raw, path).map((item, i) => checkItem(item, `${path}[${i}]`));
}

/** `POST /bulk/categories/{categoryId}/add-items` and `…/remove-items`. */
export function bulkItemsOfCategory(
  ctx: EmulatorContext,
  caller: Caller,
  categoryId: string,
  body: Record<string, unknown>,
  add: boolean,
) {
  checkKeys(body, ['categoryId', 'items', 'treeReference']);
  checkTree(body.treeReference);
  const items = itemsOf(body.items, 'items');
  stored(ctx, categoryId);
  return bulk(
    ctx,
    items,
    false,
    (tx, item) => {
      changeMembership(ctx, tx, caller, categoryId, item.catalogItemId, add);
      return {};
    },
    'item',
    (item) => ({ item }),
  );
}

/** `POST /bulk/categories/add-item` and `…/remove-item`: one product in or out of categories. */
export function bulkItemInCategories(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
  add: boolean,
) {
  checkKeys(body, ['item', 'categoryIds', 'treeReference']);
  checkTree(body.treeReference);
  const item = checkItem(body.item, 'item');
  const ids = bulkIds(body.categoryIds, 'categoryIds');
  return bulk(ctx, ids, false, (tx, id) => {
    changeMembership(ctx, tx, caller, id, item.catalogItemId, add);
    return { id };
  });
}

/** `POST /bulk/categories/set-item-categories`: a product's categories, exactly. */
export function setItemCategories(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['item', 'categoryIds', 'treeReference']);
  checkTree(body.treeReference);
  const item = checkItem(body.item, 'item');
  const wanted = (body.categoryIds ?? []) as unknown;
  if (!Array.isArray(wanted) || !wanted.every((x) => typeof x === 'string'))
    throw fieldError('categoryIds', 'must be a list of ids');
  const product = getProduct(ctx, item.catalogItemId);
  if (!product) throw applicationError(404, 'ITEM_NOT_FOUND', 'No product has this id');
  const target = wanted.filter((id) => id !== ALL_PRODUCTS_CATEGORY_ID);
  const adding = target.filter((id) => !product.collectionIds.includes(id));
  const removing = product.collectionIds.filter((id) => !target.includes(id));
  return ctx.store.transaction((tx) => {
    const run = (ids: string[], add: boolean) =>
      ids.map((id, originalIndex) => {
        changeMembership(ctx, tx, caller, id, item.catalogItemId, add);
        return { itemMetadata: { id, originalIndex, success: true } };
      });
    const addResults = run(adding, true);
    const removeResults = run(removing, false);
    const total = addResults.length + removeResults.length;
    return {
      addResults,
      removeResults,
      bulkActionMetadata: { totalSuccesses: total, totalFailures: 0, undetailedFailures: 0 },
    };
  });
}

/** `POST /categories/{categoryId}/set-arranged-items`: the merchant's order (at most 100). */
export function setArrangedItems(
  ctx: EmulatorContext,
  caller: Caller,
  categoryId: string,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['categoryId', 'treeReference', 'items']);
  checkTree(body.treeReference);
  const items = body.items === undefined || body.items === null ? [] : itemsOf(body.items, 'items');
  if (items.length > 100) throw fieldError('items', 'must hold at most 100 items', 'MAX_SIZE');
  return ctx.store.transaction((tx) => {
    const record = stored(ctx, categoryId);
    for (const [i, item] of items.entries())
      if (!getProduct(ctx, item.catalogItemId)?.collectionIds.includes(categoryId))
        throw fieldError(`items[${i}].catalogItemId`, 'is not an item of this category');
    record.arrangedItemIds = items.map((i) => i.catalogItemId);
    const saved = saveCategory(ctx, tx, record);
    categoryEvent(ctx, tx, caller, V3_EVENT_TYPES.categoryUpdated, saved, {
      updatedEvent: { currentEntity: renderCategory(ctx, saved, new Set()) },
    });
    return { items };
  });
}

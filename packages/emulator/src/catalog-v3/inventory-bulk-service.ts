/**
 * Inventory items V3 bulk calls: create, update, upsert and delete many, increments and
 * decrements (by item, or by variant and location), and changes by filter (answered with a
 * `jobId`, the platform's jobs being asynchronous). Each call is one store transaction.
 */
import type { EmulatorContext } from '../context.js';
import type { Caller } from '../http/app-env.js';
import { fieldError } from '../http/errors.js';
import { randomId } from '../crypto/random.js';
import { isObject } from '../query/filter.js';
import { bulk, bulkList } from './bulk.js';
import { identityOf } from '../webhooks/identity.js';
import { checkKeys } from './requests.js';
import { DEFAULT_LOCATION_ID, inventoryItemId } from './ids.js';
import {
  changeStock,
  createItemIn,
  deleteItemIn,
  getInventoryItem,
  itemIdsByFilter,
  updateItemIn,
} from './inventory-service.js';
import { allProducts } from '../catalog/records.js';
import { stringOf } from './requests.js';

const masked = (raw: unknown) =>
  isObject(raw) && isObject(raw.inventoryItem) ? raw.inventoryItem : {};

/** `POST /bulk/inventory-items/create`. */
export function bulkCreateItems(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['inventoryItems', 'returnEntity']);
  return bulk(
    ctx,
    bulkList(body.inventoryItems, 'inventoryItems', 1000),
    body.returnEntity === true,
    (tx, raw) => createItemIn(ctx, tx, caller, isObject(raw) ? raw : {}, 'inventoryItems'),
    'item',
  );
}

/** `POST /bulk/inventory-items/update` and `…/upsert` (an upsert of a variant without an item creates it). */
export function bulkUpdateItems(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
  upsert: boolean,
) {
  checkKeys(body, ['inventoryItems', 'returnEntity', 'reason']);
  return bulk(
    ctx,
    bulkList(body.inventoryItems, 'inventoryItems', 1000),
    body.returnEntity === true,
    (tx, raw) => {
      const item = masked(raw);
      const id = stringOf(item.id);
      if (upsert && id === '') {
        const { revision: _r, ...rest } = item;
        return createItemIn(ctx, tx, caller, rest, 'inventoryItems.inventoryItem');
      }
      return updateItemIn(ctx, tx, caller, id, item, 'inventoryItems.inventoryItem');
    },
    'item',
  );
}

/** `POST /bulk/inventory-items/delete`. */
export function bulkDeleteItems(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['inventoryItemIds']);
  return bulk(ctx, bulkList(body.inventoryItemIds, 'inventoryItemIds', 1000), false, (tx, id) =>
    deleteItemIn(ctx, tx, caller, stringOf(id)),
  );
}

/** The item of a variant at the store's location, for calls that name variant and location. */
function itemIdOf(ctx: EmulatorContext, variantId: unknown, locationId: unknown): string {
  if (locationId !== undefined && locationId !== null && locationId !== DEFAULT_LOCATION_ID)
    return '';
  for (const product of allProducts(ctx))
    for (const variant of product.variants)
      if (variant.id === variantId && variant.inventoryItemDeleted !== true)
        return inventoryItemId(product.id, variant.id);
  return '';
}

/**
 * `POST /bulk/inventory-items/{increment,decrement}[-by-variant-and-location]`: each entry names
 * an item (or a variant and the location) and a whole amount; with `restrictInventory`, a
 * decrement below zero is refused for that entry.
 */
export function adjustItems(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
  sign: 1 | -1,
  byVariant: boolean,
) {
  const key = sign > 0 ? 'incrementData' : 'decrementData';
  const by = sign > 0 ? 'incrementBy' : 'decrementBy';
  checkKeys(body, [key, 'returnEntity', 'reason', 'restrictInventory']);
  return bulk(
    ctx,
    bulkList(body[key], key),
    body.returnEntity === true,
    (tx, raw) => {
      const entry = isObject(raw) ? raw : {};
      const id = byVariant
        ? itemIdOf(ctx, entry.variantId, entry.locationId)
        : stringOf(entry.inventoryItemId);
      const amount = entry[by];
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1)
        throw fieldError(`${key}.${by}`, 'must be a whole number of at least 1', 'VALIDATION');
      const current = getInventoryItem(ctx, id).inventoryItem;
      const quantity = Number(current.quantity) + sign * amount;
      if (sign < 0 && body.restrictInventory === true && quantity < 0)
        throw fieldError(`${key}.${by}`, 'is more than the item has in stock', 'VALIDATION');
      return changeStock(
        ctx,
        tx,
        identityOf(caller),
        String(current.productId),
        String(current.variantId),
        {
          quantity,
        },
      );
    },
    'item',
  );
}

/** Runs `change` on every item a by-filter call names, in one transaction. */
function byFilter(
  ctx: EmulatorContext,
  body: Record<string, unknown>,
  change: (id: string, current: Record<string, unknown>) => Record<string, unknown>,
  caller: Caller,
) {
  const ids = itemIdsByFilter(ctx, body);
  return ctx.store.transaction((tx) => {
    for (const id of ids) {
      const current = getInventoryItem(ctx, id).inventoryItem;
      updateItemIn(
        ctx,
        tx,
        caller,
        id,
        { ...change(id, current), revision: current.revision },
        'inventoryItem',
      );
    }
    return { jobId: randomId() };
  });
}

/** `POST /bulk/inventory-items/update-by-filter`: `{filter, inventoryItem: {quantity | inStock | trackQuantity}}`. */
export function updateItemsByFilter(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['filter', 'search', 'inventoryItem']);
  const item = isObject(body.inventoryItem) ? body.inventoryItem : {};
  const { quantity, inStock, trackQuantity } = item;
  return byFilter(
    ctx,
    body,
    () => ({
      ...(quantity !== undefined ? { quantity } : {}),
      ...(inStock !== undefined ? { inStock } : {}),
      ...(trackQuantity !== undefined ? { trackQuantity } : {}),
    }),
    caller,
  );
}

/** `POST /bulk/inventory-items/{set-or-adjust,adjust}-by-filter`: quantities moved by an amount. */
export function adjustItemsByFilter(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
  key: string,
) {
  checkKeys(body, ['filter', 'search', key, 'trackQuantity']);
  const action = isObject(body[key]) ? body[key] : {};
  const delta =
    typeof action.incrementBy === 'number'
      ? action.incrementBy
      : typeof action.decrementBy === 'number'
        ? -action.decrementBy
        : 0;
  return byFilter(
    ctx,
    body,
    (_id, current) => ({ quantity: Number(current.quantity) + delta }),
    caller,
  );
}

/** `POST /bulk/inventory-items/delete-by-filter`. */
export function deleteItemsByFilter(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['filter', 'search']);
  const ids = itemIdsByFilter(ctx, body);
  return ctx.store.transaction((tx) => {
    for (const id of ids) deleteItemIn(ctx, tx, caller, id);
    return { jobId: randomId() };
  });
}

/**
 * `POST /bulk/inventory-items/create-by-variant-filter`: items for the variants without one among
 * the products the filter (a product search filter) names.
 */
export function createItemsByVariantFilter(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
  productIds: string[],
) {
  checkKeys(body, ['filter', 'search', 'locationId', 'inventoryCreationData']);
  const data = isObject(body.inventoryCreationData) ? body.inventoryCreationData : {};
  return ctx.store.transaction((tx) => {
    for (const productId of productIds)
      for (const variant of ctx.store.state.products[productId]?.variants ?? [])
        if (variant.inventoryItemDeleted === true)
          createItemIn(
            ctx,
            tx,
            caller,
            { ...data, productId, variantId: variant.id, locationId: body.locationId },
            'inventoryCreationData',
          );
    return { jobId: randomId() };
  });
}

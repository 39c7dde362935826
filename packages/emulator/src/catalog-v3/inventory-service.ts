/**
 * Inventory items V3 (platform-wire-v3.md "Inventory items V3"): one item per variant at the
 * store's one location, drawn from the variant's stock (`trackQuantity`, `quantity`, `inStock`),
 * with an id derived from the product and variant (ids.ts) and a revision kept on the variant.
 * Changing an item changes the variant's stock, so carts, checkouts and V1 views see it too.
 * Deleting an item leaves its variant out of stock and without an item, until one is created
 * for it again; a variant has at most one item (a second is refused, 409).
 */
import type { EmulatorContext } from '../context.js';
import type { Caller } from '../http/app-env.js';
import { applicationError, fieldError, notFound } from '../http/errors.js';
import { allProducts, editableProduct, saveProduct } from '../catalog/records.js';
import { variantInStock } from '../catalog/render.js';
import type { ProductRecord, VariantRecord } from '../models/catalog.js';
import type { Transaction } from '../models/state.js';
import { isObject } from '../query/filter.js';
import { V3_EVENT_TYPES, domainEvent } from '../webhooks/domain-events.js';
import { identityOf } from '../webhooks/identity.js';
import type { WebhookIdentity } from '../models/events.js';
import { aggregate, checkAggregations } from './aggregations.js';
import { directCategoryIds } from './categories.js';
import { checkKeys } from './requests.js';
import { DEFAULT_LOCATION_ID, inventoryItemId } from './ids.js';
import type { QuerySpec } from './query.js';
import { countV3, parseV3Query, runV3Query } from './query.js';
import { stringOf } from './requests.js';
import { checkRevision } from './revision.js';

const ALL = '*' as const;
const FIELDS = [
  'id',
  'productId',
  'variantId',
  'locationId',
  'inStock',
  'quantity',
  'trackQuantity',
  'availabilityStatus',
  'createdDate',
  'updatedDate',
  'product.name',
  'product.variantSku',
  'product.variantVisible',
  'product.directCategoryIds',
  'preorderInfo.enabled',
];

/** What inventory queries and searches filter and sort on. */
export const INVENTORY_SPEC: QuerySpec = {
  filterable: Object.fromEntries(FIELDS.map((f) => [f, ALL])),
  sortable: new Set(FIELDS),
  maxLimit: 1000,
  searchFields: ['product.name', 'product.variantSku'],
};

interface Located {
  product: Readonly<ProductRecord>;
  variant: VariantRecord;
}

/** An inventory item's wire shape. */
export function renderInventoryItem({ product, variant }: Located): Record<string, unknown> {
  const inStock = variantInStock(variant);
  const names = product.productOptions
    .map((o) => variant.choices[o.name])
    .filter((c) => c !== undefined);
  return {
    id: inventoryItemId(product.id, variant.id),
    revision: String(variant.stockRevision ?? 1),
    createdDate: product.createdDate,
    updatedDate: product.lastUpdated,
    variantId: variant.id,
    locationId: DEFAULT_LOCATION_ID,
    productId: product.id,
    trackQuantity: variant.trackQuantity,
    inStock,
    quantity: variant.trackQuantity ? variant.quantity : 0,
    availabilityStatus: inStock ? 'IN_STOCK' : 'OUT_OF_STOCK',
    preorderInfo: { enabled: false, counter: 0, quantity: 0 },
    product: {
      name: product.name,
      directCategoryIds: directCategoryIds(product),
      variantName: names.length > 0 ? names.join(' / ') : product.name,
      variantSku: variant.sku,
      variantVisible: variant.visible,
    },
  };
}

function everyItem(ctx: EmulatorContext): Located[] {
  return allProducts(ctx).flatMap((product) =>
    product.variants
      .filter((variant) => variant.inventoryItemDeleted !== true)
      .map((variant) => ({ product, variant })),
  );
}

function findItem(ctx: EmulatorContext, id: string): Located | undefined {
  return everyItem(ctx).find((l) => inventoryItemId(l.product.id, l.variant.id) === id);
}

/** An item by id. @throws {ApiError} 404. */
export function getInventoryItem(ctx: EmulatorContext, id: string) {
  const found = findItem(ctx, id);
  if (!found) throw notFound('No inventory item has this id');
  return { inventoryItem: renderInventoryItem(found) };
}

/** `query` and `search` (a query may also page by offset: `paging`). */
export function findInventoryItems(
  ctx: EmulatorContext,
  body: Record<string, unknown>,
  root: 'query' | 'search',
) {
  checkKeys(body, [root]);
  const raw = isObject(body[root]) ? { ...body[root] } : body[root];
  let offset = 0;
  if (isObject(raw) && raw.paging !== undefined) {
    const paging = isObject(raw.paging) ? raw.paging : {};
    offset = typeof paging.offset === 'number' ? paging.offset : 0;
    raw.cursorPaging = typeof paging.limit === 'number' ? { limit: paging.limit } : {};
    delete raw.paging;
  }
  const keys = root === 'search' ? ['search', 'aggregations', 'timeZone'] : [];
  const query = parseV3Query(raw, root, INVENTORY_SPEC, keys);
  if (offset > 0) query.offset = offset;
  const aggregations =
    root === 'search' && isObject(raw)
      ? checkAggregations(raw.aggregations, 'search.aggregations')
      : [];
  const { page, matched, pagingMetadata } = runV3Query(
    everyItem(ctx),
    renderInventoryItem,
    query,
    INVENTORY_SPEC.searchFields,
  );
  return {
    inventoryItems: page.map(renderInventoryItem),
    pagingMetadata,
    ...(aggregations.length > 0
      ? { aggregationData: aggregate(matched.map(renderInventoryItem), aggregations) }
      : {}),
  };
}

/** `count`. */
export function countInventoryItems(ctx: EmulatorContext, body: Record<string, unknown>) {
  checkKeys(body, ['filter', 'search']);
  return {
    count: countV3(
      everyItem(ctx).map(renderInventoryItem),
      body.filter,
      body.search,
      INVENTORY_SPEC,
    ),
  };
}

/** The stock fields an item change may set. */
export interface StockChange {
  trackQuantity?: boolean;
  quantity?: number;
  inStock?: boolean;
}

/** Checks an item body's stock fields. @throws {ApiError} 400 naming the field. */
export function stockChangeOf(input: Record<string, unknown>, path: string): StockChange {
  const change: StockChange = {};
  if (input.quantity !== undefined && input.quantity !== null) {
    if (
      typeof input.quantity !== 'number' ||
      !Number.isInteger(input.quantity) ||
      input.quantity < -99_999 ||
      input.quantity > 99_999
    )
      throw fieldError(`${path}.quantity`, 'must be an integer from -99999 to 99999', 'VALIDATION');
    change.quantity = input.quantity;
  }
  for (const name of ['inStock', 'trackQuantity'] as const) {
    const value = input[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'boolean')
      throw fieldError(`${path}.${name}`, 'must be a boolean', 'VALIDATION');
    change[name] = value;
  }
  if (change.quantity !== undefined && change.inStock !== undefined)
    throw fieldError(path, 'must set quantity or inStock, not both', 'ONE_OF_ALIGNMENT');
  return change;
}

/**
 * Applies a stock change to a variant of a product, stores it and emits the item's
 * `inventory_item_updated` (and `inventory_item_stock_status_updated` when in-stock flips).
 * Used by item writes and by orders taking stock.
 */
export function changeStock(
  ctx: EmulatorContext,
  tx: Transaction,
  who: WebhookIdentity,
  productId: string,
  variantId: string,
  change: StockChange,
): Record<string, unknown> {
  const product = ctx.store.state.products[productId];
  if (!product) throw notFound('No inventory item has this id');
  const copy = editableProduct(product);
  const variant = copy.variants.find((v) => v.id === variantId);
  if (!variant) throw notFound('No inventory item has this id');
  const before = variantInStock(variant);
  if (change.trackQuantity !== undefined) variant.trackQuantity = change.trackQuantity;
  if (change.quantity !== undefined) {
    variant.trackQuantity = true;
    variant.quantity = change.quantity;
  }
  if (change.inStock !== undefined) {
    variant.trackQuantity = false;
    variant.inStock = change.inStock;
  }
  variant.stockRevision = (variant.stockRevision ?? 1) + 1;
  const saved = saveProduct(ctx, tx, copy);
  const savedVariant = saved.variants.find((v) => v.id === variantId)!;
  const item = renderInventoryItem({ product: saved, variant: savedVariant });
  const entity = {
    kind: 'inventoryItem' as const,
    id: String(item.id),
    sequence: savedVariant.stockRevision ?? 1,
    at: ctx.nowIso(),
  };
  tx.emit(
    domainEvent(V3_EVENT_TYPES.inventoryItemUpdated, who, entity, {
      updatedEvent: { currentEntity: item },
    }),
  );
  if (variantInStock(savedVariant) !== before)
    tx.emit(
      domainEvent(V3_EVENT_TYPES.inventoryItemStockStatusUpdated, who, entity, {
        actionEvent: { body: { inStock: !before } },
      }),
    );
  return item;
}

/** Updates one item inside a transaction (checks its revision). */
export function updateItemIn(
  ctx: EmulatorContext,
  tx: Transaction,
  caller: Caller,
  id: string,
  input: Record<string, unknown>,
  path: string,
) {
  for (const key of Object.keys(input))
    if (
      ![
        'id',
        'revision',
        'quantity',
        'inStock',
        'trackQuantity',
        'preorderInfo',
        'variantId',
        'productId',
        'locationId',
        'createdDate',
        'updatedDate',
        'availabilityStatus',
        'product',
        'extendedFields',
      ].includes(key)
    )
      throw fieldError(`${path}.${key}`, 'is not a known field', 'FIELD_NOT_ALLOWED');
  if (isObject(input.preorderInfo) && input.preorderInfo.enabled === true)
    throw applicationError(400, 'PRE_ORDER_VALIDATION', 'The emulator does not take pre-orders');
  const change = stockChangeOf(input, path);
  const found = findItem(ctx, id);
  if (!found) throw notFound('No inventory item has this id');
  checkRevision(input.revision, found.variant.stockRevision, `${path}.revision`);
  return changeStock(ctx, tx, identityOf(caller), found.product.id, found.variant.id, change);
}

/** `PATCH /inventory-items/{inventoryItem.id}`. */
export function updateInventoryItem(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['inventoryItem', 'reason']);
  if (!isObject(body.inventoryItem))
    throw fieldError('inventoryItem', 'is required', 'REQUIRED_FIELD');
  const input = body.inventoryItem;
  if (input.id !== undefined && input.id !== id)
    throw fieldError('inventoryItem.id', 'must be the same as the path parameter of the same name');
  return ctx.store.transaction((tx) => ({
    inventoryItem: updateItemIn(ctx, tx, caller, id, input, 'inventoryItem'),
  }));
}

/** Emits an item's created or deleted event. */
function itemEvent(
  ctx: EmulatorContext,
  tx: Transaction,
  caller: Caller,
  type: string,
  item: Record<string, unknown>,
  body: Parameters<typeof domainEvent>[3],
): void {
  const entity = {
    kind: 'inventoryItem' as const,
    id: String(item.id),
    sequence: Number(item.revision),
    at: ctx.nowIso(),
  };
  tx.emit(domainEvent(type, identityOf(caller), entity, body));
}

/**
 * Creates the item of a variant that has none (its stock from the body), inside a transaction.
 * @throws {ApiError} 400 naming what is wrong; 404 for an unknown variant; 409 when the variant has
 *   an item already.
 */
export function createItemIn(
  ctx: EmulatorContext,
  tx: Transaction,
  caller: Caller,
  input: Record<string, unknown>,
  path: string,
) {
  for (const key of Object.keys(input))
    if (
      ![
        'productId',
        'variantId',
        'locationId',
        'quantity',
        'inStock',
        'trackQuantity',
        'preorderInfo',
        'id',
        'revision',
      ].includes(key)
    )
      throw fieldError(`${path}.${key}`, 'is not a known field', 'FIELD_NOT_ALLOWED');
  if (
    input.locationId !== undefined &&
    input.locationId !== null &&
    input.locationId !== DEFAULT_LOCATION_ID
  )
    throw fieldError(`${path}.locationId`, "must be the store's one location", 'VALIDATION');
  const product = ctx.store.state.products[stringOf(input.productId)];
  const variant = product?.variants.find((v) => v.id === input.variantId);
  if (!product || !variant) throw notFound('No variant of this product has this id');
  if (variant.inventoryItemDeleted !== true)
    throw applicationError(
      409,
      'INVENTORY_ITEM_ALREADY_EXISTS',
      'This variant has an inventory item at this location',
    );
  const change = stockChangeOf(input, path);
  const copy = editableProduct(product);
  const target = copy.variants.find((v) => v.id === variant.id)!;
  delete target.inventoryItemDeleted;
  target.stockRevision = (target.stockRevision ?? 1) + 1;
  if (change.quantity !== undefined)
    Object.assign(target, { trackQuantity: true, quantity: change.quantity });
  else
    Object.assign(target, {
      trackQuantity: change.trackQuantity ?? false,
      inStock: change.inStock ?? true,
    });
  const saved = saveProduct(ctx, tx, copy);
  const item = renderInventoryItem({
    product: saved,
    variant: saved.variants.find((v) => v.id === variant.id)!,
  });
  itemEvent(ctx, tx, caller, V3_EVENT_TYPES.inventoryItemCreated, item, {
    createdEvent: { entity: item },
  });
  return item;
}

/** Deletes an item, inside a transaction: its variant is out of stock until an item is created. */
export function deleteItemIn(ctx: EmulatorContext, tx: Transaction, caller: Caller, id: string) {
  const found = findItem(ctx, id);
  if (!found) throw notFound('No inventory item has this id');
  const copy = editableProduct(found.product);
  const target = copy.variants.find((v) => v.id === found.variant.id)!;
  Object.assign(target, {
    inventoryItemDeleted: true,
    trackQuantity: false,
    inStock: false,
    quantity: 0,
  });
  target.stockRevision = (target.stockRevision ?? 1) + 1;
  saveProduct(ctx, tx, copy);
  itemEvent(
    ctx,
    tx,
    caller,
    V3_EVENT_TYPES.inventoryItemDeleted,
    { id, revision: target.stockRevision },
    { deletedEvent: {} },
  );
  return { id };
}

/** The items of the variants of the products a by-filter call's filter names (inventory fields). */
export function itemIdsByFilter(ctx: EmulatorContext, body: Record<string, unknown>): string[] {
  if (body.filter === undefined) throw fieldError('filter', 'is required', 'REQUIRED_FIELD');
  const query = parseV3Query({ filter: body.filter, search: body.search }, '', INVENTORY_SPEC, [
    'search',
  ]);
  query.limit = Number.MAX_SAFE_INTEGER;
  return runV3Query(
    everyItem(ctx),
    renderInventoryItem,
    query,
    INVENTORY_SPEC.searchFields,
  ).matched.map((l) => inventoryItemId(l.product.id, l.variant.id));
}

/**
 * Products V3 writes (merchant side): create, update with `revision`, delete, their
 * with-inventory forms, and the bulk calls. Each writes the product record (the one source of
 * truth) in one store transaction that emits `product_created`, `product_updated` or
 * `product_deleted` once the change is on disk.
 */
import type { EmulatorContext } from '../context.js';
import type { Caller } from '../http/app-env.js';
import { fieldError } from '../http/errors.js';
import { uniqueSlug } from '../catalog/inputs.js';
import { editableProduct, requireProduct, saveProduct } from '../catalog/records.js';
import { deleteProduct as removeProduct } from '../catalog/records.js';
import type { ProductRecord } from '../models/catalog.js';
import type { Transaction } from '../models/state.js';
import { isObject } from '../query/filter.js';
import { V3_EVENT_TYPES, domainEvent } from '../webhooks/domain-events.js';
import { identityOf } from '../webhooks/identity.js';
import { checkKeys } from './requests.js';
import { bulk, bulkList } from './bulk.js';
import { PRODUCT_FIELDS, parseFields } from './fields.js';
import { applyV3Input } from './product-input.js';
import { renderV3Product } from './product-render.js';
import { checkRevision } from './revision.js';
import { stringOf } from './requests.js';
import { newProductRecord, productSlugTaken } from '../catalog/product-write-service.js';

function emit(
  ctx: EmulatorContext,
  tx: Transaction,
  caller: Caller,
  type: string,
  product: Readonly<ProductRecord>,
  body: Parameters<typeof domainEvent>[3],
) {
  tx.emit(
    domainEvent(
      type,
      identityOf(caller),
      { kind: 'product', id: product.id, sequence: product.revision ?? 1, at: ctx.nowIso() },
      body,
    ),
  );
}

function wire(ctx: EmulatorContext, product: Readonly<ProductRecord>, fields: ReadonlySet<string>) {
  return renderV3Product(ctx, product, { fields, variants: true });
}

/** Creates a product from a V3 body, inside a transaction. */
export function createIn(
  ctx: EmulatorContext,
  tx: Transaction,
  caller: Caller,
  input: unknown,
  fields: ReadonlySet<string>,
) {
  if (!isObject(input)) throw fieldError('product', 'is required', 'REQUIRED_FIELD');
  if (typeof input.name !== 'string')
    throw fieldError('product.name', 'is required', 'REQUIRED_FIELD');
  if (input.productType === undefined)
    throw fieldError('product.productType', 'is required', 'REQUIRED_FIELD');
  if (!isObject(input.variantsInfo))
    throw fieldError('product.variantsInfo.variants', 'is required', 'REQUIRED_FIELD');
  const product = newProductRecord(ctx);
  const taken = productSlugTaken(ctx, product.id);
  applyV3Input(product, input, taken);
  if (!product.slug) product.slug = uniqueSlug(product.name, taken);
  const saved = saveProduct(ctx, tx, product);
  const out = wire(ctx, saved, fields);
  emit(ctx, tx, caller, V3_EVENT_TYPES.productCreated, saved, { createdEvent: { entity: out } });
  return out;
}

/** Updates a product from a V3 body naming its revision, inside a transaction. */
export function updateIn(
  ctx: EmulatorContext,
  tx: Transaction,
  caller: Caller,
  id: string,
  input: unknown,
  fields: ReadonlySet<string>,
) {
  if (!isObject(input)) throw fieldError('product', 'is required', 'REQUIRED_FIELD');
  if (input.id !== undefined && input.id !== id)
    throw fieldError('product.id', 'must be the same as the path parameter of the same name');
  const stored = requireProduct(ctx, id);
  checkRevision(input.revision, stored.revision, 'product.revision');
  const product = editableProduct(stored);
  const changed = applyV3Input(product, input, productSlugTaken(ctx, id));
  const saved = saveProduct(ctx, tx, product);
  const out = wire(ctx, saved, fields);
  emit(ctx, tx, caller, V3_EVENT_TYPES.productUpdated, saved, {
    updatedEvent: {
      currentEntity: out,
      modifiedFields: Object.fromEntries(changed.map((f) => [f, out[f] ?? null])),
    },
  });
  return out;
}

/** Deletes a product, inside a transaction. */
export function deleteIn(ctx: EmulatorContext, tx: Transaction, caller: Caller, id: string) {
  const stored = requireProduct(ctx, id);
  removeProduct(ctx, tx, id);
  emit(
    ctx,
    tx,
    caller,
    V3_EVENT_TYPES.productDeleted,
    { ...stored, revision: (stored.revision ?? 1) + 1 },
    { deletedEvent: {} },
  );
  return { id };
}

/** `POST /products` and `/products-with-inventory`. */
export function createProduct(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
  withInventory: boolean,
) {
  checkKeys(body, withInventory ? ['product', 'returnEntity', 'fields'] : ['product', 'fields']);
  const fields = parseFields(body.fields, PRODUCT_FIELDS, caller);
  return ctx.store.transaction((tx) => ({
    product: createIn(ctx, tx, caller, body.product, fields),
  }));
}

/** `PATCH /products/{product.id}` and `/products-with-inventory/{product.id}`. */
export function updateProduct(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  body: Record<string, unknown>,
  withInventory: boolean,
) {
  checkKeys(body, withInventory ? ['product', 'returnEntity', 'fields'] : ['product', 'fields']);
  const fields = parseFields(body.fields, PRODUCT_FIELDS, caller);
  return ctx.store.transaction((tx) => ({
    product: updateIn(ctx, tx, caller, id, body.product, fields),
  }));
}

/** `DELETE /products/{productId}`. */
export function deleteProduct(ctx: EmulatorContext, caller: Caller, id: string) {
  return ctx.store.transaction((tx) => {
    deleteIn(ctx, tx, caller, id);
    return {};
  });
}

/** `POST /bulk/products[-with-inventory]/create`: `{results: [{itemMetadata, item?}]}`. */
export function bulkCreate(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
  withInventory: boolean,
) {
  checkKeys(body, ['products', 'returnEntity', 'fields']);
  const fields = parseFields(body.fields, PRODUCT_FIELDS, caller);
  const answer = bulk(
    ctx,
    bulkList(body.products, 'products'),
    body.returnEntity === true,
    (tx, p) => createIn(ctx, tx, caller, p, fields),
    'item',
  );
  return withInventory ? answer.then((a) => ({ productResults: a })) : answer;
}

/** `POST /bulk/products[-with-inventory]/update`: `{products: [{product: {id, revision, …}}]}`. */
export function bulkUpdate(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
  withInventory: boolean,
) {
  checkKeys(body, ['products', 'returnEntity', 'fields']);
  const fields = parseFields(body.fields, PRODUCT_FIELDS, caller);
  const answer = bulk(
    ctx,
    bulkList(body.products, 'products'),
    body.returnEntity === true,
    (tx, masked) => {
      const product = isObject(masked) && isObject(masked.product) ? masked.product : {};
      return updateIn(ctx, tx, caller, stringOf(product.id), product, fields);
    },
    'item',
  );
  return withInventory ? answer.then((a) => ({ productResults: a })) : answer;
}

/** `POST /bulk/products/delete`. */
export function bulkDelete(ctx: EmulatorContext, caller: Caller, body: Record<string, unknown>) {
  checkKeys(body, ['productIds']);
  return bulk(ctx, bulkList(body.productIds, 'productIds'), false, (tx, id) =>
    deleteIn(ctx, tx, caller, String(id)),
  );
}

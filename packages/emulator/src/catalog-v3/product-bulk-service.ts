/**
 * Products V3 bulk changes beyond create, update and delete: tags, info section references, and
 * variants' prices and fields by a product filter (the filter and search of product searches).
 * By-filter calls run at once and answer a `jobId`, as the platform's asynchronous jobs do.
 */
import type { EmulatorContext } from '../context.js';
import type { Caller } from '../http/app-env.js';
import { fieldError } from '../http/errors.js';
import { randomId } from '../crypto/random.js';
import { fromCents, toCents } from '../catalog/money.js';
import { allProducts, editableProduct, requireProduct, saveProduct } from '../catalog/records.js';
import type { ProductRecord } from '../models/catalog.js';
import type { Transaction } from '../models/state.js';
import { isObject } from '../query/filter.js';
import { V3_EVENT_TYPES, domainEvent } from '../webhooks/domain-events.js';
import { identityOf } from '../webhooks/identity.js';
import { bulk, bulkList } from './bulk.js';
import { checkKeys } from './requests.js';
import { PRODUCT_FIELDS, parseFields } from './fields.js';
import { PRODUCT_SEARCH_SPEC, productDocument } from './product-read-service.js';
import { renderV3Product, variantPrices } from './product-render.js';
import { parseV3Query, runV3Query } from './query.js';
import { stringOf } from './requests.js';
import { checkRevision } from './revision.js';

/** The products a by-filter call's `filter` and `search` name. */
export function matchingProducts(ctx: EmulatorContext, body: Record<string, unknown>): string[] {
  if (body.filter === undefined) throw fieldError('filter', 'is required', 'REQUIRED_FIELD');
  const query = parseV3Query(
    { filter: body.filter, search: body.search },
    '',
    PRODUCT_SEARCH_SPEC,
    ['search'],
  );
  query.limit = Number.MAX_SAFE_INTEGER;
  return runV3Query(
    allProducts(ctx),
    (p) => productDocument(ctx, p),
    query,
    PRODUCT_SEARCH_SPEC.searchFields,
  ).matched.map((p) => p.id);
}

/** Edits a copy of a product, saves it and emits `product_updated` naming `fields`. */
function edit(
  ctx: EmulatorContext,
  tx: Transaction,
  caller: Caller,
  id: string,
  fields: string[],
  change: (product: ProductRecord) => void,
) {
  const copy = editableProduct(requireProduct(ctx, id));
  change(copy);
  const saved = saveProduct(ctx, tx, copy);
  const wire = renderV3Product(ctx, saved, { fields: new Set(), variants: true });
  tx.emit(
    domainEvent(
      V3_EVENT_TYPES.productUpdated,
      identityOf(caller),
      { kind: 'product', id, sequence: saved.revision ?? 1, at: ctx.nowIso() },
      {
        updatedEvent: {
          currentEntity: wire,
          modifiedFields: Object.fromEntries(fields.map((f) => [f, wire[f] ?? null])),
        },
      },
    ),
  );
  return saved;
}

function tagIds(raw: unknown, kind: 'privateTags' | 'publicTags'): string[] {
  const list = isObject(raw) && isObject(raw[kind]) ? raw[kind].tagIds : undefined;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

function retag(product: ProductRecord, body: Record<string, unknown>): void {
  const tags = product.tags ?? { privateTags: [], publicTags: [] };
  for (const kind of ['privateTags', 'publicTags'] as const) {
    const removed = new Set(tagIds(body.unassignTags, kind));
    const kept = tags[kind].filter((t) => !removed.has(t));
    tags[kind] = [...new Set([...kept, ...tagIds(body.assignTags, kind)])];
  }
  product.tags = tags;
}

/** `POST /bulk/products/update-tags`. */
export function updateTags(ctx: EmulatorContext, caller: Caller, body: Record<string, unknown>) {
  checkKeys(body, ['productIds', 'assignTags', 'unassignTags']);
  const ids = bulkList(body.productIds, 'productIds', 100, 'ids');
  return bulk(ctx, ids.map(stringOf), false, (tx, id) => ({
    id: edit(ctx, tx, caller, id, ['tags'], (p) => retag(p, body)).id,
  }));
}

/** `POST /bulk/products/update-tags-by-filter`. */
export function updateTagsByFilter(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['filter', 'search', 'assignTags', 'unassignTags']);
  const ids = matchingProducts(ctx, body);
  return ctx.store.transaction((tx) => {
    for (const id of ids) edit(ctx, tx, caller, id, ['tags'], (p) => retag(p, body));
    return { jobId: randomId() };
  });
}

function sectionIds(body: Record<string, unknown>): string[] {
  const ids = body.infoSectionIds;
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > 10 ||
    !ids.every((x) => typeof x === 'string' && x !== '')
  )
    throw fieldError('infoSectionIds', 'must hold 1 to 10 ids', 'MAX_SIZE');
  return ids as string[];
}

function referSections(product: ProductRecord, ids: string[], add: boolean): void {
  const current = product.infoSectionIds ?? [];
  product.infoSectionIds = add
    ? [...new Set([...current, ...ids])]
    : current.filter((id) => !ids.includes(id));
}

/** `POST /bulk/products/{add,remove}-info-sections`: `{products: [{productId, revision}], infoSectionIds}`. */
export function changeInfoSections(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
  add: boolean,
) {
  checkKeys(body, ['products', 'infoSectionIds', 'returnEntity', 'fields']);
  const ids = sectionIds(body);
  const fields = parseFields(body.fields, PRODUCT_FIELDS, caller);
  const list = bulkList(body.products, 'products', 100, 'products');
  return bulk(
    ctx,
    list,
    body.returnEntity === true,
    (tx, raw) => {
      const entry = isObject(raw) ? raw : {};
      const id = stringOf(entry.productId);
      checkRevision(entry.revision, requireProduct(ctx, id).revision, 'products.revision');
      const saved = edit(ctx, tx, caller, id, ['infoSections'], (p) => referSections(p, ids, add));
      return renderV3Product(ctx, saved, { fields, variants: false });
    },
    'item',
  );
}

/** `POST /bulk/products/{add,remove}-info-sections-by-filter`. */
export function changeInfoSectionsByFilter(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
  add: boolean,
) {
  checkKeys(body, ['filter', 'search', 'infoSectionIds']);
  const ids = sectionIds(body);
  const products = matchingProducts(ctx, body);
  return ctx.store.transaction((tx) => {
    for (const id of products)
      edit(ctx, tx, caller, id, ['infoSections'], (p) => referSections(p, ids, add));
    return { jobId: randomId() };
  });
}

function amountOf(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const raw = isObject(value) ? value.amount : undefined;
  if (typeof raw !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(raw))
    throw fieldError(`${field}.amount`, 'must be a decimal string', 'FORMAT');
  return Number(raw);
}

/** `POST /bulk/products/update-variants-by-filter`: `{filter, variant: {price?, visible?, sku?}}`. */
export function updateVariantsByFilter(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['filter', 'search', 'variant']);
  const variant = isObject(body.variant) ? body.variant : {};
  for (const key of Object.keys(variant))
    if (!['price', 'visible', 'physicalProperties'].includes(key))
      throw fieldError(
        `variant.${key}`,
        'is not a field the emulator sets by filter',
        'FIELD_NOT_ALLOWED',
      );
  const price = isObject(variant.price) ? variant.price : {};
  const actual = amountOf(price.actualPrice, 'variant.price.actualPrice');
  const compare = amountOf(price.compareAtPrice, 'variant.price.compareAtPrice');
  const weight = isObject(variant.physicalProperties)
    ? variant.physicalProperties.weight
    : undefined;
  const ids = matchingProducts(ctx, body);
  return ctx.store.transaction((tx) => {
    for (const id of ids)
      edit(ctx, tx, caller, id, ['variantsInfo'], (p) => {
        p.discount = { type: 'NONE', value: 0 };
        for (const v of p.variants) {
          if (actual !== undefined) v.price = actual;
          if (compare !== undefined) v.compareAtPrice = compare;
          if (typeof variant.visible === 'boolean') v.visible = variant.visible;
          if (typeof weight === 'number') v.weight = weight;
        }
      });
    return { jobId: randomId() };
  });
}

function adjusted(cents: number, raw: unknown, field: string, up = 1): number {
  if (!isObject(raw)) return cents;
  if (typeof raw.percentage === 'number')
    return Math.max(0, Math.round(cents * (1 + (up * raw.percentage) / 100)));
  const by = amountOf(raw, field);
  return by === undefined ? cents : Math.max(0, cents + up * toCents(by));
}

/** `POST /bulk/products/adjust-variants-by-filter`: prices and costs moved by amounts or percentages. */
export function adjustVariantsByFilter(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, [
    'filter',
    'search',
    'actualPrice',
    'compareAtPrice',
    'cost',
    'rounding',
    'compareAtPriceDiscount',
  ]);
  const ids = matchingProducts(ctx, body);
  return ctx.store.transaction((tx) => {
    for (const id of ids)
      edit(ctx, tx, caller, id, ['variantsInfo'], (p) => {
        const before = p.variants.map((v) => variantPrices(p, v));
        p.discount = { type: 'NONE', value: 0 };
        p.variants.forEach((v, i) => {
          const { actualCents, compareAtCents } = before[i]!;
          let actual = adjusted(actualCents, body.actualPrice, 'actualPrice');
          const compare = adjusted(compareAtCents, body.compareAtPrice, 'compareAtPrice');
          if (body.compareAtPriceDiscount !== undefined)
            actual = adjusted(compare, body.compareAtPriceDiscount, 'compareAtPriceDiscount', -1);
          v.price = fromCents(actual);
          if (compare > actual) v.compareAtPrice = fromCents(compare);
          else delete v.compareAtPrice;
          if (body.cost !== undefined)
            v.cost = fromCents(adjusted(toCents(v.cost ?? p.cost), body.cost, 'cost'));
        });
      });
    return { jobId: randomId() };
  });
}

/**
 * Merchant-side product writes (platform-wire.md "Catalog write"): create, update and delete a
 * product, its media, its choices' media, its options, its brand and ribbon. Each write checks
 * everything first, then stores a new product record in one store transaction, which emits
 * ProductCreated, ProductChanged or ProductDeleted once the change is on disk. Variant writes are
 * in variant-write-service.ts, bulk writes in bulk-write-service.ts.
 */
import type { Caller } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import type { FieldViolation } from '../http/errors.js';
import { fieldError, validationError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import { randomId } from '../crypto/random.js';
import * as events from '../webhooks/events.js';
import { identityOf } from '../webhooks/identity.js';
import type {
  choiceMediaBody,
  mediaAddBody,
  mediaDeleteBody,
  productCreateBody,
  productUpdateBody,
} from './inputs.js';
import {
  applyProductInput,
  blankProduct,
  checkMediaUrl,
  mediaOfUrl,
  emulatorMedia,
  uniqueSlug,
} from './inputs.js';
import type { ProductRecord, WireProduct } from '../models/catalog.js';
import {
  allProducts,
  deleteProduct as removeProduct,
  editableProduct,
  requireProduct,
  saveProduct,
} from './records.js';
import { productView } from './product-view.js';

/** A product as the merchant reads it: with variants and merchant-only data. */
export function merchantView(ctx: EmulatorContext, product: ProductRecord): WireProduct {
  return productView(product, { baseUrl: ctx.baseUrl, merchant: true, variants: true });
}

/** Whether a product other than `selfId` has a slug (Catalog V1's and V3's product writes). */
export const productSlugTaken = (ctx: EmulatorContext, selfId: string) => (slug: string) =>
  allProducts(ctx).some((p) => p.slug === slug && p.id !== selfId);

/** A new product's record: a fresh id and the next numeric id, nothing else set yet. */
export function newProductRecord(ctx: EmulatorContext): ProductRecord {
  const numericId = String(
    Math.max(1000, ...allProducts(ctx).map((p) => Number(p.numericId) || 0)) + 1,
  );
  return blankProduct(randomId(), ctx.nowIso(), numericId);
}

/** Creates a product and emits ProductCreated. */
export function createProduct(
  ctx: EmulatorContext,
  caller: Caller,
  input: Infer<typeof productCreateBody>['product'],
): Promise<{ product: WireProduct }> {
  return ctx.store.transaction((tx) => {
    const product = newProductRecord(ctx);
    const taken = productSlugTaken(ctx, product.id);
    applyProductInput(product, input, 'product', taken);
    if (!product.slug) product.slug = uniqueSlug(product.name, taken);
    if (product.productOptions.length === 0)
      product.variants = product.variants.map((v) => ({ ...v, sku: product.sku }));
    const wire = merchantView(ctx, saveProduct(ctx, tx, product));
    tx.emit(events.productCreated(identityOf(caller), wire));
    return { product: wire };
  });
}

/**
 * Updates the given fields of a product and emits ProductChanged naming them.
 * @throws {ApiError} 400 when the body's id is another product's; 404 when there is no product.
 */
export function updateProduct(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  input: Infer<typeof productUpdateBody>['product'],
): Promise<{ product: WireProduct }> {
  if (input.id !== undefined && input.id !== id)
    throw fieldError('product.id', 'must match the id in the path', 'VALIDATION');
  return ctx.store.transaction((tx) => {
    const product = editableProduct(requireProduct(ctx, id));
    const { id: _ignored, ...fields } = input;
    const changed = applyProductInput(product, fields, 'product', productSlugTaken(ctx, id));
    const saved = saveProduct(ctx, tx, product);
    tx.emit(events.productChanged(identityOf(caller), id, changed));
    return { product: merchantView(ctx, saved) };
  });
}

/** Deletes a product and emits ProductDeleted. @throws {ApiError} 404 when there is none. */
export function deleteProduct(ctx: EmulatorContext, caller: Caller, id: string): Promise<void> {
  return ctx.store.transaction((tx) => {
    requireProduct(ctx, id);
    removeProduct(ctx, tx, id);
    tx.emit(events.productDeleted(identityOf(caller), id));
  });
}

/**
 * Edits a copy of a product, stores it and emits ProductChanged naming `changedFields`.
 * `check` runs first, on the stored product, and refuses by throwing.
 */
function editProduct(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  changedFields: string[],
  edit: (product: ProductRecord) => void,
  check?: (product: ProductRecord) => void,
): Promise<void> {
  return ctx.store.transaction((tx) => {
    const stored = requireProduct(ctx, id);
    check?.(stored);
    const product = editableProduct(stored);
    edit(product);
    saveProduct(ctx, tx, product);
    tx.emit(events.productChanged(identityOf(caller), id, changedFields));
  });
}

/** Whether a product has a choice named `choice` of its option `option`. */
function hasChoice(product: ProductRecord, option: string, choice: string): boolean {
  return (
    product.productOptions
      .find((o) => o.name === option)
      ?.choices.some((ch) => ch.description === choice) ?? false
  );
}

/** Checks media to add: each an id or a URL, an existing choice, at most 100 in all. */
function checkMediaToAdd(product: ProductRecord, media: Infer<typeof mediaAddBody>['media']) {
  const v: FieldViolation[] = [];
  media.forEach((m, i) => {
    if ((m.mediaId === undefined) === (m.url === undefined))
      v.push({
        field: `media[${i}]`,
        description: 'must have exactly one of mediaId and url',
        violatedRule: 'ONE_OF_ALIGNMENT',
      });
    if (m.url !== undefined) checkMediaUrl(m.url, `media[${i}].url`, v);
    if (m.choice && !hasChoice(product, m.choice.option, m.choice.choice))
      v.push({
        field: `media[${i}].choice`,
        description: 'is not a choice of this product',
        violatedRule: 'VALIDATION',
      });
  });
  if (product.media.length + media.length > 100)
    v.push({
      field: 'media',
      description: 'would give the product more than 100 media items',
      violatedRule: 'MAX_SIZE',
    });
  if (v.length > 0) throw validationError(v);
}

/** Adds media to a product (and to choices, when named). */
export function addMedia(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  media: Infer<typeof mediaAddBody>['media'],
): Promise<void> {
  const edit = (p: ProductRecord) => {
    for (const m of media) {
      const item =
        m.mediaId !== undefined
          ? emulatorMedia(m.mediaId, p.name)
          : mediaOfUrl(m.url!, p.name, randomId);
      if (!p.media.some((x) => x.id === item.id)) p.media.push(item);
      if (m.choice) {
        const choice = p.productOptions
          .find((o) => o.name === m.choice!.option)
          ?.choices.find((ch) => ch.description === m.choice!.choice);
        if (choice && !choice.mediaIds.includes(item.id)) choice.mediaIds.push(item.id);
      }
    }
  };
  return editProduct(ctx, caller, id, ['media'], edit, (p) => checkMediaToAdd(p, media));
}

/** Removes media from a product and its choices; no ids removes them all. */
export function deleteMedia(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  body: Infer<typeof mediaDeleteBody>,
): Promise<void> {
  return editProduct(ctx, caller, id, ['media'], (p) => {
    const remove =
      body.mediaIds && body.mediaIds.length > 0
        ? new Set(body.mediaIds)
        : new Set(p.media.map((m) => m.id));
    p.media = p.media.filter((m) => !remove.has(m.id));
    for (const option of p.productOptions)
      for (const choice of option.choices)
        choice.mediaIds = choice.mediaIds.filter((m) => !remove.has(m));
  });
}

/**
 * Sets (`add`) or removes (`remove`) the media of choices; removing no ids clears a choice.
 * @throws {ApiError} 400 naming unknown choices, and media the product does not have (`add`).
 */
export function changeChoiceMedia(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  mode: 'add' | 'remove',
  media: Infer<typeof choiceMediaBody>['media'],
): Promise<void> {
  const check = (product: ProductRecord) => {
    const v: FieldViolation[] = [];
    media.forEach((m, i) => {
      if (!hasChoice(product, m.option, m.choice))
        v.push({
          field: `media[${i}].choice`,
          description: 'is not a choice of this product',
          violatedRule: 'VALIDATION',
        });
      if (mode === 'add' && m.mediaIds.some((x) => !product.media.some((y) => y.id === x)))
        v.push({
          field: `media[${i}].mediaIds`,
          description: 'names media the product does not have',
          violatedRule: 'VALIDATION',
        });
    });
    if (v.length > 0) throw validationError(v);
  };
  const edit = (p: ProductRecord) => {
    for (const m of media) {
      const choice = p.productOptions
        .find((o) => o.name === m.option)
        ?.choices.find((ch) => ch.description === m.choice);
      if (!choice) continue;
      if (mode === 'add') choice.mediaIds = [...m.mediaIds];
      else
        choice.mediaIds =
          m.mediaIds.length === 0 ? [] : choice.mediaIds.filter((x) => !m.mediaIds.includes(x));
    }
  };
  return editProduct(ctx, caller, id, ['productOptions'], edit, check);
}

/** Removes a product's options, leaving one variant (the first one's id and stock). */
export function deleteOptions(ctx: EmulatorContext, caller: Caller, id: string): Promise<void> {
  const fields = ['productOptions', 'variants', 'manageVariants'];
  return editProduct(ctx, caller, id, fields, (p) => {
    const first = p.variants[0];
    p.productOptions = [];
    p.manageVariants = false;
    p.variants = [
      {
        id: first?.id ?? randomId(),
        choices: {},
        sku: p.sku,
        visible: true,
        trackQuantity: first?.trackQuantity ?? false,
        quantity: first?.quantity ?? 0,
        inStock: true,
      },
    ];
  });
}

/** Clears a product's brand or ribbon. */
export function clearLabel(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  label: 'brand' | 'ribbon',
): Promise<void> {
  return editProduct(ctx, caller, id, [label], (p) => {
    p[label] = '';
  });
}

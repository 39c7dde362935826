/**
 * Merchant-side variant writes: update variants chosen by choices or ids, and reset them to the
 * product's defaults. Each emits VariantsChanged (naming every variant and field changed) once
 * the change is on disk.
 */
import type { Caller } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import type { FieldViolation } from '../http/errors.js';
import { validationError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import * as events from '../webhooks/events.js';
import { identityOf } from '../webhooks/identity.js';
import type { variantsUpdateBody } from './inputs.js';
import type { ProductRecord, VariantRecord, WireProductVariant } from '../models/catalog.js';
import { requireProduct } from './records.js';
import { renderProductVariant } from './render.js';
import { editableProduct, saveProduct } from './records.js';

type VariantUpdate = Infer<typeof variantsUpdateBody>['variants'][number];

/** The fields an update sets on every variant it targets. */
const SETTABLE = ['price', 'cost', 'weight', 'sku', 'visible'] as const;

/** The variants an update targets, or violations naming what does not exist. */
function targetsOf(
  product: ProductRecord,
  update: VariantUpdate,
  field: string,
  v: FieldViolation[],
): VariantRecord[] {
  if (!update.choices && !update.variantIds) {
    v.push({
      field,
      description: 'must name choices or variantIds',
      violatedRule: 'REQUIRED_FIELD',
    });
    return [];
  }
  let targets = product.variants;
  if (update.variantIds) {
    for (const variantId of update.variantIds) {
      if (!product.variants.some((x) => x.id === variantId))
        v.push({
          field: `${field}.variantIds`,
          description: 'names a variant this product does not have',
          violatedRule: 'VALIDATION',
        });
    }
    targets = targets.filter((x) => update.variantIds!.includes(x.id));
  }
  if (update.choices) {
    for (const [name, choice] of Object.entries(update.choices)) {
      const option = product.productOptions.find((o) => o.name === name);
      if (!option?.choices.some((ch) => ch.description === choice))
        v.push({
          field: `${field}.choices.${name}`,
          description: 'is not a choice of this product',
          violatedRule: 'VALIDATION',
        });
    }
    targets = targets.filter((x) =>
      Object.entries(update.choices!).every(([k, ch]) => x.choices[k] === ch),
    );
  }
  return targets;
}

/**
 * Applies each update to the variants it targets (on a copy) and emits VariantsChanged.
 * @returns the changed variants.
 * @throws {ApiError} 400 naming every unknown variant or choice, before anything changes; 404.
 */
export function updateVariants(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  updates: readonly VariantUpdate[],
): Promise<{ variants: WireProductVariant[] }> {
  return ctx.store.transaction((tx) => {
    const product = editableProduct(requireProduct(ctx, id));
    const v: FieldViolation[] = [];
    const changes = new Map<string, Set<string>>();
    updates.forEach((update, i) => {
      for (const target of targetsOf(product, update, `variants[${i}]`, v)) {
        const fields = changes.get(target.id) ?? new Set<string>();
        for (const name of SETTABLE) {
          if (update[name] === undefined) continue;
          Object.assign(target, { [name]: update[name] });
          fields.add(name);
        }
        changes.set(target.id, fields);
      }
    });
    if (v.length > 0) throw validationError(v);
    const saved = saveProduct(ctx, tx, product);
    const changed = [...changes].map(([variantId, f]) => ({ variantId, changedFields: [...f] }));
    tx.emit(events.variantsChanged(identityOf(caller), id, changed));
    return {
      variants: saved.variants
        .filter((x) => changes.has(x.id))
        .map((x) => renderProductVariant(saved, x, true)),
    };
  });
}

/** Resets every variant's price, cost and weight to the product's, and shows it again. */
export function resetVariants(ctx: EmulatorContext, caller: Caller, id: string): Promise<void> {
  return ctx.store.transaction((tx) => {
    const product = editableProduct(requireProduct(ctx, id));
    product.variants = product.variants.map(({ price: _p, cost: _c, weight: _w, ...rest }) => ({
      ...rest,
      visible: true,
    }));
    saveProduct(ctx, tx, product);
    const changed = product.variants.map((x) => ({
      variantId: x.id,
      changedFields: ['price', 'cost', 'weight', 'visible'],
    }));
    tx.emit(events.variantsChanged(identityOf(caller), id, changed));
  });
}

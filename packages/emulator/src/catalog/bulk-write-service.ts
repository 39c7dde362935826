/**
 * Merchant-side bulk product writes: set or adjust price, cost and weight over many products.
 * Each product succeeds or fails on its own (the platform's bulk result shape); the successes
 * are stored in one store transaction, which emits one ProductChanged per changed product.
 */
import type { Caller } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import type { FieldViolation } from '../http/errors.js';
import { fieldError, validationError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import * as events from '../webhooks/events.js';
import { identityOf } from '../webhooks/identity.js';
import type { bulkAdjustBody, bulkUpdateBody } from './inputs.js';
import type { ProductRecord } from '../models/catalog.js';
import { editableProduct, getProduct, saveProduct } from './records.js';

/** One product's outcome in a bulk answer. */
interface BulkItem {
  itemMetadata: {
    id: string;
    originalIndex: number;
    success: boolean;
    error?: { code: string; description: string };
  };
}

/** The platform's bulk answer. */
export interface BulkResult {
  results: BulkItem[];
  bulkActionMetadata: {
    totalSuccesses: number;
    totalFailures: number;
    undetailedFailures: number;
  };
}

/** The platform's bulk answer: the items' results and their counts (V1 and V3 alike). */
export function bulkAnswer<Result extends { itemMetadata: { success: boolean } }>(
  results: Result[],
) {
  const successes = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: {
      totalSuccesses: successes,
      totalFailures: results.length - successes,
      undetailedFailures: 0,
    },
  };
}

const failure = (id: string, originalIndex: number, code: string, description: string) => ({
  itemMetadata: { id, originalIndex, success: false, error: { code, description } },
});

/**
 * Runs `apply` on a copy of each product of `ids`; `apply` answers why a product cannot change,
 * or `undefined` when it changed. Emits ProductChanged naming `fields` for each success.
 */
function bulk(
  ctx: EmulatorContext,
  caller: Caller,
  ids: readonly string[],
  apply: (product: ProductRecord) => string | undefined,
  fields: string[],
): Promise<BulkResult> {
  return ctx.store.transaction((tx) => {
    const results = ids.map((id, originalIndex): BulkItem => {
      const product = getProduct(ctx, id);
      if (!product) return failure(id, originalIndex, 'NOT_FOUND', 'No product has this id');
      const copy = editableProduct(product);
      const problem = apply(copy);
      if (problem !== undefined) return failure(id, originalIndex, 'INVALID_ARGUMENT', problem);
      saveProduct(ctx, tx, copy);
      tx.emit(events.productChanged(identityOf(caller), id, fields));
      return { itemMetadata: { id, originalIndex, success: true } };
    });
    return bulkAnswer(results);
  });
}

/** Sets price, cost or weight on many products. @throws {ApiError} 400 when `set` sets none. */
export function bulkUpdate(
  ctx: EmulatorContext,
  caller: Caller,
  { ids, set }: Infer<typeof bulkUpdateBody>,
): Promise<BulkResult> {
  if (set.price === undefined && set.cost === undefined && set.weight === undefined)
    throw fieldError('set', 'must set price, cost or weight', 'REQUIRED_FIELD');
  const apply = (p: ProductRecord) => {
    if (set.price !== undefined) p.price = set.price;
    if (set.cost !== undefined) p.cost = set.cost;
    if (set.weight !== undefined) p.weight = set.weight;
    return undefined;
  };
  return bulk(ctx, caller, ids, apply, Object.keys(set));
}

type Adjustment = { amount?: number; percentage?: number };

/** A value moved by an amount or a percentage, to the cent. */
const step = (value: number, a: Adjustment) =>
  Math.round(
    (a.amount !== undefined ? value + a.amount : value * (1 + (a.percentage ?? 0) / 100)) * 100,
  ) / 100;

/**
 * Moves price, cost or weight of many products by an amount or a percentage; a product whose
 * value would turn negative or too large fails alone.
 * @throws {ApiError} 400 when an adjustment has both or neither of amount and percentage, or
 *   there is none.
 */
export function bulkAdjust(
  ctx: EmulatorContext,
  caller: Caller,
  { ids, adjust }: Infer<typeof bulkAdjustBody>,
): Promise<BulkResult> {
  const v: FieldViolation[] = [];
  for (const [key, a] of Object.entries(adjust)) {
    if ((a.amount === undefined) === (a.percentage === undefined))
      v.push({
        field: `adjust.${key}`,
        description: 'must have exactly one of amount and percentage',
        violatedRule: 'ONE_OF_ALIGNMENT',
      });
  }
  if (Object.keys(adjust).length === 0)
    v.push({
      field: 'adjust',
      description: 'must adjust price, cost or weight',
      violatedRule: 'REQUIRED_FIELD',
    });
  if (v.length > 0) throw validationError(v);
  const apply = (p: ProductRecord) => {
    const price = adjust.price ? step(p.price, adjust.price) : p.price;
    const cost = adjust.cost ? step(p.cost, adjust.cost) : p.cost;
    const weight = adjust.weight ? step(p.weight, adjust.weight) : p.weight;
    if (price < 0 || cost < 0 || weight < 0) return 'The adjustment would make a value negative';
    if (price > 999_999_999 || cost > 999_999_999 || weight > 999_999)
      return 'The adjustment would make a value too large';
    Object.assign(p, { price, cost, weight });
    return undefined;
  };
  return bulk(ctx, caller, ids, apply, Object.keys(adjust));
}

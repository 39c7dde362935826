/**
 * The bulk calls' answer: each item done in one transaction, a refused item a failed result
 * (`itemMetadata.error`) rather than an error of the whole call, and the counts.
 */
import type { EmulatorContext } from '../context.js';
import { ApiError } from '../http/errors.js';
import type { Transaction } from '../models/state.js';
import { stringOf } from './requests.js';

/** Runs `each` on every item in one transaction; a refused item is a failed result, not an error. */
export function bulk<T>(
  ctx: EmulatorContext,
  items: readonly T[],
  returnEntity: boolean,
  each: (tx: Transaction, item: T) => Record<string, unknown>,
  key: 'category' | 'item' = 'category',
) {
  return ctx.store.transaction((tx) => {
    const results = items.map((item, originalIndex) => {
      try {
        const entity = each(tx, item);
        return {
          itemMetadata: { id: stringOf(entity.id), originalIndex, success: true },
          ...(returnEntity ? { [key]: entity } : {}),
        };
      } catch (error) {
        // A refused item is its result; anything else is the emulator's fault and fails the call.
        if (!(error instanceof ApiError)) throw error;
        const details = error.body.details;
        const code =
          'applicationError' in details ? details.applicationError.code : 'INVALID_ARGUMENT';
        return {
          itemMetadata: {
            originalIndex,
            success: false,
            error: { code, description: error.body.message },
          },
        };
      }
    });
    const successes = results.filter((r) => r.itemMetadata.success).length;
    return {
      results,
      bulkActionMetadata: {
        totalSuccesses: successes,
        totalFailures: results.length - successes,
        undetailedFailures: 0,
      },
    };
  });
}

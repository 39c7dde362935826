/**
 * The bulk calls' lists and answer: a list of 1 to `max` entries, each item done in one
 * transaction, a refused item a failed result (`itemMetadata.error`) rather than an error of the
 * whole call, and the counts.
 */
import type { EmulatorContext } from '../context.js';
import { ApiError, fieldError } from '../http/errors.js';
import type { Transaction } from '../models/state.js';
import { bulkAnswer } from '../catalog/bulk-write-service.js';
import { stringOf } from './requests.js';

/**
 * A bulk call's list at `path`: 1 to `max` entries (`noun` words the refusal).
 * @throws {ApiError} 400 `MAX_SIZE` naming `path`.
 */
export function bulkList(raw: unknown, path: string, max = 100, noun = 'items'): unknown[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > max)
    throw fieldError(path, `must hold 1 to ${max} ${noun}`, 'MAX_SIZE');
  return raw;
}

/** A bulk call's ids at `path`: 1 to 100 texts. @throws {ApiError} 400 `MAX_SIZE` naming `path`. */
export function bulkIds(raw: unknown, path: string): string[] {
  if (!Array.isArray(raw) || !raw.every((x) => typeof x === 'string'))
    throw fieldError(path, 'must hold 1 to 100 ids', 'MAX_SIZE');
  return bulkList(raw, path, 100, 'ids') as string[];
}

/**
 * Runs `each` on every item in one transaction; a refused item is a failed result, not an error.
 * Each result's metadata names its entity by id, or by what `named` says of the item.
 */
export function bulk<T>(
  ctx: EmulatorContext,
  items: readonly T[],
  returnEntity: boolean,
  each: (tx: Transaction, item: T) => Record<string, unknown>,
  key: 'category' | 'item' = 'category',
  named?: (item: T) => Record<string, unknown>,
) {
  return ctx.store.transaction((tx) => {
    const results = items.map((item, originalIndex) => {
      try {
        const entity = each(tx, item);
        return {
          itemMetadata: {
            ...(named ? named(item) : { id: stringOf(entity.id) }),
            originalIndex,
            success: true,
          },
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
            ...named?.(item),
            originalIndex,
            success: false,
            error: { code, description: error.body.message },
          },
        };
      }
    });
    return bulkAnswer(results);
  });
}

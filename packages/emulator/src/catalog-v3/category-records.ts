/**
 * Category records as writes change them: a copy of the stored record, saved with its revision
 * bumped, and the category's domain events.
 */
import type { EmulatorContext } from '../context.js';
import type { Caller } from '../http/app-env.js';
import { applicationError, notFound } from '../http/errors.js';
import { touchCatalog } from '../catalog/records.js';
import type { CollectionRecord } from '../models/catalog.js';
import type { Transaction } from '../models/state.js';
import { domainEvent } from '../webhooks/domain-events.js';
import { identityOf } from '../webhooks/identity.js';
import { ALL_PRODUCTS_CATEGORY_ID } from './ids.js';

/** A category record to change in a transaction. @throws {ApiError} 404; 400 for the system one. */
export function stored(ctx: EmulatorContext, id: string): CollectionRecord {
  if (id === ALL_PRODUCTS_CATEGORY_ID)
    throw applicationError(
      400,
      'SYSTEM_CATEGORY',
      "The all-products category is the system's and cannot be changed",
    );
  const record = ctx.store.state.collections[id];
  if (!record || !Object.hasOwn(ctx.store.state.collections, id))
    throw notFound('No category has this id');
  return structuredClone(record);
}

export function categoryEvent(
  ctx: EmulatorContext,
  tx: Transaction,
  caller: Caller,
  type: string,
  record: CollectionRecord,
  body: Parameters<typeof domainEvent>[3],
) {
  tx.emit(
    domainEvent(
      type,
      identityOf(caller),
      { kind: 'category', id: record.id, sequence: record.revision ?? 1, at: ctx.nowIso() },
      body,
    ),
  );
}

export function saveCategory(
  ctx: EmulatorContext,
  tx: Transaction,
  record: CollectionRecord,
): CollectionRecord {
  const next = { ...record, revision: (record.revision ?? 1) + 1, updatedDate: ctx.nowIso() };
  tx.state.collections[next.id] = next;
  touchCatalog(ctx);
  return next;
}

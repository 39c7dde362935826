/**
 * Optimistic locking of Catalog V3 writes: an update names the revision it was made from, and one
 * made from an older revision is refused rather than undoing a change it never saw.
 */
import { applicationError, fieldError } from '../http/errors.js';

/**
 * Checks a write's `revision` against the entity's.
 * @throws {ApiError} 400 naming `field` when it is missing or not a whole number; 409
 *   `REVISION_MISMATCH` when it is not the entity's current revision.
 */
export function checkRevision(given: unknown, current: number | undefined, field: string): void {
  const text = typeof given === 'number' ? String(given) : given;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text))
    throw fieldError(field, 'is required: the revision the change was made from', 'REQUIRED_FIELD');
  if (Number(text) !== (current ?? 1))
    throw applicationError(
      409,
      'REVISION_MISMATCH',
      'The entity changed since this revision was read: read it again and retry',
      { currentRevision: String(current ?? 1) },
    );
}

import { StoreArgumentError } from '../errors/argument-error.js';
import { describe } from '../internal/checks.js';

/**
 * Checks and encodes one path parameter. An empty or blank id would address a different
 * endpoint (`/products/` instead of `/products/{id}`), so it is refused before any request.
 *
 * @throws {StoreArgumentError} naming `argument` when `value` is not a non-blank string.
 */
export function pathParam(argument: string, value: unknown): string {
  if (typeof value !== 'string') {
    throw new StoreArgumentError(argument, `must be a string, got ${describe(value)}`);
  }
  if (value.trim() === '') throw new StoreArgumentError(argument, 'must not be empty');
  return encodeURIComponent(value);
}

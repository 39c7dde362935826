import { StoreArgumentError } from '../errors/argument-error.js';

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

/** A short, secret-free description of a value's type, for argument errors. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/**
 * Argument checks for the commerce calls. Only what the platform would certainly refuse is
 * checked here (an empty id, a negative or fractional quantity, an empty id list), so a call that
 * cannot succeed fails at once with a {@link StoreArgumentError} naming the argument, and sends
 * nothing.
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import { isJsonObject } from './json.js';

declare const CHECKED: unique symbol;

/**
 * A value that went through its check at the public edge: code that takes a `Checked` input
 * never checks it again, and cannot be handed an unchecked one.
 */
export type Checked<T> = T & { readonly [CHECKED]: true };

/** Marks `value` as checked. Only a check calls it, once it has checked `value`. */
export function checked<T>(value: T): Checked<T> {
  return value as Checked<T>;
}

/** `true` for an array; unlike `Array.isArray`, it tells a read-only list from the rest of a union. */
export function isList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

/** Refuses a quantity that is not a whole number of at least `min`. */
export function checkQuantity(argument: string, value: unknown, min = 0): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new StoreArgumentError(argument, `must be a number, got ${describe(value)}`);
  }
  if (!Number.isInteger(value)) throw new StoreArgumentError(argument, 'must be a whole number');
  if (value < min) throw new StoreArgumentError(argument, `must be at least ${min}`);
}

/** Refuses a value that is not a non-blank string. */
export function checkId(argument: string, value: unknown): void {
  if (typeof value !== 'string') {
    throw new StoreArgumentError(argument, `must be a string, got ${describe(value)}`);
  }
  if (value.trim() === '') throw new StoreArgumentError(argument, 'must not be empty');
}

/** Refuses a list of ids that is empty, or holds an empty id. */
export function checkIdList(argument: string, value: unknown): void {
  if (!Array.isArray(value)) {
    throw new StoreArgumentError(argument, `must be an array, got ${describe(value)}`);
  }
  if (value.length === 0) throw new StoreArgumentError(argument, 'must not be empty');
  value.forEach((id, index) => checkId(`${argument}[${index}]`, id));
}

/** Refuses a list that is not an array or is empty. */
export function checkNonEmptyList(argument: string, value: unknown): void {
  if (!Array.isArray(value)) {
    throw new StoreArgumentError(argument, `must be an array, got ${describe(value)}`);
  }
  if (value.length === 0) throw new StoreArgumentError(argument, 'must not be empty');
}

/**
 * Refuses an entity to write that is not an object, or, for an update, has no `revision`.
 * @throws {StoreArgumentError} naming `argument`.
 */
export function checkEntity(argument: string, value: unknown, needsRevision = false): void {
  if (!isJsonObject(value)) {
    throw new StoreArgumentError(argument, `must be an object, got ${describe(value)}`);
  }
  if (needsRevision && (typeof value.revision !== 'string' || value.revision === '')) {
    throw new StoreArgumentError(
      `${argument}.revision`,
      'is required: the revision read with the entity, which the update changes',
    );
  }
}

/** A short, secret-free description of a value's type, for argument errors. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** `true` when `value` holds a C0 control character or DEL. */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

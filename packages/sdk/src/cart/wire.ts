/** Small helpers shared by the commerce calls for what goes on the wire and comes back. */
import { StoreErrorCodes } from '../http/errors/codes.js';
import { StoreSystemError } from '../http/errors/system-error.js';
import { isJsonObject } from '../http/safe-json.js';

/**
 * The error for a 200 answer that lacks what the platform documents (a missing `{ cart }`).
 * It is a {@link StoreSystemError} with code `UNEXPECTED_RESPONSE`, not retryable.
 */
export function unexpectedResponse(call: string, missing: string): StoreSystemError {
  return new StoreSystemError({
    message: `System error occurred: the answer of ${call} has no ${missing}`,
    status: 200,
    code: StoreErrorCodes.UNEXPECTED_RESPONSE,
    requestId: undefined,
    details: {},
    retryable: false,
  });
}

/**
 * Takes the entity out of the platform's wrapper (`{ cart }`, `{ product }`…).
 *
 * @throws {StoreSystemError} (`UNEXPECTED_RESPONSE`) when the answer has no such object.
 */
export function unwrap<T>(response: Record<string, unknown>, key: string, call: string): T {
  const value = response[key];
  if (isJsonObject(value)) return value as T;
  throw unexpectedResponse(call, `"${key}" object`);
}

/** Takes a list out of an answer; a missing list reads as empty. */
export function listOf<T>(response: Record<string, unknown>, key: string): T[] {
  const value = response[key];
  return Array.isArray(value) ? (value as T[]) : [];
}

/**
 * Copies the documented fields of a caller's object into a body. Only those go on the wire, so
 * a server that refuses unknown fields never sees extras the caller's object carries.
 */
export function pick<T extends object>(
  input: T,
  keys: readonly (keyof T & string)[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of keys) {
    const value = input[key];
    if (value !== undefined) body[key] = value;
  }
  return body;
}

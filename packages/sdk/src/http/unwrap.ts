/**
 * Reading the platform's answers: the entity out of its wrapper (`{ cart }`, `{ product }`…),
 * a list out of a query answer, and the error of an answer that lacks what the platform
 * documents.
 */
import { StoreSystemError } from './errors/system-error.js';
import { isJsonObject } from '../internal/json.js';

/**
 * The error for a 200 answer that lacks what the platform documents (a missing `{ cart }`).
 * It is a {@link StoreSystemError} with code `UNEXPECTED_RESPONSE`, not retryable.
 */
export function unexpectedResponse(call: string, missing: string): StoreSystemError {
  return new StoreSystemError({
    message: `System error occurred: the answer of ${call} has no ${missing}`,
    status: 200,
    code: 'UNEXPECTED_RESPONSE',
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

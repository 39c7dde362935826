import type { StoreApiError } from './store-api-error.js';
import type { StoreApplicationError } from './application-error.js';
import type { CatalogVersionError } from './catalog-version-error.js';
import type { StoreArgumentError } from '../../errors/argument-error.js';
import type { StoreClientError } from './client-error.js';
import type { StoreSystemError } from './system-error.js';
import type { StoreValidationError } from './validation-error.js';

// Guards compare `name` rather than rely on `instanceof` alone, so they still work when an app
// ends up with two installed copies of the SDK (one class each).
const apiErrorNames = new Set([
  'StoreApiError',
  'StoreValidationError',
  'StoreApplicationError',
  'StoreClientError',
  'StoreSystemError',
  'CatalogVersionError',
]);
const applicationErrorNames = new Set(['StoreApplicationError', 'CatalogVersionError']);

function hasName(value: unknown, names: ReadonlySet<string> | string): boolean {
  if (!(value instanceof Error)) return false;
  return typeof names === 'string' ? value.name === names : names.has(value.name);
}

/** `true` for every error of the {@link StoreApiError} hierarchy. */
export function isStoreApiError(value: unknown): value is StoreApiError {
  return hasName(value, apiErrorNames);
}

/** `true` when the server refused fields (`INVALID_ARGUMENT`). */
export function isStoreValidationError(value: unknown): value is StoreValidationError {
  return hasName(value, 'StoreValidationError');
}

/** `true` when the server answered with an application error (a {@link CatalogVersionError} too). */
export function isStoreApplicationError(value: unknown): value is StoreApplicationError {
  return hasName(value, applicationErrorNames);
}

/**
 * `true` for a call of the catalog the store does not run; `error.storeCatalog` says which one
 * it runs.
 *
 * @example
 * if (isCatalogVersionError(error) && error.storeCatalog === 'v3') return store.productsV3.query();
 */
export function isCatalogVersionError(value: unknown): value is CatalogVersionError {
  return hasName(value, 'CatalogVersionError');
}

/** `true` for other 4xx answers. */
export function isStoreClientError(value: unknown): value is StoreClientError {
  return hasName(value, 'StoreClientError');
}

/** `true` for 5xx answers, unreadable answers, network errors and timeouts. */
export function isStoreSystemError(value: unknown): value is StoreSystemError {
  return hasName(value, 'StoreSystemError');
}

/** `true` when a call was refused before sending because of a bad argument. */
export function isStoreArgumentError(value: unknown): value is StoreArgumentError {
  return hasName(value, 'StoreArgumentError');
}

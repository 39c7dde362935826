/**
 * Error codes the SDK assigns itself, and the platform's codes it acts on. Other server codes
 * (application error codes such as `-19976`, or codes derived from a 4xx status text such as
 * `NOT_FOUND`) pass through as strings, so the union stays open with `(string & {})`.
 */
export const StoreErrorCodes = {
  /** The server refused one or more fields (a validation error). */
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  /** A 5xx answer, or an answer the SDK could not read. */
  SYSTEM_ERROR: 'SYSTEM_ERROR',
  /** The request never got an answer: DNS, refused connection, reset, offline. */
  NETWORK_ERROR: 'NETWORK_ERROR',
  /** The request took longer than the `timeout` option allows. */
  TIMEOUT: 'TIMEOUT',
  /** A 2xx answer whose body is not the JSON object the call expects. */
  UNEXPECTED_RESPONSE: 'UNEXPECTED_RESPONSE',
  /** The call as a whole (attempts, waits, renewal, reading) passed its `deadline`. */
  DEADLINE_EXCEEDED: 'DEADLINE_EXCEEDED',
  /** The answer was larger than `maxResponseBytes`; reading it stopped there. */
  RESPONSE_TOO_LARGE: 'RESPONSE_TOO_LARGE',
  /** The answer redirected to another origin (or redirected a write): not followed. */
  REDIRECT_REFUSED: 'REDIRECT_REFUSED',
  /** The client was disposed before (or while) the call ran. */
  CLIENT_DISPOSED: 'CLIENT_DISPOSED',
  /**
   * An `iterate()` met a page that does not advance (nothing new on it, or a cursor followed
   * before): the server would make the walk endless, so it stops.
   */
  PAGING_STALLED: 'PAGING_STALLED',
  /**
   * The platform's: a Catalog V1 call on a store that runs Catalog V3 (a
   * {@link CatalogVersionError} with `storeCatalog: 'v3'`).
   */
  CATALOG_V3_CALLING_CATALOG_V1_API: 'CATALOG_V3_CALLING_CATALOG_V1_API',
  /**
   * The platform's: a Catalog V3 call on a store that runs Catalog V1 (a
   * {@link CatalogVersionError} with `storeCatalog: 'v1'`).
   */
  CATALOG_V1_SITE_CALLING_CATALOG_V3_API: 'CATALOG_V1_SITE_CALLING_CATALOG_V3_API',
  /**
   * The platform's: a Catalog V3 store still being set up just after the Stores app was
   * installed. Retryable: the same call works shortly.
   */
  CATALOG_V3_SITE_PROVISIONING: 'CATALOG_V3_SITE_PROVISIONING',
  /** The platform's: the site has no Stores app, so it runs no catalog. */
  STORES_NOT_INSTALLED: 'STORES_NOT_INSTALLED',
} as const;

/** A code carried by every {@link StoreApiError}. */
export type StoreErrorCode = (typeof StoreErrorCodes)[keyof typeof StoreErrorCodes] | (string & {});

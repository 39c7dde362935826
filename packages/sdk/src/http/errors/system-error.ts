import { StoreApiError } from './store-api-error.js';

/**
 * Anything else: a 5xx, an answer that is not JSON, a network failure or a timeout. The message
 * is `System error occurred`, followed by `, request-id: …` when the answer carried one, or by a
 * short reason when there was no answer. `code` tells which: `SYSTEM_ERROR`, `NETWORK_ERROR`,
 * `TIMEOUT`, `UNEXPECTED_RESPONSE`, or a code derived from the status text.
 */
export class StoreSystemError extends StoreApiError {
  override name = 'StoreSystemError' as const;
}

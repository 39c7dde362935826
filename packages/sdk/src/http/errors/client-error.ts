import { StoreApiError } from './store-api-error.js';

/**
 * Any other 4xx answer (401, 403, 404, 429…). `code` is the status text in upper snake case
 * (`NOT_FOUND`, `TOO_MANY_REQUESTS`); the message is the server's, or the status text.
 */
export class StoreClientError extends StoreApiError {
  override name = 'StoreClientError' as const;
}

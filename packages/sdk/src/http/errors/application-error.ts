import { StoreApiError, type StoreApiErrorInit } from './store-api-error.js';

/**
 * The server answered with an application error: a business rule refused the call. `code` is
 * the server's code (for example `-19976`, wrong password), `description` and `data` its
 * explanation. The message is the server's message, plus the description when it differs.
 * A call of the wrong catalog version is a {@link CatalogVersionError}, a kind of it.
 */
export class StoreApplicationError extends StoreApiError {
  // A `string`, not a literal: {@link CatalogVersionError} is a kind of it with a name of its own.
  override name: string = 'StoreApplicationError';
  /** The server's description of the error. */
  readonly description: string;
  /** Extra data the server attached. */
  readonly data: Record<string, unknown>;

  constructor(init: StoreApiErrorInit & { description: string; data: Record<string, unknown> }) {
    super(init);
    this.description = init.description;
    this.data = init.data;
  }
}

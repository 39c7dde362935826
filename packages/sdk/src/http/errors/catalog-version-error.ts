import { StoreApplicationError } from './application-error.js';
import type { StoreApiErrorInit } from './store-api-error.js';

/** What a store runs, as a {@link CatalogVersionError} names it: `none` without the Stores app. */
export type StoreCatalog = 'v1' | 'v3' | 'none';

/**
 * The store runs another catalog than the call is for (a Catalog V1 call on a V3 store, answered
 * 428), or no catalog at all (`STORES_NOT_INSTALLED`). `storeCatalog` names what the store runs;
 * the message says what to call instead.
 */
export class CatalogVersionError extends StoreApplicationError {
  override name = 'CatalogVersionError' as const;
  /** The catalog the store runs. */
  readonly storeCatalog: StoreCatalog;

  constructor(
    init: StoreApiErrorInit & {
      description: string;
      data: Record<string, unknown>;
      storeCatalog: StoreCatalog;
    },
  ) {
    super(init);
    this.storeCatalog = init.storeCatalog;
  }

  /** The error of a store without the Stores app, as its version read answers. */
  static storesNotInstalled(): CatalogVersionError {
    const description = 'This site has no Stores app: it has no catalog to read';
    return new CatalogVersionError({
      message: `${description} (the store answered STORES_NOT_INSTALLED)`,
      status: 200,
      code: 'STORES_NOT_INSTALLED',
      requestId: undefined,
      details: {},
      retryable: false,
      description,
      data: {},
      storeCatalog: 'none',
    });
  }
}

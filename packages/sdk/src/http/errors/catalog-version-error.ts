import { StoreApplicationError } from './application-error.js';
import type { StoreApiErrorInit } from './store-api-error.js';

/** Which catalog a store runs: Catalog V1, Catalog V3, or none (the Stores app is not installed). */
export type StoreCatalogVersion = 'v1' | 'v3' | 'none';

/** Fields a {@link CatalogVersionError} is built from. */
export interface CatalogVersionErrorInit extends StoreApiErrorInit {
  /** The platform's description of the error (see {@link StoreApplicationError}). */
  description: string;
  /** Extra data the platform attached. */
  data: Record<string, unknown>;
  /** The catalog the store runs. */
  storeCatalog: StoreCatalogVersion;
}

/**
 * A call of the catalog the store does not run: a Catalog V1 call (`store.products`,
 * `store.collections`, `store.variants`) on a store that runs Catalog V3, where the platform
 * answers 428 `CATALOG_V3_CALLING_CATALOG_V1_API`, or a Catalog V3 call (`store.productsV3`,
 * `store.categories`…) on a store that runs Catalog V1 (428 `CATALOG_V1_SITE_CALLING_CATALOG_V3_API`).
 * A store runs one catalog, for good: the same call will never succeed there. `storeCatalog`
 * says which catalog the store runs, the message what to call instead. `code` is the platform's.
 *
 * @example
 * try {
 *   await store.products.query();
 * } catch (error) {
 *   if (isCatalogVersionError(error) && error.storeCatalog === 'v3') return store.productsV3.query();
 *   throw error;
 * }
 */
export class CatalogVersionError extends StoreApplicationError {
  override name = 'CatalogVersionError' as const;
  /** The catalog the store runs. */
  readonly storeCatalog: StoreCatalogVersion;

  constructor(init: CatalogVersionErrorInit) {
    super(init);
    this.storeCatalog = init.storeCatalog;
  }

  /** A plain, secret-free view for logs: `JSON.stringify(error)` uses it. */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), storeCatalog: this.storeCatalog };
  }
}

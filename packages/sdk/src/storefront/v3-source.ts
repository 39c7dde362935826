/**
 * The storefront reads on a Catalog V3 store. Not yet: they arrive with the SDK's Catalog V3
 * modules (products V3, categories, inventory items), which this source maps from. Until then a
 * V3 store's storefront reads fail with a typed error that says so.
 */
import { CatalogVersionError } from '../http/errors/catalog-version-error.js';
import type { Transport } from '../http/transport.js';
import type { CatalogSource } from './types.js';

/** The storefront reads of a V3 store (not yet). */
export function createV3Source(transport: Transport): CatalogSource {
  void transport;
  const notYet = () =>
    Promise.reject(
      new CatalogVersionError({
        message: 'This store runs Catalog V3, which this build of the SDK does not read yet',
        status: undefined,
        code: 'CATALOG_V3_CALLING_CATALOG_V1_API',
        requestId: undefined,
        details: {},
        retryable: false,
        description: 'Catalog V3 storefront reads are not in this build',
        data: {},
        storeCatalog: 'v3',
      }),
    );
  return { version: 'v3', products: notYet, product: notYet, categories: notYet, category: notYet };
}

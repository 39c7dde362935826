/**
 * `store.products`: Catalog V1's product reads (`/stores-reader/v1/…`, in catalog-reads.ts) and
 * merchant-side writes (`/stores/v1/…`, `/stores/v2/products-platformized`, in product-writes.ts),
 * each loaded on first use: a shop reads its catalog through `store.storefront` (either catalog).
 */
import { lazyFace, loadOnFirstUse, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import { loadCatalogReads } from './load-catalog-reads.js';
import type { ProductsApi } from './types.js';

/** Binds the product calls to a transport; reads and writes load on first use. */
export function createProductsApi(transport: Transport): ProductsApi {
  const loadReads = once(async () => (await loadCatalogReads()).createProductReads(transport));
  // A storefront reads products; only merchant tools write them.
  const loadWrites = loadOnFirstUse(async () =>
    (await import('./product-writes.js')).createProductWrites(transport),
  );
  return {
    ...lazyFace(
      loadReads,
      ['query', 'get', 'getBySlug', 'optionsAvailability', 'queryVariants'],
      ['iterate'],
    ),
    ...lazyFace(loadWrites, [
      'create',
      'update',
      'delete',
      'updateVariants',
      'resetVariants',
      'addMedia',
      'removeMedia',
      'addChoiceMedia',
      'removeChoiceMedia',
      'deleteOptions',
      'removeBrand',
      'removeRibbon',
      'bulkUpdate',
      'bulkAdjust',
      'createPlatformized',
      'updatePlatformized',
      'deletePlatformized',
    ]),
  };
}

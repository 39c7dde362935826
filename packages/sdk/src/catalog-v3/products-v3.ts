/**
 * `store.productsV3`: a face every page holds, whose calls load Catalog V3's calls (a chunk of
 * their own, see load-catalog-v3.ts) the first time one is made.
 */
import { lazyFace, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import { loadCatalogV3 } from './load-catalog-v3.js';
import type { ProductsV3Api } from './types.js';

/** `store.productsV3` on `transport`, its calls loaded by the first one. */
export function createProductsV3Api(transport: Transport): ProductsV3Api {
  return lazyFace(
    once(async () => (await loadCatalogV3()).createProductsV3Calls(transport)),
    [
      'get',
      'getBySlug',
      'query',
      'search',
      'count',
      'allProductsCategory',
      'create',
      'update',
      'delete',
      'createWithInventory',
      'updateWithInventory',
      'bulkCreate',
      'bulkUpdate',
      'bulkDelete',
    ],
    ['iterate', 'iterateSearch'],
  );
}

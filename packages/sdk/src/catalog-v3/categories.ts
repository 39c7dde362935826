/**
 * `store.categories`: a face every page holds, whose calls load Catalog V3's calls (see
 * load-catalog-v3.ts) the first time one is made.
 */
import { lazyFace, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import { loadCatalogV3 } from './load-catalog-v3.js';
import type { CategoriesApi } from './types.js';

/** `store.categories` on `transport`, its calls loaded by the first one. */
export function createCategoriesApi(transport: Transport): CategoriesApi {
  return lazyFace(
    once(async () => (await loadCatalogV3()).createCategoryCalls(transport)),
    [
      'get',
      'getBySlug',
      'query',
      'search',
      'count',
      'listItems',
      'listCategoriesForItem',
      'create',
      'update',
      'delete',
      'addItems',
      'removeItems',
    ],
    ['iterate'],
  );
}

/**
 * Catalog V3's modules as every page holds them (`store.productsV3`, `store.categories`,
 * `store.readOnlyVariantsV3`, `store.inventoryItemsV3`): faces whose calls load Catalog V3's calls
 * (catalog-v3-calls.ts, one chunk for the four, which a V3 store reads together) the first time
 * one is made. A storefront on Catalog V1 never downloads them.
 */
import { lazyFace, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import { loadCatalogV3 } from './load-catalog-v3.js';
import type { CatalogV3Api } from './types.js';

/** Catalog V3's modules on `transport`, their calls loaded by the first one. */
export function createCatalogV3Api(transport: Transport): CatalogV3Api {
  const calls = once(async () => (await loadCatalogV3()).createCatalogV3Calls(transport));
  return {
    productsV3: lazyFace(
      async () => (await calls()).productsV3,
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
    ),
    categories: lazyFace(
      async () => (await calls()).categories,
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
    ),
    readOnlyVariantsV3: lazyFace(
      async () => (await calls()).readOnlyVariantsV3,
      ['query', 'search'],
      ['iterate'],
    ),
    inventoryItemsV3: lazyFace(
      async () => (await calls()).inventoryItemsV3,
      ['get', 'query', 'search', 'count', 'update'],
      ['iterate'],
    ),
  };
}

/**
 * `store.inventoryItemsV3`: a face every page holds, whose calls load Catalog V3's calls (see
 * load-catalog-v3.ts) the first time one is made.
 */
import { lazyFace, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import { loadCatalogV3 } from './load-catalog-v3.js';
import type { InventoryItemsV3Api } from './types.js';

/** `store.inventoryItemsV3` on `transport`, its calls loaded by the first one. */
export function createInventoryItemsV3Api(transport: Transport): InventoryItemsV3Api {
  return lazyFace(
    once(async () => (await loadCatalogV3()).createInventoryItemCalls(transport)),
    ['get', 'query', 'search', 'count', 'update'],
    ['iterate'],
  );
}

/**
 * Catalog V3's calls, loaded the first time one of `store.productsV3`, `store.categories`,
 * `store.readOnlyVariantsV3` or `store.inventoryItemsV3` is called (catalog-v3-api.ts): one
 * chunk for the four, which a store on Catalog V3 reads together.
 */
import type { Transport } from '../http/transport.js';
import { createCategoryCalls } from './category-calls.js';
import { createInventoryItemCalls } from './inventory-item-calls.js';
import { createProductV3Reads } from './product-v3-reads.js';
import { createProductV3Writes } from './product-v3-writes.js';
import { createReadOnlyVariantCalls } from './read-only-variant-calls.js';
import type { CatalogV3Api } from './types.js';

/** The calls of Catalog V3's four modules on `transport`. */
export function createCatalogV3Calls(transport: Transport): CatalogV3Api {
  return {
    productsV3: { ...createProductV3Reads(transport), ...createProductV3Writes(transport) },
    categories: createCategoryCalls(transport),
    readOnlyVariantsV3: createReadOnlyVariantCalls(transport),
    inventoryItemsV3: createInventoryItemCalls(transport),
  };
}

/**
 * Catalog V3's calls, loaded the first time one of `store.productsV3`, `store.categories`,
 * `store.readOnlyVariantsV3` or `store.inventoryItemsV3` is called (load-catalog-v3.ts): one
 * chunk for the four, which a store on Catalog V3 reads together.
 */
import type { Transport } from '../http/transport.js';
import { createProductV3Reads } from './product-v3-reads.js';
import { createProductV3Writes } from './product-v3-writes.js';
import type { ProductsV3Api } from './types.js';

export { createCategoryCalls } from './category-calls.js';
export { createInventoryItemCalls } from './inventory-item-calls.js';
export { createReadOnlyVariantCalls } from './read-only-variant-calls.js';

/** The calls of `store.productsV3`: its reads and its merchant-side writes. */
export function createProductsV3Calls(transport: Transport): ProductsV3Api {
  return { ...createProductV3Reads(transport), ...createProductV3Writes(transport) };
}

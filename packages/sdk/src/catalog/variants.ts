/** `store.variants`: store variants read through `/stores-reader/v1/variants…`. */
import { lazyFace, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import { loadCatalogReads } from './load-catalog-reads.js';
import type { VariantsApi } from './types.js';

/** Binds the variant calls to a transport; they load on first use (catalog-reads.ts). */
export function createVariantsApi(transport: Transport): VariantsApi {
  const loadReads = once(async () => (await loadCatalogReads()).createVariantReads(transport));
  return lazyFace(loadReads, ['get', 'query'], ['iterate']);
}

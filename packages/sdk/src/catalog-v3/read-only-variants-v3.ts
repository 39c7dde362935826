/**
 * `store.readOnlyVariantsV3`: a face every page holds, whose calls load Catalog V3's calls (see
 * load-catalog-v3.ts) the first time one is made.
 */
import { lazyFace, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import { loadCatalogV3 } from './load-catalog-v3.js';
import type { ReadOnlyVariantsV3Api } from './types.js';

/** `store.readOnlyVariantsV3` on `transport`, its calls loaded by the first one. */
export function createReadOnlyVariantsV3Api(transport: Transport): ReadOnlyVariantsV3Api {
  return lazyFace(
    once(async () => (await loadCatalogV3()).createReadOnlyVariantCalls(transport)),
    ['query', 'search'],
    ['iterate'],
  );
}

/**
 * `store.collections`: collection reads (`/v2/collections/…` and the v1 slug read under
 * `/stores-reader`) and merchant-side writes (`/stores/v1/collections…`, in
 * collection-writes.ts).
 */
import { lazyFace, loadOnFirstUse, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import { loadCatalogReads } from './load-catalog-reads.js';
import type { CollectionsApi } from './types.js';

/** Binds the collection calls to a transport; reads and writes load on first use. */
export function createCollectionsApi(transport: Transport): CollectionsApi {
  const loadReads = once(async () => (await loadCatalogReads()).createCollectionReads(transport));
  // A storefront reads collections; only merchant tools write them.
  const loadWrites = loadOnFirstUse(async () =>
    (await import('./collection-writes.js')).createCollectionWrites(transport),
  );
  return {
    ...lazyFace(loadReads, ['get', 'getBySlug', 'getBySlugV1', 'query'], ['iterate']),
    ...lazyFace(loadWrites, ['create', 'update', 'delete', 'addProducts', 'removeProducts']),
  };
}

/**
 * `store.collections`: collection reads (`/v2/collections/…` and the v1 slug read under
 * `/stores-reader`) and merchant-side writes (`/stores/v1/collections…`, in
 * collection-writes.ts).
 */
import { deferMethods, loadOnFirstUse, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import { loadCatalogReads } from './load-catalog-reads.js';
import type { CatalogQuery } from './query.js';
import type {
  CatalogCallOptions,
  CollectionReads,
  CollectionsApi,
  CollectionWriteName,
} from './types.js';

const COLLECTION_WRITES = [
  'create',
  'update',
  'delete',
  'addProducts',
  'removeProducts',
] as const satisfies readonly CollectionWriteName[];

/** Binds the collection calls to a transport; reads and writes load on first use. */
export function createCollectionsApi(transport: Transport): CollectionsApi {
  const loadReads = once(async () => (await loadCatalogReads()).createCollectionReads(transport));
  // A storefront reads collections; only merchant tools write them.
  const loadWrites = loadOnFirstUse(async () =>
    (await import('./collection-writes.js')).createCollectionWrites(transport),
  );
  return {
    ...deferMethods<CollectionReads, Exclude<keyof CollectionReads, 'iterate'>>(loadReads, [
      'get',
      'getBySlug',
      'getBySlugV1',
      'query',
    ]),
    async *iterate<F>(query?: CatalogQuery<NoInfer<F>>, options?: CatalogCallOptions) {
      yield* (await loadReads()).iterate<F>(query, options);
    },
    ...deferMethods(loadWrites, COLLECTION_WRITES),
  };
}

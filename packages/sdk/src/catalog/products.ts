/**
 * `store.products`: product reads (`/stores-reader/v1/…`) and merchant-side writes
 * (`/stores/v1/…`, `/stores/v2/products-platformized`, in product-writes.ts), as
 * both on the API host.
 */
import { lazyFace, loadOnFirstUse, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import type { Product } from '../models/catalog.js';
import { loadCatalogReads } from './load-catalog-reads.js';
import type { CatalogQuery } from './query.js';
import { queryPage } from './query-page.js';
import type { CatalogCallOptions, ProductsApi } from './types.js';

const READER = '/stores-reader/v1/products';

/**
 * Binds the product calls to a transport: a page of products at once, the other reads
 * (catalog-reads.ts) and the merchant writes (product-writes.ts) on first use.
 */
export function createProductsApi(transport: Transport): ProductsApi {
  const loadReads = once(async () => (await loadCatalogReads()).createProductReads(transport));
  // A storefront's first page reads one page of products; walking them all loads on first use.
  const loadWalk = loadOnFirstUse(() => import('../http/walk-pages.js'));
  // A storefront reads products; only merchant tools write them.
  const loadWrites = loadOnFirstUse(async () =>
    (await import('./product-writes.js')).createProductWrites(transport),
  );

  const queryProducts = <F>(query?: CatalogQuery<F>, options: CatalogCallOptions = {}) =>
    queryPage<Product, F>(query, 'products', (body) =>
      transport.query(`${READER}/query-platformized`, body, { signal: options.signal }),
    );

  return {
    query: queryProducts,
    async *iterate<F>(query?: CatalogQuery<NoInfer<F>>, options: CatalogCallOptions = {}) {
      const { walkPages } = await loadWalk();
      yield* walkPages(() => queryProducts(query, options), { call: 'products.iterate' });
    },
    ...lazyFace(loadReads, ['get', 'getBySlug', 'optionsAvailability', 'queryVariants']),
    ...lazyFace(loadWrites, [
      'create',
      'update',
      'delete',
      'updateVariants',
      'resetVariants',
      'addMedia',
      'removeMedia',
      'addChoiceMedia',
      'removeChoiceMedia',
      'deleteOptions',
      'removeBrand',
      'removeRibbon',
      'bulkUpdate',
      'bulkAdjust',
      'createPlatformized',
      'updatePlatformized',
      'deletePlatformized',
    ]),
  };
}

/** `store.variants`: store variants read through `/stores-reader/v1/variants…`. */
import { deferMethods, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import type { Variant } from '../models/catalog.js';
import { loadCatalogReads } from './load-catalog-reads.js';
import type { Page } from './page.js';
import type { CatalogCallOptions } from './products.js';
import type { CatalogQuery, VariantFilterFields } from './query.js';

/**
 * Store variants: each purchasable variant of each product, with its media. Every call throws
 * {@link StoreApiError} when the platform refuses it, and {@link StoreArgumentError} before
 * sending for an empty id or a negative or fractional paging value.
 */
export interface VariantsApi {
  /**
   * One variant: `GET /stores-reader/v1/variants/{id}`.
   *
   * @throws {StoreClientError} with status 404 when there is no such variant.
   */
  get(id: string, options?: CatalogCallOptions): Promise<Variant>;
  /**
   * One page of variants: `POST /stores-reader/v1/variants/query` with `{ query }`. Paging
   * defaults to `{ limit: 50, offset: 0 }`.
   *
   * @example
   * const page = await store.variants.query({ filter: { productId }, paging: { limit: 100 } });
   */
  query<F = VariantFilterFields>(
    query?: CatalogQuery<NoInfer<F>>,
    options?: CatalogCallOptions,
  ): Promise<Page<Variant>>;
  /** Every variant matching the query, page after page. */
  iterate<F = VariantFilterFields>(
    query?: CatalogQuery<NoInfer<F>>,
    options?: CatalogCallOptions,
  ): AsyncGenerator<Variant, void, undefined>;
}

/** Binds the variant calls to a transport; they load on first use (catalog-reads.ts). */
export function createVariantsApi(transport: Transport): VariantsApi {
  const loadReads = once(async () => (await loadCatalogReads()).createVariantReads(transport));
  return {
    ...deferMethods<VariantsApi, 'get' | 'query'>(loadReads, ['get', 'query']),
    async *iterate<F>(query?: CatalogQuery<NoInfer<F>>, options?: CatalogCallOptions) {
      yield* (await loadReads()).iterate<F>(query, options);
    },
  };
}

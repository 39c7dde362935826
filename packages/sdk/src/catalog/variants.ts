/** `store.variants`: store variants read through `/stores-reader/v1/variants…`. */
import { pathParam } from '../http/path-param.js';
import type { Transport } from '../http/transport.js';
import type { Variant } from '../models/catalog.js';
import { listOf, unwrap } from '../http/unwrap.js';
import { fetchPage, iteratePages, type Page } from './page.js';
import { totalOf, type CatalogCallOptions } from './products.js';
import { toQueryBody, type CatalogQuery, type VariantFilterFields } from './query.js';

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

const READER = '/stores-reader/v1/variants';

/** Binds the variant calls to a transport. */
export function createVariantsApi(transport: Transport): VariantsApi {
  const queryPage = <F>(query: CatalogQuery<F> | undefined, options: CatalogCallOptions) => {
    const body = toQueryBody(query);
    return fetchPage<Variant>(async (paging) => {
      const response = await transport.request({
        method: 'POST',
        path: `${READER}/query`,
        body: { query: { ...body.query, paging } },
        signal: options.signal,
        // A read sent as POST: as safe to retry as a GET.
        retry: true,
      });
      return { items: listOf<Variant>(response, 'variants'), total: totalOf(response) };
    }, body.query.paging);
  };

  return {
    async get(id, options = {}) {
      const path = `${READER}/${pathParam('id', id)}`;
      const response = await transport.request({ method: 'GET', path, signal: options.signal });
      return unwrap<Variant>(response, 'variant', 'variants.get');
    },
    async query(query, options = {}) {
      return queryPage(query, options);
    },
    iterate(query, options = {}) {
      return iteratePages(() => queryPage(query, options));
    },
  };
}

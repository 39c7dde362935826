/**
 * The reads of `store.productsV3` (`/stores/v3/products…`), on the wire as the official client
 * sends them: one product by id or slug as a flat GET that repeats its path parameter
 * (`/stores/v3/products/p1?productId=p1&fields=URL`), query, search and count as GETs with `.r`
 * (or flat) that fall back to a POST when long, cursor pages that send only their cursor.
 */
import { pathParam } from '../http/path-param.js';
import { readCall, type ReadEncoding } from '../http/read-encoding.js';
import type { Transport } from '../http/transport.js';
import { unwrap } from '../http/unwrap.js';
import type { ProductV3 } from '../models/catalog-v3.js';
import { firstPage, walkCursorPages, type CursorRead } from './cursor-pages.js';
import type { ProductsV3Api, ProductsV3ReadOptions } from './types.js';

const PRODUCTS = '/stores/v3/products';
/** Query, search and count: `.r` when nested, a POST when long. */
const QUERY: ReadEncoding = { complex: true, fallback: true };
/** Largest page of products the platform serves. */
const MAX_PRODUCTS = 100;

/** The reads of {@link ProductsV3Api}. */
export type ProductV3Reads = Pick<
  ProductsV3Api,
  | 'get'
  | 'getBySlug'
  | 'query'
  | 'search'
  | 'count'
  | 'iterate'
  | 'iterateSearch'
  | 'allProductsCategory'
>;

/** Binds the product reads to a transport. */
export function createProductV3Reads(transport: Transport): ProductV3Reads {
  const read = (path: string, payload: object, encoding: ReadEncoding, signal?: AbortSignal) =>
    transport.request({ ...readCall(path, payload, encoding), signal });

  const pages = (key: 'query' | 'search', options: ProductsV3ReadOptions): CursorRead => ({
    call: `productsV3.${key}`,
    key,
    list: 'products',
    rest: { fields: options.fields },
    maxLimit: MAX_PRODUCTS,
    send: (body) => read(`${PRODUCTS}/${key}`, body, QUERY, options.signal),
  });

  return {
    async get(id, options = {}) {
      const path = `${PRODUCTS}/${pathParam('id', id)}`;
      const response = await read(
        path,
        { productId: id, fields: options.fields },
        {},
        options.signal,
      );
      return unwrap<ProductV3>(response, 'product', 'productsV3.get');
    },
    async getBySlug(slug, options = {}) {
      const path = `${PRODUCTS}/slug/${pathParam('slug', slug)}`;
      const response = await read(path, { slug, fields: options.fields }, {}, options.signal);
      return unwrap<ProductV3>(response, 'product', 'productsV3.getBySlug');
    },
    query: (query, options = {}) => firstPage<ProductV3>(pages('query', options), query),
    search: (search, options = {}) => firstPage<ProductV3>(pages('search', options), search),
    async count(input = {}, options = {}) {
      const { filter, search, returnNonVisibleProducts } = input;
      const payload = { filter, search, returnNonVisibleProducts };
      const response = await read(`${PRODUCTS}/count`, payload, QUERY, options.signal);
      return typeof response.count === 'number' ? response.count : 0;
    },
    iterate: (query, options = {}) =>
      walkCursorPages<ProductV3>(pages('query', options), query, 'productsV3.iterate'),
    iterateSearch: (search, options = {}) =>
      walkCursorPages<ProductV3>(pages('search', options), search, 'productsV3.iterateSearch'),
    async allProductsCategory(options = {}) {
      const response = await read('/stores/v3/all-products-category', {}, {}, options.signal);
      return response;
    },
  };
}

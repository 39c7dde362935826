/**
 * Catalog V1's reads, loaded the first time one is called: products (query-platformized), one
 * product, its options' availability and its variants (`/stores-reader/v1/products/{id}…`),
 * collections (`/v2/collections…`, and the v1 slug read), and store variants
 * (`/stores-reader/v1/variants…`).
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import { pathParam } from '../http/path-param.js';
import type { Transport } from '../http/transport.js';
import { listOf, unwrap } from '../http/unwrap.js';
import { checkQuantity, describe } from '../internal/checks.js';
import { isJsonObject } from '../internal/json.js';
import { pick } from '../internal/pick.js';
import type {
  Collection,
  Product,
  ProductOptionsAvailability,
  ProductVariant,
  ProductVariantsResult,
  Variant,
} from '../models/catalog.js';
import { walkPages } from '../http/walk-pages.js';
import type { CatalogQuery } from './query.js';
import { queryPage } from './query-page.js';
import type { CatalogCallOptions, CollectionReads, ProductReads, VariantsApi } from './types.js';
import { queryRequest } from '../http/query-encoding.js';

const PRODUCTS = '/stores-reader/v1/products';

/** Catalog V1's product reads. */
export function createProductReads(transport: Transport): ProductReads {
  const productPath = (id: string, suffix = '') => `${PRODUCTS}/${pathParam('id', id)}${suffix}`;
  const queryProducts = <F>(query: CatalogQuery<F> | undefined, options: CatalogCallOptions) =>
    queryPage<Product, F>(query, 'products', (body) =>
      queryRequest(transport, `${PRODUCTS}/query-platformized`, body, { signal: options.signal }),
    );
  return {
    async query(query, options = {}) {
      return queryProducts(query, options);
    },
    iterate(query, options = {}) {
      return walkPages(() => queryProducts(query, options), { call: 'products.iterate' });
    },
    async get(id, options = {}) {
      const response = await transport.request({
        method: 'GET',
        path: productPath(id),
        ...(options.includeMerchantSpecificData
          ? { searchParams: { includeMerchantSpecificData: true } }
          : {}),
        signal: options.signal,
      });
      return unwrap(response, 'product', 'products.get');
    },

    async getBySlug(slug, options = {}) {
      pathParam('slug', slug);
      // The bytes of the official client's `queryProducts().eq('slug', slug).limit(1).find()`.
      const response = await queryRequest(
        transport,
        `${PRODUCTS}/query-platformized`,
        { query: { filter: { slug }, paging: { limit: 1, offset: 0 } } },
        { signal: options.signal },
      );
      return listOf<Product>(response, 'products')[0] ?? null;
    },

    async optionsAvailability(id, options, callOptions = {}) {
      const path = productPath(id, '/productOptionsAvailability');
      if (typeof options !== 'object' || options === null || Array.isArray(options)) {
        throw new StoreArgumentError('options', `must be an object, got ${describe(options)}`);
      }
      return transport.request<ProductOptionsAvailability>({
        method: 'POST',
        path,
        body: { options },
        signal: callOptions.signal,
        retry: true,
      });
    },

    async queryVariants(id, input = {}, options = {}) {
      const path = productPath(id, '/variants/query');
      if (input.paging?.limit !== undefined) checkQuantity('paging.limit', input.paging.limit, 0);
      if (input.paging?.offset !== undefined)
        checkQuantity('paging.offset', input.paging.offset, 0);
      const response = await transport.request({
        method: 'POST',
        path,
        body: pick(input, ['choices', 'variantIds', 'paging', 'includeMerchantSpecificData']),
        signal: options.signal,
        retry: true,
      });
      const result: ProductVariantsResult = {
        variants: listOf<ProductVariant>(response, 'variants'),
      };
      if (isJsonObject(response.metadata)) result.metadata = response.metadata;
      if (typeof response.totalResults === 'number') result.totalResults = response.totalResults;
      return result;
    },
  };
}

const COLLECTIONS = '/v2/collections';

/** The collection reads. */
export function createCollectionReads(transport: Transport): CollectionReads {
  const read = async (path: string, call: string, options: CatalogCallOptions) =>
    unwrap<Collection>(
      await transport.request({ method: 'GET', path, signal: options.signal }),
      'collection',
      call,
    );

  const queryCollections = <F>(query: CatalogQuery<F> | undefined, options: CatalogCallOptions) =>
    queryPage<Collection, F>(query, 'collections', (body) =>
      queryRequest(transport, `${COLLECTIONS}/query`, body, { signal: options.signal }),
    );

  return {
    get(id, options = {}) {
      return Promise.resolve().then(() =>
        read(`${COLLECTIONS}/${pathParam('id', id)}`, 'collections.get', options),
      );
    },
    getBySlug(slug, options = {}) {
      return Promise.resolve().then(() =>
        read(`${COLLECTIONS}/slug/${pathParam('slug', slug)}`, 'collections.getBySlug', options),
      );
    },
    getBySlugV1(slug, options = {}) {
      return Promise.resolve().then(() =>
        read(
          `/stores-reader/v1/collections/slug/${pathParam('slug', slug)}`,
          'collections.getBySlugV1',
          options,
        ),
      );
    },
    async query(query, options = {}) {
      return queryCollections(query, options);
    },
    iterate(query, options = {}) {
      return walkPages(() => queryCollections(query, options), { call: 'collections.iterate' });
    },
  };
}

const VARIANTS = '/stores-reader/v1/variants';

/** The store variant reads. */
export function createVariantReads(transport: Transport): VariantsApi {
  const queryVariants = <F>(query: CatalogQuery<F> | undefined, options: CatalogCallOptions) =>
    queryPage<Variant, F>(query, 'variants', (body) =>
      transport.request({
        method: 'POST',
        path: `${VARIANTS}/query`,
        body,
        signal: options.signal,
        // A read sent as POST: as safe to retry as a GET.
        retry: true,
      }),
    );

  return {
    async get(id, options = {}) {
      const path = `${VARIANTS}/${pathParam('id', id)}`;
      const response = await transport.request({ method: 'GET', path, signal: options.signal });
      return unwrap<Variant>(response, 'variant', 'variants.get');
    },
    async query(query, options = {}) {
      return queryVariants(query, options);
    },
    iterate(query, options = {}) {
      return walkPages(() => queryVariants(query, options), { call: 'variants.iterate' });
    },
  };
}

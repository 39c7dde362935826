/**
 * `store.collections`: collection reads (`/v2/collections/…` and the v1 slug read under
 * `/stores-reader`) and merchant-side writes (`/stores/v1/collections…`, in
 * collection-writes.ts), as platform-wire.md lists them.
 */
import { deferMethods, loadOnFirstUse } from '../http/load-on-first-use.js';
import { pathParam } from '../http/path-param.js';
import type { Transport } from '../http/transport.js';
import type { Collection, CollectionInput, CreateCollectionInput } from '../models/catalog.js';
import { listOf, unwrap } from '../http/unwrap.js';
import { fetchPage, iteratePages, type Page } from './page.js';
import { totalOf, type CatalogCallOptions } from './products.js';
import { toQueryBody, type CatalogQuery, type CollectionFilterFields } from './query.js';

/**
 * Collections of the stores catalog. Reads work for any caller; writes are merchant-side. Every
 * call throws {@link StoreApiError} when the platform refuses it, and {@link StoreArgumentError}
 * before sending for an empty id, slug or id list.
 */
export interface CollectionsApi {
  /**
   * One collection: `GET /v2/collections/{id}`.
   *
   * @throws {StoreClientError} with status 404 when there is no such collection.
   */
  get(id: string, options?: CatalogCallOptions): Promise<Collection>;
  /**
   * One collection by its slug: `GET /v2/collections/slug/{slug}`.
   *
   * @example
   * const collection = await store.collections.getBySlug('apparel');
   */
  getBySlug(slug: string, options?: CatalogCallOptions): Promise<Collection>;
  /** One collection by its slug, through the v1 reader: `GET /stores-reader/v1/collections/slug/{slug}`. */
  getBySlugV1(slug: string, options?: CatalogCallOptions): Promise<Collection>;
  /**
   * One page of collections: `/v2/collections/query` (a `.r` GET, or a POST when long).
   * Paging defaults to `{ limit: 50, offset: 0 }`.
   */
  query<F = CollectionFilterFields>(
    query?: CatalogQuery<NoInfer<F>>,
    options?: CatalogCallOptions,
  ): Promise<Page<Collection>>;
  /** Every collection matching the query, page after page. */
  iterate<F = CollectionFilterFields>(
    query?: CatalogQuery<NoInfer<F>>,
    options?: CatalogCallOptions,
  ): AsyncGenerator<Collection, void, undefined>;
  /** Creates a collection: `POST /stores/v1/collections`. */
  create(collection: CreateCollectionInput, options?: CatalogCallOptions): Promise<Collection>;
  /**
   * Changes a collection: `PATCH /stores/v1/collections/{id}`. Field errors name `id` and
   * `collection.…` as passed here.
   */
  update(
    id: string,
    collection: CollectionInput,
    options?: CatalogCallOptions,
  ): Promise<Collection>;
  /** Deletes a collection: `DELETE /stores/v1/collections/{id}`. */
  delete(id: string, options?: CatalogCallOptions): Promise<void>;
  /**
   * Adds products to a collection: `POST /stores/v1/collections/{id}/productIds`.
   *
   * @example
   * await store.collections.addProducts(collectionId, [productId]);
   */
  addProducts(
    id: string,
    productIds: readonly string[],
    options?: CatalogCallOptions,
  ): Promise<void>;
  /** Removes products from a collection: `POST /stores/v1/collections/{id}/productIds/delete`. */
  removeProducts(
    id: string,
    productIds: readonly string[],
    options?: CatalogCallOptions,
  ): Promise<void>;
}

const V2 = '/v2/collections';

/** The merchant-side writes of {@link CollectionsApi}: `collection-writes.ts`, loaded on first use. */
export type CollectionWrites = Pick<CollectionsApi, (typeof COLLECTION_WRITES)[number]>;

const COLLECTION_WRITES = ['create', 'update', 'delete', 'addProducts', 'removeProducts'] as const;

/** Binds the collection calls to a transport. */
export function createCollectionsApi(transport: Transport): CollectionsApi {
  // A storefront reads collections; only merchant tools write them. The writes load on first
  // use, to keep a storefront's first page small.
  const loadWrites = loadOnFirstUse(async () =>
    (await import('./collection-writes.js')).createCollectionWrites(transport),
  );

  const read = async (path: string, call: string, options: CatalogCallOptions) =>
    unwrap<Collection>(
      await transport.request({ method: 'GET', path, signal: options.signal }),
      'collection',
      call,
    );

  const queryPage = <F>(query: CatalogQuery<F> | undefined, options: CatalogCallOptions) => {
    const body = toQueryBody(query);
    return fetchPage<Collection>(async (paging) => {
      const response = await transport.query(
        `${V2}/query`,
        { query: { ...body.query, paging } },
        { signal: options.signal },
      );
      return { items: listOf<Collection>(response, 'collections'), total: totalOf(response) };
    }, body.query.paging);
  };

  return {
    get(id, options = {}) {
      return Promise.resolve().then(() =>
        read(`${V2}/${pathParam('id', id)}`, 'collections.get', options),
      );
    },
    getBySlug(slug, options = {}) {
      return Promise.resolve().then(() =>
        read(`${V2}/slug/${pathParam('slug', slug)}`, 'collections.getBySlug', options),
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
      return queryPage(query, options);
    },
    iterate(query, options = {}) {
      return iteratePages(() => queryPage(query, options));
    },
    ...deferMethods(loadWrites, COLLECTION_WRITES),
  };
}

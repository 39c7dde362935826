/**
 * `store.collections`: collection reads (`/v2/collections/…` and the v1 slug read under
 * `/stores-reader`) and merchant-side writes (`/stores/v1/collections…`, in
 * collection-writes.ts).
 */
import { deferMethods, loadOnFirstUse, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import type { Collection, CollectionInput, CreateCollectionInput } from '../models/catalog.js';
import { loadCatalogReads } from './load-catalog-reads.js';
import type { Page } from './page.js';
import type { CatalogCallOptions } from './products.js';
import type { CatalogQuery, CollectionFilterFields } from './query.js';

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

/** The reads of {@link CollectionsApi}, in catalog-reads.ts, loaded on first use. */
export type CollectionReads = Pick<
  CollectionsApi,
  'get' | 'getBySlug' | 'getBySlugV1' | 'query' | 'iterate'
>;

/** The merchant-side writes of {@link CollectionsApi}: `collection-writes.ts`, loaded on first use. */
export type CollectionWrites = Pick<CollectionsApi, (typeof COLLECTION_WRITES)[number]>;

const COLLECTION_WRITES = ['create', 'update', 'delete', 'addProducts', 'removeProducts'] as const;

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

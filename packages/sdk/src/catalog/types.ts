/**
 * The catalog's types: the calls of `store.products`, `store.collections` and `store.variants`,
 * and the parts of them loaded on first use (reads beyond a page of products, merchant writes).
 * Apart from the code, so the parts import them without importing each other.
 */
import type {
  BulkProductAdjust,
  BulkProductSet,
  BulkProductsResponse,
  ChoiceMedia,
  Collection,
  CollectionInput,
  CreateCollectionInput,
  CreateProductInput,
  Product,
  ProductInput,
  ProductMediaInput,
  ProductOptionsAvailability,
  ProductVariant,
  ProductVariantsQuery,
  ProductVariantsResult,
  Variant,
  VariantOverride,
} from '../models/catalog.js';
import type { Page } from './page.js';
import type {
  CatalogQuery,
  CollectionFilterFields,
  ProductFilterFields,
  VariantFilterFields,
} from './query.js';

/** Options every catalog call takes. */
export interface CatalogCallOptions {
  /** Aborts the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
}

/** Options of {@link ProductsApi.get}. */
export interface GetProductOptions extends CatalogCallOptions {
  /** Include costs, profits and cost ranges (merchant side). @default false */
  includeMerchantSpecificData?: boolean;
}

/**
 * Products of the stores catalog. Reads work for any caller; writes are merchant-side and need
 * a token with catalog permissions. Every call throws {@link StoreApiError} when the platform
 * refuses it, and {@link StoreArgumentError} before sending for an empty id, an empty id list or
 * a negative or fractional paging value.
 */
export interface ProductsApi {
  /**
   * One product: `GET /stores-reader/v1/products/{id}`.
   *
   * @example
   * const product = await store.products.get(id, { includeMerchantSpecificData: true });
   * @throws {StoreClientError} with status 404 when there is no such product.
   */
  get(id: string, options?: GetProductOptions): Promise<Product>;
  /**
   * The visible product with this slug, variants included, in one call: a query of
   * `/stores-reader/v1/products/query-platformized` by slug, as the official client's
   * `queryProducts().eq('slug', slug).limit(1).find()` sends it. Resolves with `null` when no
   * visible product has this slug (a query finds nothing; there is no 404 to throw, unlike
   * {@link CollectionsApi.getBySlug}, which is the platform's own slug read).
   *
   * @example
   * const product = await store.products.getBySlug('brass-ruler');
   * if (product === null) notFound();
   * @throws {StoreArgumentError} when `slug` is not a non-empty string.
   */
  getBySlug(slug: string, options?: CatalogCallOptions): Promise<Product | null>;
  /**
   * One page of products: `/stores-reader/v1/products/query-platformized` (a `.r` GET, or a
   * POST when the query is long). Paging defaults to `{ limit: 50, offset: 0 }`.
   *
   * @example
   * const page = await store.products.query({ filter: { visible: true }, paging: { limit: 12 } });
   * if (page.hasNext()) await page.next();
   */
  query<F = ProductFilterFields>(
    query?: CatalogQuery<NoInfer<F>>,
    options?: CatalogCallOptions,
  ): Promise<Page<Product>>;
  /**
   * Every product matching the query, page after page.
   *
   * @example
   * for await (const product of store.products.iterate({ filter: { visible: true } })) { … }
 
   * @throws {StoreSystemError} with code `PAGING_STALLED` when a page that says more follow
   *   brings no item not already seen (a server that ignores the offset): the walk would never end.
   */
  iterate<F = ProductFilterFields>(
    query?: CatalogQuery<NoInfer<F>>,
    options?: CatalogCallOptions,
  ): AsyncGenerator<Product, void, undefined>;
  /**
   * Which variant some choices select, and whether it can be bought:
   * `POST /stores-reader/v1/products/{id}/productOptionsAvailability`.
   *
   * @example
   * const { selectedVariant, availableForPurchase } = await store.products.optionsAvailability(id, { Size: 'L' });
   */
  optionsAvailability(
    id: string,
    options: Record<string, string>,
    callOptions?: CatalogCallOptions,
  ): Promise<ProductOptionsAvailability>;
  /** Variants of one product: `POST /stores-reader/v1/products/{id}/variants/query`. */
  queryVariants(
    id: string,
    input?: ProductVariantsQuery,
    options?: CatalogCallOptions,
  ): Promise<ProductVariantsResult>;

  /** Creates a product: `POST /stores/v1/products`. */
  create(product: CreateProductInput, options?: CatalogCallOptions): Promise<Product>;
  /**
   * Changes a product: `PATCH /stores/v1/products/{id}`. Field errors name `id` and
   * `product.…` as passed here.
   */
  update(id: string, product: ProductInput, options?: CatalogCallOptions): Promise<Product>;
  /** Deletes a product: `DELETE /stores/v1/products/{id}`. */
  delete(id: string, options?: CatalogCallOptions): Promise<void>;
  /**
   * Changes variants picked by choices or ids: `PATCH /stores/v1/products/{id}/variants`.
   * Resolves with the changed variants.
   */
  updateVariants(
    id: string,
    variants: readonly VariantOverride[],
    options?: CatalogCallOptions,
  ): Promise<ProductVariant[]>;
  /** Resets every variant to the product's data: `POST /stores/v1/products/{id}/variants/resetToDefault`. */
  resetVariants(id: string, options?: CatalogCallOptions): Promise<void>;
  /** Adds media: `POST /stores/v1/products/{id}/media`. */
  addMedia(
    id: string,
    media: readonly ProductMediaInput[],
    options?: CatalogCallOptions,
  ): Promise<void>;
  /** Removes media: `POST /stores/v1/products/{id}/media/delete`. */
  removeMedia(id: string, mediaIds: readonly string[], options?: CatalogCallOptions): Promise<void>;
  /** Assigns media to choices: `PATCH /stores/v1/products/{id}/choices/media`. */
  addChoiceMedia(
    id: string,
    media: readonly ChoiceMedia[],
    options?: CatalogCallOptions,
  ): Promise<void>;
  /** Removes media from choices: `POST /stores/v1/products/{id}/choices/media/delete`. */
  removeChoiceMedia(
    id: string,
    media: readonly ChoiceMedia[],
    options?: CatalogCallOptions,
  ): Promise<void>;
  /** Deletes every option (and so every variant): `DELETE /stores/v1/products/{id}/options`. */
  deleteOptions(id: string, options?: CatalogCallOptions): Promise<void>;
  /** Removes the brand: `POST /stores/v1/products/{id}/remove-brand`. */
  removeBrand(id: string, options?: CatalogCallOptions): Promise<void>;
  /** Removes the ribbon: `POST /stores/v1/products/{id}/remove-ribbon`. */
  removeRibbon(id: string, options?: CatalogCallOptions): Promise<void>;
  /**
   * Sets price, cost or weight of many products: `POST /stores/v1/bulk/products/update`.
   *
   * @example
   * await store.products.bulkUpdate([id1, id2], { price: 20 });
   */
  bulkUpdate(
    ids: readonly string[],
    set: BulkProductSet,
    options?: CatalogCallOptions,
  ): Promise<BulkProductsResponse>;
  /**
   * Adjusts price, cost or weight of many products by an amount or a percentage:
   * `POST /stores/v1/bulk/products/adjust-properties`.
   *
   * @example
   * await store.products.bulkAdjust([id1, id2], { price: { percentage: -10 } });
   */
  bulkAdjust(
    ids: readonly string[],
    adjust: BulkProductAdjust,
    options?: CatalogCallOptions,
  ): Promise<BulkProductsResponse>;
  /**
   * Creates a product through the platformized API: `POST /stores/v2/products-platformized`.
   * The path is unconfirmed.
   */
  createPlatformized(product: CreateProductInput, options?: CatalogCallOptions): Promise<Product>;
  /** Changes a product: `PATCH /stores/v2/products-platformized/{id}`. */
  updatePlatformized(
    id: string,
    product: ProductInput,
    options?: CatalogCallOptions,
  ): Promise<Product>;
  /** Deletes a product: `DELETE /stores/v2/products-platformized/{id}`. */
  deletePlatformized(id: string, options?: CatalogCallOptions): Promise<void>;
}

/**
 * Catalog V1's product reads, in catalog-reads.ts, loaded on first use: a shop reads its catalog
 * through the storefront reads (either catalog) instead.
 */
export type ProductReads = Pick<
  ProductsApi,
  'query' | 'iterate' | 'get' | 'getBySlug' | 'optionsAvailability' | 'queryVariants'
>;

/**
 * The merchant-side writes of {@link ProductsApi}, in product-writes.ts, loaded on first use:
 * every call but the reads above.
 */
export type ProductWrites = Omit<ProductsApi, keyof ProductReads>;

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
  /**
   * Every collection matching the query, page after page, each once.
   * @throws {StoreSystemError} with code `PAGING_STALLED` when a page that says more follow
   *   brings no item not already seen (a server that ignores the offset): the walk would never end.
   */
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

/**
 * The merchant-side writes of {@link CollectionsApi}, in collection-writes.ts, loaded on first
 * use: every call but the reads above.
 */
export type CollectionWrites = Omit<CollectionsApi, keyof CollectionReads>;

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
  /**
   * Every variant matching the query, page after page, each once.
   * @throws {StoreSystemError} with code `PAGING_STALLED` when a page that says more follow
   *   brings no item not already seen (a server that ignores the offset): the walk would never end.
   */
  iterate<F = VariantFilterFields>(
    query?: CatalogQuery<NoInfer<F>>,
    options?: CatalogCallOptions,
  ): AsyncGenerator<Variant, void, undefined>;
}

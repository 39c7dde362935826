/**
 * `store.products`: product reads (`/stores-reader/v1/…`) and merchant-side writes
 * (`/stores/v1/…`, `/stores/v2/products-platformized`, in product-writes.ts), as
 * both on the API host.
 */
import { deferMethods, loadOnFirstUse, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import type {
  BulkProductAdjust,
  BulkProductSet,
  BulkProductsResponse,
  ChoiceMedia,
  CreateProductInput,
  Product,
  ProductInput,
  ProductMediaInput,
  ProductOptionsAvailability,
  ProductVariant,
  ProductVariantsQuery,
  ProductVariantsResult,
  VariantOverride,
} from '../models/catalog.js';
import { listOf } from '../http/unwrap.js';
import { loadCatalogReads } from './load-catalog-reads.js';
import { fetchPage, iteratePages, totalOf, type Page } from './page.js';
import { toQueryBody, type CatalogQuery, type ProductFilterFields } from './query.js';

/** Options every catalog call takes. */
export interface CatalogCallOptions {
  /** Aborts the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
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

const READER = '/stores-reader/v1/products';

/** The product reads a first page does not make, in catalog-reads.ts, loaded on first use. */
export type ProductReads = Pick<ProductsApi, 'get' | 'optionsAvailability' | 'queryVariants'>;

/** The merchant-side writes of {@link ProductsApi}: `product-writes.ts`, loaded on first use. */
export type ProductWrites = Pick<ProductsApi, (typeof PRODUCT_WRITES)[number]>;

const PRODUCT_WRITES = [
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
] as const;

/**
 * Binds the product calls to a transport: a page of products at once, the other reads
 * (catalog-reads.ts) and the merchant writes (product-writes.ts) on first use.
 */
export function createProductsApi(transport: Transport): ProductsApi {
  const loadReads = once(async () => (await loadCatalogReads()).createProductReads(transport));
  // A storefront reads products; only merchant tools write them.
  const loadWrites = loadOnFirstUse(async () =>
    (await import('./product-writes.js')).createProductWrites(transport),
  );

  const queryPage = <F>(query: CatalogQuery<F> | undefined, options: CatalogCallOptions) => {
    const body = toQueryBody(query);
    return fetchPage<Product>(async (paging) => {
      const response = await transport.query(
        `${READER}/query-platformized`,
        { query: { ...body.query, paging } },
        { signal: options.signal },
      );
      return { items: listOf<Product>(response, 'products'), total: totalOf(response) };
    }, body.query.paging);
  };

  return {
    async query(query, options = {}) {
      return queryPage(query, options);
    },
    iterate(query, options = {}) {
      return iteratePages(() => queryPage(query, options));
    },
    ...deferMethods<ProductReads, keyof ProductReads>(loadReads, [
      'get',
      'optionsAvailability',
      'queryVariants',
    ]),
    ...deferMethods(loadWrites, PRODUCT_WRITES),
  };
}

/**
 * The storefront reads' types: what `store.storefront` takes and answers, and the one interface
 * each catalog implements behind it ({@link CatalogSource}: Catalog V1 in v1-source.ts, Catalog V3
 * in v3-source.ts). Apart from the code, so the face, the sources and the tests import them
 * without importing each other.
 */
import type {
  StorefrontCategory,
  StorefrontPage,
  StorefrontProduct,
  StorefrontProductDetail,
} from '../models/storefront.js';
import type { ProductSortOrder } from '../catalog/sort-orders.js';

/** The catalogs a store may run. A store runs one, for good. */
export type CatalogVersion = 'v1' | 'v3';

/**
 * Which catalog the client reads: `'auto'` asks the store once
 * (`GET /stores/v3/provision/version`) and keeps the answer; `'v1'` or `'v3'` skips that call.
 */
export type CatalogOption = 'auto' | CatalogVersion;

/** Options every storefront read takes. */
export interface StorefrontCallOptions {
  /** Aborts the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
}

/** The most products (or categories) one storefront page holds. */
export const MAX_STOREFRONT_LIMIT = 100;

/** What a grid, a category page or a search asks for. Every field is optional. */
export interface StorefrontProductQuery {
  /** Words the product's name holds (a search box's text). At most 100 characters are sent. */
  text?: string | undefined;
  /** Only the products of this category (Catalog V3) or collection (Catalog V1): its id. */
  categoryId?: string | undefined;
  /** Only the products with this ribbon (`'Bestseller'`). */
  ribbon?: string | undefined;
  /**
   * Only these products (at most 100 ids), say a cart's recommendations. The page keeps the
   * store's order (or `sort`'s), not the order of the ids.
   */
  ids?: readonly string[] | undefined;
  /** @default 'featured' (the store's own order) */
  sort?: ProductSortOrder | undefined;
  /** Products a page, 1 to 100. @default 50 */
  limit?: number | undefined;
  /** Where to go on: a page's `nextCursor`. Leave it out for the first page. */
  cursor?: string | undefined;
}

/** The orders of a list of categories: the store's own, or by name. */
export type StorefrontCategorySort = 'featured' | 'name-asc' | 'name-desc';

/** What a list of categories asks for. */
export interface StorefrontCategoryQuery {
  /** @default 'featured' (the store's own order) */
  sort?: StorefrontCategorySort | undefined;
  /** Categories a page, 1 to 100. @default 50 */
  limit?: number | undefined;
  /** A page's `nextCursor`. */
  cursor?: string | undefined;
}

/** One product or category, by its id or by its slug. */
export type StorefrontRef = { id: string } | { slug: string };

/**
 * What a shop shows of its catalog, in one shape ({@link StorefrontProduct} and its kin) whichever
 * catalog the store runs: the store's version is read once per client (and, on a server, once per
 * process for each store), and each read goes to that catalog's calls. Each throws
 * `StoreArgumentError` for an argument out of bounds (sent nowhere), `StoreApiError` when the
 * platform refuses, and `CatalogVersionError` when the store runs no catalog (`STORES_NOT_INSTALLED`),
 * or another one than the client's `catalog` option pins.
 */
export interface StorefrontApi {
  /**
   * The catalog the store runs: the client's `catalog` option, or the store's answer to one call
   * (`GET /stores/v3/provision/version`), read once and kept.
   * @example if ((await store.storefront.catalogVersion()) === 'v3') …
   */
  catalogVersion(options?: StorefrontCallOptions): Promise<CatalogVersion>;
  /**
   * One page of products for a grid, a category or a search: visible products only, in the
   * store's order or `sort`'s, `limit` a page (50 by default).
   * @example
   * const page = await store.storefront.products({ categoryId, sort: 'price-asc', limit: 24 });
   * const more = page.nextCursor && (await store.storefront.products({ categoryId, sort: 'price-asc', limit: 24, cursor: page.nextCursor }));
   */
  products(
    query?: StorefrontProductQuery,
    options?: StorefrontCallOptions,
  ): Promise<StorefrontPage<StorefrontProduct>>;
  /**
   * Every product `query` finds, page after page (`cursor` is where the walk starts).
   * @example for await (const product of store.storefront.iterateProducts({ categoryId })) …
   */
  iterateProducts(
    query?: StorefrontProductQuery,
    options?: StorefrontCallOptions,
  ): AsyncGenerator<StorefrontProduct, void, undefined>;
  /**
   * A product with what its page shows (options, choices, variants with their prices and stock),
   * by id or slug: `null` when there is no such visible product.
   * @example const product = await store.storefront.product({ slug }); if (!product) notFound();
   */
  product(
    ref: StorefrontRef,
    options?: StorefrontCallOptions,
  ): Promise<StorefrontProductDetail | null>;
  /**
   * One page of the store's categories (its collections, on Catalog V1), without the catalog-wide
   * "all products" group (list every product with `products()`).
   * @example const { items } = await store.storefront.categories();
   */
  categories(
    query?: StorefrontCategoryQuery,
    options?: StorefrontCallOptions,
  ): Promise<StorefrontPage<StorefrontCategory>>;
  /**
   * One category (collection) by id or slug: `null` when there is none.
   * @example const category = await store.storefront.category({ slug: 'kitchen' });
   */
  category(ref: StorefrontRef, options?: StorefrontCallOptions): Promise<StorefrontCategory | null>;
}

/**
 * One catalog behind the storefront reads: its calls, its answers turned into the storefront
 * model. Every implementation passes the same suite (storefront/__tests__/catalog-sources.test.ts).
 * The face (storefront.ts) has checked the arguments already.
 */
export interface CatalogSource {
  products(
    query: CheckedProductQuery,
    options: StorefrontCallOptions,
  ): Promise<StorefrontPage<StorefrontProduct>>;
  product(
    ref: StorefrontRef,
    options: StorefrontCallOptions,
  ): Promise<StorefrontProductDetail | null>;
  categories(
    query: CheckedCategoryQuery,
    options: StorefrontCallOptions,
  ): Promise<StorefrontPage<StorefrontCategory>>;
  category(ref: StorefrontRef, options: StorefrontCallOptions): Promise<StorefrontCategory | null>;
}

/** A product query after its check: a sort and a limit always, the text trimmed. */
export interface CheckedProductQuery {
  readonly text: string | undefined;
  readonly categoryId: string | undefined;
  readonly ribbon: string | undefined;
  readonly ids: readonly string[] | undefined;
  readonly sort: ProductSortOrder;
  readonly limit: number;
  readonly cursor: string | undefined;
}

/** A category query after its check. */
export interface CheckedCategoryQuery {
  readonly sort: StorefrontCategorySort;
  readonly limit: number;
  readonly cursor: string | undefined;
}

/**
 * The types of Catalog V3's modules: `store.productsV3`, `store.categories`,
 * `store.readOnlyVariantsV3` and `store.inventoryItemsV3`, their options and their cursor pages.
 * Apart from the code (loaded on first use), which imports them.
 */
import type {
  AggregationData,
  AllProductsCategory,
  BulkProductV3Update,
  BulkResultsV3,
  Category,
  CategoryField,
  CategoryItemReference,
  CategoryItemsResult,
  CategoryTreeReference,
  CreateCategoryInput,
  CreateProductV3Input,
  InventoryChangeReason,
  InventoryItemV3,
  ItemCategories,
  ProductV3,
  ProductV3Field,
  ProductV3SingleField,
  ProductWithInventoryV3Input,
  ProductWithInventoryV3Result,
  ReadOnlyVariantV3,
  ReadOnlyVariantV3Field,
  SearchDetails,
  UpdateCategoryInput,
  UpdateInventoryItemV3Input,
  UpdateProductV3Input,
} from '../models/catalog-v3.js';
import type {
  CategoryFields,
  CategoryQuery,
  CategorySearch,
  CursorPagingInput,
  FilterV3,
  InventoryItemV3Fields,
  InventoryItemV3Query,
  InventoryItemV3Search,
  InventoryItemV3SearchableField,
  ProductV3Query,
  ProductV3Search,
  ProductV3SearchFields,
  ProductV3SearchableField,
  ReadOnlyVariantV3Query,
  ReadOnlyVariantV3Search,
} from './query.js';

/* ───────────────────────────── pages ───────────────────────────── */

/** One page of a cursor-paged read. */
export interface CursorPage<T> {
  /** The items of this page. */
  readonly items: readonly T[];
  /** Cursors of the pages after and before this one, when there are. */
  readonly cursors: Readonly<{ next?: string; prev?: string }>;
  /** `true` when another page follows (never after an empty page). */
  hasNext(): boolean;
  /**
   * Fetches the next page, sending only its cursor and page size (a cursor stands for its query),
   * with the same `fields` and options. On the last page it resolves to an empty page.
   * @throws {StoreSystemError} with code `PAGING_STALLED` when the server gave this page the
   *   cursor it was fetched with (the next page would be this one, forever).
   */
  next(): Promise<CursorPage<T>>;
}

/** One page of a search: a {@link CursorPage} with the results of its aggregations. */
export interface SearchPage<T> extends CursorPage<T> {
  /** The aggregations' results, when the search asked for some. */
  readonly aggregationData?: AggregationData;
  next(): Promise<SearchPage<T>>;
}

/* ───────────────────────────── options ───────────────────────────── */

/** Options every Catalog V3 call takes. */
export interface CatalogV3CallOptions {
  /** Aborts the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Options of a read or write of one product. */
export interface ProductV3Options extends CatalogV3CallOptions {
  /**
   * Data to add to the answer (`URL`, `CURRENCY`, `MEDIA_ITEMS_INFO`…), left out otherwise.
   * @default []
   * @example { fields: ['URL', 'CURRENCY', 'DESCRIPTION'] }
   */
  fields?: readonly ProductV3SingleField[];
}

/** Options of a products query or search. */
export interface ProductsV3ReadOptions extends CatalogV3CallOptions {
  /**
   * Data to add to each product (`MIN_PRICE_VARIANT` too), sent with every page.
   * @default []
   */
  fields?: readonly ProductV3Field[];
}

/** What a products count counts. */
export interface ProductsV3CountInput {
  /** A filter on the fields of a search. */
  filter?: FilterV3<ProductV3SearchFields>;
  /** Free text to find. */
  search?: SearchDetails<ProductV3SearchableField>;
  /** Count hidden products too (needs the admin read scope). @default false */
  returnNonVisibleProducts?: boolean;
}

/** Options of the bulk writes of products. */
export interface BulkProductsV3Options extends CatalogV3CallOptions {
  /** Answer each product written in its result's `item`. @default false */
  returnEntity?: boolean;
  /** Data to add to the products answered. */
  fields?: readonly ProductV3Field[];
}

/** Options every categories call takes. */
export interface CategoryCallOptions extends CatalogV3CallOptions {
  /**
   * The tree of categories.
   * @default { appNamespace: '@wix/stores' } (the Stores tree)
   */
  treeReference?: CategoryTreeReference;
}

/** Options of a read or write of one category. */
export interface CategoryOptions extends CategoryCallOptions {
  /** Data to add to the answer (`BREADCRUMBS_INFO`, `DESCRIPTION`, `RICH_CONTENT_DESCRIPTION`). */
  fields?: readonly CategoryField[];
}

/** Options of a categories query or search. */
export interface CategoriesReadOptions extends CategoryOptions {
  /** Include hidden categories. @default false */
  returnNonVisibleCategories?: boolean;
}

/** What a categories count counts. */
export interface CategoriesCountInput {
  /** A filter on the fields of a categories query. */
  filter?: FilterV3<CategoryFields>;
  /** Free text to find in `name` or `description`. */
  search?: SearchDetails<'name' | 'description'>;
}

/** Options of a categories count. */
export interface CategoriesCountOptions extends CategoryCallOptions {
  /** Count hidden categories too. @default false */
  returnNonVisibleCategories?: boolean;
}

/** Options of {@link CategoriesApi.listItems}. */
export interface ListCategoryItemsOptions extends CategoryCallOptions {
  /** The page: its size (at most 100) and its cursor. */
  cursorPaging?: CursorPagingInput;
  /** In the merchant's manual order (at most 100 items), not newest first. @default false */
  useCategoryArrangement?: boolean;
  /** Include the items of the subcategories. @default false */
  includeItemsFromSubcategories?: boolean;
}

/** Options of a read-only variants query or search. */
export interface ReadOnlyVariantsV3ReadOptions extends CatalogV3CallOptions {
  /** Data to add to each variant (`CURRENCY`, `MERCHANT_DATA`…), sent with every page. */
  fields?: readonly ReadOnlyVariantV3Field[];
}

/** What an inventory items count counts. */
export interface InventoryItemsV3CountInput {
  /** A filter on the fields of an inventory items query. */
  filter?: FilterV3<InventoryItemV3Fields>;
  /** Free text to find in the product's name and the variant's name, SKU or barcode. */
  search?: SearchDetails<InventoryItemV3SearchableField>;
}

/** Options of {@link InventoryItemsV3Api.update}. */
export interface UpdateInventoryItemV3Options extends CatalogV3CallOptions {
  /** Why the stock changes. */
  reason?: InventoryChangeReason;
}

/* ───────────────────────────── products ───────────────────────────── */

/**
 * Products of Catalog V3 (`/stores/v3/products…`), as the official client's `productsV3` calls
 * them. Reads work for any caller (hidden products need the admin read scope); writes are
 * merchant-side. Every call throws {@link StoreApiError} when the platform refuses it (a
 * {@link CatalogVersionError} on a store that runs Catalog V1), and {@link StoreArgumentError}
 * before sending for an empty id or slug, an empty list or a bad page size.
 */
export interface ProductsV3Api {
  /**
   * One product, with its variants: `GET /stores/v3/products/{id}`.
   * @example const product = await store.productsV3.get(id, { fields: ['URL', 'CURRENCY'] });
   * @throws {StoreApplicationError} with status 404 when there is no such product.
   */
  get(id: string, options?: ProductV3Options): Promise<ProductV3>;
  /**
   * One product by its slug, with its variants: `GET /stores/v3/products/slug/{slug}`.
   * @example const product = await store.productsV3.getBySlug('brass-ruler', { fields: ['MEDIA_ITEMS_INFO'] });
   * @throws {StoreApplicationError} with status 404 when no product has this slug.
   */
  getBySlug(slug: string, options?: ProductV3Options): Promise<ProductV3>;
  /**
   * One page of products (without variants): `/stores/v3/products/query`, a GET (`.r` or flat)
   * or, when long, a POST. 50 products a page unless `cursorPaging.limit` says (at most 100).
   * @example
   * const page = await store.productsV3.query({ filter: { visible: true }, cursorPaging: { limit: 12 } });
   * if (page.hasNext()) await page.next();
   */
  query(query?: ProductV3Query, options?: ProductsV3ReadOptions): Promise<CursorPage<ProductV3>>;
  /**
   * One page of a search (without variants): filters on categories, prices, brands and options,
   * free text, aggregations: `/stores/v3/products/search`, sent as `query` is.
   * @example
   * const page = await store.productsV3.search({
   *   filter: { visible: true, 'allCategoriesInfo.categories': { $matchItems: [{ id: categoryId }] } },
   *   sort: [{ fieldName: 'actualPriceRange.minValue.amount', order: 'ASC' }],
   * });
   */
  search(search?: ProductV3Search, options?: ProductsV3ReadOptions): Promise<SearchPage<ProductV3>>;
  /**
   * How many products match: `/stores/v3/products/count`, sent as `query` is.
   * @example const visible = await store.productsV3.count({ filter: { visible: true } });
   */
  count(input?: ProductsV3CountInput, options?: CatalogV3CallOptions): Promise<number>;
  /**
   * Every product the query finds, page after page, each once.
   * @example for await (const product of store.productsV3.iterate({ filter: { visible: true } })) { … }
   * @throws {StoreSystemError} with code `PAGING_STALLED` when the server does not advance (a
   *   page that says more follow brings nothing new, or names a cursor followed before).
   */
  iterate(
    query?: ProductV3Query,
    options?: ProductsV3ReadOptions,
  ): AsyncGenerator<ProductV3, void, undefined>;
  /**
   * Every product the search finds, page after page, each once (see {@link ProductsV3Api.iterate}).
   * @throws {StoreSystemError} with code `PAGING_STALLED` when the server does not advance.
   */
  iterateSearch(
    search?: ProductV3Search,
    options?: ProductsV3ReadOptions,
  ): AsyncGenerator<ProductV3, void, undefined>;
  /**
   * The system category every product is in (slug `all-products`):
   * `GET /stores/v3/all-products-category`.
   */
  allProductsCategory(options?: CatalogV3CallOptions): Promise<AllProductsCategory>;

  /**
   * Creates a product: `POST /stores/v3/products`. It creates no stock: see
   * {@link ProductsV3Api.createWithInventory}.
   * @example
   * await merchant.productsV3.create({
   *   name: 'Mug', productType: 'DIGITAL',
   *   variantsInfo: { variants: [{ choices: [], price: { actualPrice: { amount: '12' } } }] },
   * });
   */
  create(product: CreateProductV3Input, options?: ProductV3Options): Promise<ProductV3>;
  /**
   * Changes a product: `PATCH /stores/v3/products/{id}` with the `revision` it changes.
   * @example await merchant.productsV3.update(product.id, { revision: product.revision!, name: 'Big mug' });
   * @throws {StoreArgumentError} without `product.revision`.
   */
  update(id: string, product: UpdateProductV3Input, options?: ProductV3Options): Promise<ProductV3>;
  /** Deletes a product: `DELETE /stores/v3/products/{id}`. */
  delete(id: string, options?: CatalogV3CallOptions): Promise<void>;
  /**
   * Creates a product with its variants' stock: `POST /stores/v3/products-with-inventory`.
   * @example
   * await merchant.productsV3.createWithInventory({ …product, variantsInfo: { variants: [{ choices: [], inventoryItem: { quantity: 5 } }] } });
   */
  createWithInventory(
    product: ProductWithInventoryV3Input & Pick<CreateProductV3Input, 'name' | 'productType'>,
    options?: ProductV3Options,
  ): Promise<ProductWithInventoryV3Result>;
  /**
   * Changes a product and its variants' stock: `PATCH /stores/v3/products-with-inventory/{id}`.
   * @throws {StoreArgumentError} without `product.revision`.
   */
  updateWithInventory(
    id: string,
    product: ProductWithInventoryV3Input & { revision: string },
    options?: ProductV3Options,
  ): Promise<ProductWithInventoryV3Result>;
  /** Creates up to 100 products: `POST /stores/v3/bulk/products/create`. */
  bulkCreate(
    products: readonly CreateProductV3Input[],
    options?: BulkProductsV3Options,
  ): Promise<BulkResultsV3<ProductV3>>;
  /**
   * Changes up to 100 products, each with its `id`, `revision` and the fields that change:
   * `POST /stores/v3/bulk/products/update`.
   */
  bulkUpdate(
    products: readonly BulkProductV3Update[],
    options?: BulkProductsV3Options,
  ): Promise<BulkResultsV3<ProductV3>>;
  /** Deletes up to 100 products: `POST /stores/v3/bulk/products/delete`. */
  bulkDelete(
    productIds: readonly string[],
    options?: CatalogV3CallOptions,
  ): Promise<BulkResultsV3<never>>;
}

/* ───────────────────────────── categories ───────────────────────────── */

/**
 * Categories (`/categories/v1/…`), which replace collections on Catalog V3, as the official
 * client's `categories` calls them. Every call names the Stores tree unless `treeReference`
 * says otherwise. Every call throws {@link StoreApiError} when the platform refuses it, and
 * {@link StoreArgumentError} before sending for an empty id, slug or list.
 */
export interface CategoriesApi {
  /**
   * One category: `GET /categories/v1/categories/{id}`.
   * @throws {StoreApplicationError} with status 404 when there is no such category.
   */
  get(id: string, options?: CategoryOptions): Promise<Category>;
  /**
   * One category by its slug: `GET /categories/v1/categories/slug/{slug}`.
   * @example const category = await store.categories.getBySlug('mugs', { fields: ['BREADCRUMBS_INFO'] });
   */
  getBySlug(slug: string, options?: CategoryOptions): Promise<Category>;
  /**
   * One page of categories: `POST /categories/v1/categories/query`. 50 a page unless
   * `cursorPaging.limit` says (at most 1000). Answers the `all-products` system category too.
   * @example const page = await store.categories.query({ filter: { visible: true } });
   */
  query(query?: CategoryQuery, options?: CategoriesReadOptions): Promise<CursorPage<Category>>;
  /** One page of a search of categories: `POST /categories/v1/categories/search`. */
  search(search?: CategorySearch, options?: CategoriesReadOptions): Promise<SearchPage<Category>>;
  /** How many categories match: `POST /categories/v1/categories/count`. */
  count(input?: CategoriesCountInput, options?: CategoriesCountOptions): Promise<number>;
  /**
   * Every category the query finds, page after page, each once.
   * @throws {StoreSystemError} with code `PAGING_STALLED` when the server does not advance.
   */
  iterate(
    query?: CategoryQuery,
    options?: CategoriesReadOptions,
  ): AsyncGenerator<Category, void, undefined>;
  /**
   * One page of a category's items (`{ catalogItemId, appId }`), newest first or in the
   * merchant's order: `GET /categories/v1/categories/{id}/list-items` (a POST when long).
   * @example
   * const page = await store.categories.listItems(categoryId, { useCategoryArrangement: true });
   * const ids = page.items.map((item) => item.catalogItemId);
   */
  listItems(
    categoryId: string,
    options?: ListCategoryItemsOptions,
  ): Promise<CursorPage<CategoryItemReference>>;
  /**
   * The categories an item is in: `GET /categories/v1/categories/list-categories-for-item`.
   * @example await store.categories.listCategoriesForItem({ catalogItemId: product.id, appId: STORES_APP_ID });
   */
  listCategoriesForItem(
    item: CategoryItemReference,
    options?: CategoryCallOptions,
  ): Promise<ItemCategories>;
  /** Creates a category: `POST /categories/v1/categories`. */
  create(category: CreateCategoryInput, options?: CategoryOptions): Promise<Category>;
  /**
   * Changes a category: `PATCH /categories/v1/categories/{id}` with the `revision` it changes.
   * @throws {StoreArgumentError} without `category.revision`.
   */
  update(id: string, category: UpdateCategoryInput, options?: CategoryOptions): Promise<Category>;
  /** Deletes a category: `DELETE /categories/v1/categories/{id}`. */
  delete(id: string, options?: CategoryCallOptions): Promise<void>;
  /**
   * Adds items (up to 100) to a category: `POST /categories/v1/bulk/categories/{id}/add-items`.
   * @example await merchant.categories.addItems(categoryId, [{ catalogItemId: productId, appId: STORES_APP_ID }]);
   */
  addItems(
    categoryId: string,
    items: readonly CategoryItemReference[],
    options?: CategoryCallOptions,
  ): Promise<CategoryItemsResult>;
  /** Removes items from a category: `POST /categories/v1/bulk/categories/{id}/remove-items`. */
  removeItems(
    categoryId: string,
    items: readonly CategoryItemReference[],
    options?: CategoryCallOptions,
  ): Promise<CategoryItemsResult>;
}

/* ───────────────────────────── read-only variants, inventory ───────────────────────────── */

/**
 * Variants read on their own, with their product's data (`/stores/v3/products/query-variants`,
 * `/search-variants`, plain POSTs). Every call throws {@link StoreApiError} when the platform
 * refuses it, and {@link StoreArgumentError} before sending for a bad page size.
 */
export interface ReadOnlyVariantsV3Api {
  /**
   * One page of variants: 50 unless `cursorPaging.limit` says (at most 1000).
   * @example const page = await store.readOnlyVariantsV3.query({ filter: { 'productData.productId': id } });
   */
  query(
    query?: ReadOnlyVariantV3Query,
    options?: ReadOnlyVariantsV3ReadOptions,
  ): Promise<CursorPage<ReadOnlyVariantV3>>;
  /** One page of a search of variants. */
  search(
    search?: ReadOnlyVariantV3Search,
    options?: ReadOnlyVariantsV3ReadOptions,
  ): Promise<SearchPage<ReadOnlyVariantV3>>;
  /**
   * Every variant the query finds, page after page.
   * @throws {StoreSystemError} with code `PAGING_STALLED` when the server does not advance.
   */
  iterate(
    query?: ReadOnlyVariantV3Query,
    options?: ReadOnlyVariantsV3ReadOptions,
  ): AsyncGenerator<ReadOnlyVariantV3, void, undefined>;
}

/**
 * Inventory items of Catalog V3: the stock of each variant in each location
 * (`/stores/v3/inventory-items…`). A storefront mostly needs none of it (products and variants
 * say whether they are in stock); counts ("3 left") do. Every call throws {@link StoreApiError}
 * when the platform refuses it, and {@link StoreArgumentError} before sending for an empty id
 * or a bad page size.
 */
export interface InventoryItemsV3Api {
  /** One inventory item: `GET /stores/v3/inventory-items/{id}`. */
  get(id: string, options?: CatalogV3CallOptions): Promise<InventoryItemV3>;
  /**
   * One page of inventory items: `/stores/v3/inventory-items/query` (a GET, or a POST when long).
   * @example const page = await store.inventoryItemsV3.query({ filter: { productId } });
   */
  query(
    query?: InventoryItemV3Query,
    options?: CatalogV3CallOptions,
  ): Promise<CursorPage<InventoryItemV3>>;
  /** One page of a search of inventory items: `/stores/v3/inventory-items/search`. */
  search(
    search?: InventoryItemV3Search,
    options?: CatalogV3CallOptions,
  ): Promise<SearchPage<InventoryItemV3>>;
  /** How many inventory items match: `/stores/v3/inventory-items/count`. */
  count(input?: InventoryItemsV3CountInput, options?: CatalogV3CallOptions): Promise<number>;
  /**
   * Every inventory item the query finds, page after page, each once.
   * @throws {StoreSystemError} with code `PAGING_STALLED` when the server does not advance.
   */
  iterate(
    query?: InventoryItemV3Query,
    options?: CatalogV3CallOptions,
  ): AsyncGenerator<InventoryItemV3, void, undefined>;
  /**
   * Changes an item's stock: `PATCH /stores/v3/inventory-items/{id}` with the `revision` it
   * changes. Merchant-side.
   * @example await merchant.inventoryItemsV3.update(item.id, { revision: item.revision!, quantity: 12 });
   * @throws {StoreArgumentError} without `item.revision`.
   */
  update(
    id: string,
    item: UpdateInventoryItemV3Input,
    options?: UpdateInventoryItemV3Options,
  ): Promise<InventoryItemV3>;
}

/** The four modules of Catalog V3, as the client holds them. */
export interface CatalogV3Api {
  productsV3: ProductsV3Api;
  categories: CategoriesApi;
  readOnlyVariantsV3: ReadOnlyVariantsV3Api;
  inventoryItemsV3: InventoryItemsV3Api;
}

/**
 * Cache tags for catalog data a server keeps (Next.js `cacheTag`, a CDN's surrogate keys, your
 * own cache), and the tags a verified webhook event expires. Framework-free: strings in, strings
 * out.
 *
 * What each entry depends on, and so carries:
 * - an entity (a product, a collection) its own tag;
 * - a list every item's tag (a change to one of them changes the list), one tag per field its
 *   filter or sort reads (a change to that field of a product NOT in the list may bring it in or
 *   reorder the page: a price drop on a list sorted by price), and the tag of every list of its
 *   kind (a product created, or made visible, may join any list).
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import type { WebhookEvent } from '../models/webhooks.js';

const PREFIX = 'vitrine:';

/** Carried by every catalog entry: expire it to drop the whole catalog. */
export const CATALOG_CACHE_TAG = `${PREFIX}catalog`;

/** Carried by every product list (and every product looked up by slug). */
export const PRODUCT_LISTS_CACHE_TAG = `${PREFIX}products`;

/** Carried by every collection list (and every collection looked up by slug). */
export const COLLECTION_LISTS_CACHE_TAG = `${PREFIX}collections`;

/**
 * Carried by the entries that could not be tagged item by item (a list of more items than a
 * cache takes tags): every catalog event expires it.
 */
const ANY_CATALOG_CHANGE = `${PREFIX}catalog:any-change`;

// Next.js takes at most 128 tags per entry and drops the rest: a list never carries more.
const MAX_TAGS = 128;
const MAX_ID_LENGTH = 200;

/** A storefront query, as far as its tags go (a product looked up by slug: `{ slug }`). */
export interface StorefrontTagQuery {
  text?: string | undefined;
  categoryId?: string | undefined;
  ribbon?: string | undefined;
  sort?: string | undefined;
  slug?: string | undefined;
}

/** A catalog query, as far as its tags go: the fields it filters and sorts on. */
export interface CacheTagQuery {
  /** The query's filter: every field it names (inside `$and`, `$or`, `$not` too) is read. */
  filter?: object | undefined;
  /** The query's sort: every `fieldName` is read. */
  sort?: readonly { fieldName?: string | undefined }[] | undefined;
}

/**
 * The tag of one product: its page's entry carries it, and so does every list it is in.
 *
 * @example productCacheTag('5a6b…') // 'vitrine:product:5a6b…'
 * @throws {StoreArgumentError} when the id is empty or longer than 200 characters.
 */
export function productCacheTag(productId: string): string {
  return `${PREFIX}product:${checkedId(productId, 'productId')}`;
}

/**
 * The tag of one collection: its page's entry carries it, and so does every list it is in and
 * every product list filtered by it.
 *
 * @example collectionCacheTag('c1') // 'vitrine:collection:c1'
 * @throws {StoreArgumentError} when the id is empty or longer than 200 characters.
 */
export function collectionCacheTag(collectionId: string): string {
  return `${PREFIX}collection:${checkedId(collectionId, 'collectionId')}`;
}

/**
 * The tags of a cached product list: `query` as it was sent, `products` as it answered. A
 * product looked up by its slug is the list `{ filter: { slug } }`: tag it so, found or not, and
 * a product created with that slug, or given it, expires the entry.
 *
 * @example
 * const page = await store.products.query(query);
 * cacheTag(...productListCacheTags(query, page.items));
 * @throws {StoreArgumentError} when an item's id is longer than 200 characters.
 */
export function productListCacheTags(
  query: CacheTagQuery | undefined,
  products: readonly { id?: string | undefined }[],
): string[] {
  const collections = collectionIdsOf(query?.filter);
  return listTags(
    [
      PRODUCT_LISTS_CACHE_TAG,
      ...fieldsOf(query).flatMap((field) => productRoots(field).map(productsBy)),
      ...collections.map(collectionCacheTag),
    ],
    products
      .map((product) => product.id)
      .filter(isString)
      .map(productCacheTag),
  );
}

/**
 * The tags of a cached collection list (or of a collection looked up by slug: the list
 * `{ filter: { slug } }`).
 *
 * @example cacheTag(...collectionListCacheTags(query, page.items));
 * @throws {StoreArgumentError} when an item's id is longer than 200 characters.
 */
export function collectionListCacheTags(
  query: CacheTagQuery | undefined,
  collections: readonly { id?: string | undefined }[],
): string[] {
  return listTags(
    [COLLECTION_LISTS_CACHE_TAG, ...fieldsOf(query).map(collectionRoot).map(collectionsBy)],
    collections
      .map((collection) => collection.id)
      .filter(isString)
      .map(collectionCacheTag),
  );
}

/**
 * The tags a verified webhook event expires: exactly the entries that may now be wrong.
 * A product change expires that product (its page and every list it is in), the lists that
 * filter or sort on a changed field (price, ribbon, collections…), and every product list when
 * its visibility changed; a deletion expires the product and the collection lists (their
 * product counts); a creation expires every list of its kind; a collection change that
 * collection (its page, the lists it is in, the product lists filtered by it). Cart events
 * expire nothing: carts are never in a shared cache.
 *
 * @example
 * const event = await webhooks.verifyRequest(request);
 * for (const tag of cacheTagsToExpire(event)) revalidateTag(tag, { expire: 0 });
 * @throws {StoreArgumentError} when the event's id is longer than 200 characters.
 */
export function cacheTagsToExpire(event: WebhookEvent): string[] {
  switch (event.type) {
    case 'cartCreated':
    case 'cartUpdated':
    case 'cartDeleted':
    case 'cartV2Created':
    case 'cartV2Updated':
    case 'cartV2Deleted':
    case 'cartV2Calculated':
      return [];
    case 'productCreated':
      return [ANY_CATALOG_CHANGE, PRODUCT_LISTS_CACHE_TAG];
    case 'productChanged':
      return productChanged(event.data.productId, event.data.changedFields);
    case 'productDeleted':
      return [
        ANY_CATALOG_CHANGE,
        productCacheTag(event.data.productId),
        COLLECTION_LISTS_CACHE_TAG,
      ];
    case 'variantsChanged':
      return productChanged(
        event.data.productId,
        event.data.variants.flatMap((variant) => variant.changedFields),
      );
    case 'collectionCreated':
      return [ANY_CATALOG_CHANGE, COLLECTION_LISTS_CACHE_TAG];
    case 'collectionChanged':
      return collectionChanged(event.data.collectionId, event.data.changedFields);
    case 'collectionDeleted':
      return [ANY_CATALOG_CHANGE, collectionCacheTag(event.data.collectionId)];
    case 'productV3Created':
    case 'productV3Updated':
    case 'productV3Deleted':
    case 'inventoryItemCreated':
    case 'inventoryItemUpdated':
    case 'inventoryItemDeleted':
    case 'inventoryItemStockStatusUpdated':
    case 'categoryCreated':
    case 'categoryUpdated':
    case 'categoryDeleted':
    case 'categoryItemAdded':
    case 'categoryItemRemoved':
      return catalogV3TagsToExpire(event);
  }
}

/** Catalog V3's events (products, their stock, categories). */
type CatalogV3Event = Extract<
  WebhookEvent,
  {
    type:
      | `productV3${string}`
      | `inventoryItem${string}`
      | `category${'Created' | 'Updated' | 'Deleted' | 'ItemAdded' | 'ItemRemoved'}`;
  }
>;

/**
 * The tags Catalog V3's events expire, in the same tags (a category is tagged as the collection
 * it stands for: the storefront reads give both one id).
 */
function catalogV3TagsToExpire(event: CatalogV3Event): string[] {
  switch (event.type) {
    case 'productV3Created':
    case 'categoryCreated':
      return [
        ANY_CATALOG_CHANGE,
        event.type === 'categoryCreated' ? COLLECTION_LISTS_CACHE_TAG : PRODUCT_LISTS_CACHE_TAG,
      ];
    case 'productV3Updated':
      // Without the fields that changed, any of them may have: every list that shows it.
      return event.data.modifiedFields === undefined
        ? [ANY_CATALOG_CHANGE, productCacheTag(event.data.entityId), PRODUCT_LISTS_CACHE_TAG]
        : productChanged(event.data.entityId, event.data.modifiedFields);
    case 'productV3Deleted':
      return [ANY_CATALOG_CHANGE, productCacheTag(event.data.entityId), COLLECTION_LISTS_CACHE_TAG];
    case 'inventoryItemCreated':
    case 'inventoryItemUpdated':
    case 'inventoryItemDeleted': {
      const productId = event.data.inventoryItem?.productId;
      const tags = [ANY_CATALOG_CHANGE, productsBy('stock')];
      return productId ? [...tags, productCacheTag(productId)] : tags;
    }
    case 'inventoryItemStockStatusUpdated':
      // The item's own update, sent with it, names its product.
      return [ANY_CATALOG_CHANGE, productsBy('stock')];
    case 'categoryUpdated':
      return event.data.modifiedFields === undefined
        ? [ANY_CATALOG_CHANGE, collectionCacheTag(event.data.entityId), COLLECTION_LISTS_CACHE_TAG]
        : collectionChanged(event.data.entityId, event.data.modifiedFields);
    case 'categoryDeleted':
      return [ANY_CATALOG_CHANGE, collectionCacheTag(event.data.entityId)];
    case 'categoryItemAdded':
    case 'categoryItemRemoved':
      // The category's lists of products, its count in the lists of categories, the product's page.
      return unique([
        ANY_CATALOG_CHANGE,
        collectionCacheTag(event.data.categoryId),
        productCacheTag(event.data.item.catalogItemId),
        productsBy('collectionIds'),
        collectionsBy('numberOfProducts'),
      ]);
  }
}

/**
 * The tags of a cached storefront read of products (`store.storefront.products`): the query's,
 * as the catalog query it stands for (its text reads the names, its category the category's
 * products, its order the prices or names), and each product's.
 *
 * @example cacheTag(...storefrontProductListCacheTags(query, page.items));
 * @throws {StoreArgumentError} when an item's id is longer than 200 characters.
 */
export function storefrontProductListCacheTags(
  query: StorefrontTagQuery | undefined,
  products: readonly { id?: string | undefined }[],
): string[] {
  const filter: Record<string, unknown> = {};
  if (query?.text !== undefined) filter.name = query.text;
  if (query?.categoryId !== undefined) filter.collectionIds = { $hasSome: [query.categoryId] };
  if (query?.slug !== undefined) filter.slug = query.slug;
  if (query?.ribbon !== undefined) filter.ribbon = query.ribbon;
  const field = query?.sort?.startsWith('price')
    ? 'price'
    : query?.sort?.startsWith('name')
      ? 'name'
      : undefined;
  return productListCacheTags(
    { filter, ...(field ? { sort: [{ fieldName: field }] } : {}) },
    products,
  );
}

function productChanged(productId: string, changedFields: readonly string[]): string[] {
  const tags = [ANY_CATALOG_CHANGE, productCacheTag(productId), productsBy('lastUpdated')];
  for (const field of changedFields) {
    const roots = productRoots(field);
    tags.push(...roots.map(productsBy));
    // Lists show visible products only: one made visible may join any of them.
    if (roots.includes('visible')) tags.push(PRODUCT_LISTS_CACHE_TAG);
    // Collection lists count their products.
    if (roots.includes('collectionIds')) tags.push(COLLECTION_LISTS_CACHE_TAG);
  }
  return unique(tags);
}

function collectionChanged(collectionId: string, changedFields: readonly string[]): string[] {
  const tags = [ANY_CATALOG_CHANGE, collectionCacheTag(collectionId)];
  for (const field of changedFields) {
    const root = collectionRoot(field);
    tags.push(collectionsBy(root));
    if (root === 'visible') tags.push(COLLECTION_LISTS_CACHE_TAG);
  }
  return unique(tags);
}

// The fields of a product that lists filter or sort on, under one name per thing that changes:
// a query's `priceData.price` and an event's `priceData` or `discount` are all the price.
const PRODUCT_FIELD_ROOTS: Readonly<Record<string, readonly string[]>> = {
  price: ['price'],
  priceData: ['price'],
  discount: ['price'],
  collections: ['collectionIds'],
  collectionIds: ['collectionIds'],
  ribbons: ['ribbon'],
  // New options rebuild the variants: their prices and stock.
  variants: ['price', 'stock'],
  productOptions: ['price', 'stock'],
  // Catalog V3's names of the same things.
  actualPriceRange: ['price'],
  compareAtPriceRange: ['price'],
  variantsInfo: ['price', 'stock'],
  options: ['price', 'stock'],
  inventory: ['stock'],
  directCategoriesInfo: ['collectionIds'],
  allCategoriesInfo: ['collectionIds'],
  mainCategoryId: ['collectionIds'],
};

const COLLECTION_FIELD_ROOTS: Readonly<Record<string, string>> = {
  productIds: 'numberOfProducts',
  // A category's count of its items.
  itemCounter: 'numberOfProducts',
};

function productRoots(field: string): readonly string[] {
  const head = headOf(field);
  return PRODUCT_FIELD_ROOTS[head] ?? [head];
}

function collectionRoot(field: string): string {
  const head = headOf(field);
  return COLLECTION_FIELD_ROOTS[head] ?? head;
}

/** A field's first segment (`priceData.price` → `priceData`), kept to a tag-safe length. */
function headOf(field: string): string {
  return (field.split('.')[0] ?? field).slice(0, 64);
}

const productsBy = (root: string) => `${PREFIX}products:by:${root}`;
const collectionsBy = (root: string) => `${PREFIX}collections:by:${root}`;

/** A list's own tags and its items', within the tags a cache takes. */
function listTags(own: string[], items: string[]): string[] {
  const tags = unique([CATALOG_CACHE_TAG, ...own, ...items]);
  if (tags.length <= MAX_TAGS) return tags;
  // Too many to tag one by one: any catalog change expires it.
  return [CATALOG_CACHE_TAG, own[0] ?? PRODUCT_LISTS_CACHE_TAG, ANY_CATALOG_CHANGE];
}

/** Every field a query's filter (through `$and`, `$or`, `$not`) and sort read. */
function fieldsOf(query: CacheTagQuery | undefined): string[] {
  const fields = new Set<string>();
  eachCondition(query?.filter, (field) => fields.add(field));
  for (const sort of query?.sort ?? []) if (sort.fieldName) fields.add(sort.fieldName);
  return [...fields];
}

/** The collection ids a product filter names (`'collections.id': { $hasSome: [...] }`). */
function collectionIdsOf(filter: object | undefined): string[] {
  const ids = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') ids.add(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(collect);
  };
  eachCondition(filter, (field, condition) => {
    if (productRoots(field).includes('collectionIds')) collect(condition);
  });
  return [...ids];
}

/** Calls `visit` with each field a filter names and its condition, through `$and`, `$or`, `$not`. */
function eachCondition(node: unknown, visit: (field: string, condition: unknown) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) eachCondition(item, visit);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('$')) eachCondition(value, visit);
    else visit(key, value);
  }
}

function checkedId(id: string, argument: string): string {
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH) {
    throw new StoreArgumentError(argument, `must be 1 to ${MAX_ID_LENGTH} characters`);
  }
  return id;
}

function isString(value: string | undefined): value is string {
  return typeof value === 'string' && value !== '';
}

function unique(tags: string[]): string[] {
  return [...new Set(tags)];
}

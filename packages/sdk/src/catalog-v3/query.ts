/**
 * Typed Catalog V3 reads: cursor queries and searches whose filters name only the fields each
 * call can filter on (the official client's query and search specs), each field with the
 * operators of its type, and whose sorts name only the sortable fields. Field names are those
 * of the wire (`id`, `createdDate`), not the official client's `_id`.
 */
import type { DateValue, FieldCondition } from '../catalog/query.js';
import type {
  Aggregation,
  AvailabilityStatusV3,
  InventoryAvailabilityStatusV3,
  PreorderAvailabilityV3,
  PreorderStatusV3,
  ProductTypeV3,
  SearchDetails,
} from '../models/catalog-v3.js';

/**
 * A field of objects that is filtered with `$matchItems`: an item matches when one of the
 * field's objects matches one of the filters given.
 */
export interface MatchItems<E> {
  /** The fields each object of the list may be filtered on. */
  readonly matchItemsOf: E;
}

/** What a filter may say about one field of type `V` (see {@link FieldCondition}). */
export type FieldConditionV3<V> = [V] extends [MatchItems<infer E>]
  ? { $matchItems: readonly FilterV3<E>[] }
  : FieldCondition<V>;

/**
 * A filter over the fields `F` (a map of field path → value type), with `$and`, `$or` and `$not`.
 * Two operators on the same field go in separate `$and` terms.
 *
 * @example
 * const filter: FilterV3<ProductV3SearchFields> = {
 *   visible: true,
 *   'allCategoriesInfo.categories': { $matchItems: [{ id: categoryId }] },
 *   $and: [{ 'actualPriceRange.minValue.amount': { $gte: '10' } }],
 * };
 */
export type FilterV3<F> = { [K in keyof F]?: FieldConditionV3<F[K]> } & {
  /** Every one of these filters holds. */
  $and?: readonly FilterV3<F>[];
  /** At least one of these filters holds. */
  $or?: readonly FilterV3<F>[];
  /** This filter does not hold. */
  $not?: FilterV3<F>;
};

/** One sort key, on a field that can be sorted on. */
export interface SortV3<S extends string> {
  /** The field, by its wire name (`createdDate`, not `_createdDate`). */
  fieldName: S;
  /** @default 'ASC' */
  order?: 'ASC' | 'DESC';
}

/** The size of a page, and where it starts (a page's `cursors.next`). */
export interface CursorPagingInput {
  /**
   * Items a page holds, at most (the platform's limit: 100 products, 1000 categories, variants or
   * inventory items, 100 items of a category).
   * @default 50 (a category's items: the platform's default, none is sent)
   */
  limit?: number;
  /**
   * A page's `cursors.next` (or `prev`). A cursor stands for its query: with one, the filter,
   * sort and search are not sent.
   */
  cursor?: string;
}

/**
 * A cursor query: `{ filter?, sort?, cursorPaging? }`. The first page holds 50 items unless
 * `cursorPaging.limit` says otherwise.
 */
export interface CursorQueryV3<F, S extends string> {
  /** Which items: a filter on the fields `F`. @default every item */
  filter?: FilterV3<F>;
  /** Their order, by the sortable fields `S` (at most 5 keys; 10 for a search). */
  sort?: readonly SortV3<S>[];
  /** The page: its size and, for a later page, its cursor. @default { limit: 50 } */
  cursorPaging?: CursorPagingInput;
}

/**
 * A cursor search: a query with free-text `search` (in the text fields `T`), `aggregations` and
 * a `timeZone`.
 */
export interface CursorSearchV3<
  F,
  S extends string,
  T extends string = string,
> extends CursorQueryV3<F, S> {
  /** Free text to find, in the fields named. */
  search?: SearchDetails<T>;
  /** Facets over the matching items (at most 10); the page carries their `aggregationData`. */
  aggregations?: readonly Aggregation[];
  /** The time zone of date aggregations, e.g. `Europe/Paris`. */
  timeZone?: string;
}

/* ───────────────────────────── products ───────────────────────────── */

/** Fields a products query filters on. */
export interface ProductV3QueryFields {
  id: string;
  handle: string;
  createdDate: DateValue;
  updatedDate: DateValue;
  slug: string;
  visible: boolean;
  'options.id': string[];
}
/** Fields a products query sorts on. */
export type ProductV3QuerySortField = 'createdDate' | 'updatedDate' | 'slug' | 'visible';

/** Fields of a product's category that `$matchItems` filters on. */
export interface ProductCategoryMatchFields {
  id: string;
  index: number;
}

/** Fields of a product's variant that `$matchItems` filters on. */
export interface ProductVariantMatchFields {
  sku: string;
  barcode: string;
  visible: boolean;
  'choices.optionChoiceIds.optionId': string;
  'choices.optionChoiceIds.choiceId': string;
  'price.actualPrice.amount': string;
  'price.compareAtPrice.amount': string;
  'physicalProperties.weight': number;
}

/** Fields a products search (and count) filters on. Amounts are decimal strings. */
export interface ProductV3SearchFields {
  'allCategoriesInfo.categories': MatchItems<ProductCategoryMatchFields>;
  'directCategoriesInfo.categories': MatchItems<ProductCategoryMatchFields>;
  'variantsInfo.variants': MatchItems<ProductVariantMatchFields>;
  'additionalRibbons.id': string[];
  'additionalRibbons.name': string[];
  'infoSections.id': string[];
  'infoSections.uniqueName': string[];
  'modifiers.id': string[];
  'modifiers.name': string[];
  'modifiers.choicesSettings.choices.choiceId': string[];
  'modifiers.choicesSettings.choices.name': string[];
  'options.id': string[];
  'options.name': string[];
  'options.choicesSettings.choices.choiceId': string[];
  'options.choicesSettings.choices.name': string[];
  'tags.privateTags.tagIds': string[];
  'tags.publicTags.tagIds': string[];
  id: string;
  slug: string;
  handle: string;
  visible: boolean;
  visibleInPos: boolean;
  productType: ProductTypeV3;
  'brand.id': string;
  'brand.name': string;
  'ribbon.id': string;
  'ribbon.name': string;
  'inventory.availabilityStatus': AvailabilityStatusV3;
  'inventory.preorderStatus': PreorderStatusV3;
  'inventory.preorderAvailability': PreorderAvailabilityV3;
  'physicalProperties.deliveryProfileId': string;
  'physicalProperties.fulfillerId': string;
  'subscriptionDetails.allowOneTimePurchases': boolean;
  taxGroupId: string;
  name: string;
  createdDate: DateValue;
  updatedDate: DateValue;
  'actualPriceRange.minValue.amount': string;
  'actualPriceRange.maxValue.amount': string;
  'compareAtPriceRange.minValue.amount': string;
  'compareAtPriceRange.maxValue.amount': string;
  'minVariantPriceInfo.sku': string;
  'physicalProperties.shippingWeightRange.minValue': number;
  'physicalProperties.shippingWeightRange.maxValue': number;
}
/** Fields a products search sorts on. */
export type ProductV3SearchSortField =
  | 'name'
  | 'createdDate'
  | 'updatedDate'
  | 'actualPriceRange.minValue.amount'
  | 'actualPriceRange.maxValue.amount'
  | 'compareAtPriceRange.minValue.amount'
  | 'compareAtPriceRange.maxValue.amount'
  | 'minVariantPriceInfo.sku'
  | 'physicalProperties.shippingWeightRange.minValue'
  | 'physicalProperties.shippingWeightRange.maxValue';

/**
 * A products query. It filters on few fields (no name, price or category): search for those.
 * @example { filter: { slug: { $in: ['tee', 'mug'] } }, sort: [{ fieldName: 'createdDate', order: 'DESC' }] }
 */
export type ProductV3Query = CursorQueryV3<ProductV3QueryFields, ProductV3QuerySortField>;

/** Text fields a products search finds free text in. */
export type ProductV3SearchableField =
  | 'name'
  | 'description'
  | 'variantsInfo.variants.sku'
  | 'variantsInfo.variants.barcode'
  | 'minVariantPriceInfo.sku'
  | 'directCategoryIdsInfo.categoryIds'
  | 'physicalProperties.deliveryProfileId'
  | 'physicalProperties.shippingGroupId';

/**
 * A products search: filters on categories, prices, brands, options…, free text and aggregations.
 * @example { filter: { 'allCategoriesInfo.categories': { $matchItems: [{ id }] } }, search: { expression: 'tee', fields: ['name'] } }
 */
export type ProductV3Search = CursorSearchV3<
  ProductV3SearchFields,
  ProductV3SearchSortField,
  ProductV3SearchableField
>;

/* ───────────────────────────── categories ───────────────────────────── */

/** Fields a categories query or search filters on. */
export interface CategoryFields {
  id: string;
  slug: string;
  visible: boolean;
  'treeReference.appNamespace': string;
  'treeReference.treeKey': string;
  name: string;
  createdDate: DateValue;
  updatedDate: DateValue;
  managingAppId: string;
  'parentCategory.id': string;
  'parentCategory.index': number;
}
/** Fields a categories query or search sorts on. */
export type CategorySortField =
  | 'name'
  | 'createdDate'
  | 'updatedDate'
  | 'managingAppId'
  | 'parentCategory.id'
  | 'parentCategory.index';

/** A categories query. @example { filter: { 'parentCategory.id': rootId }, sort: [{ fieldName: 'parentCategory.index' }] } */
export type CategoryQuery = CursorQueryV3<CategoryFields, CategorySortField>;
/** A categories search (free text in `name` and `description`). */
export type CategorySearch = CursorSearchV3<
  CategoryFields,
  CategorySortField,
  'name' | 'description'
>;

/* ───────────────────────────── read-only variants ───────────────────────────── */

/** Fields a read-only variants query filters and sorts on. */
export interface ReadOnlyVariantV3QueryFields {
  id: string;
  variantId: string;
  'productData.productId': string;
}

/** Fields a read-only variants search filters on. */
export interface ReadOnlyVariantV3SearchFields extends ReadOnlyVariantV3QueryFields {
  'optionChoices.optionChoiceIds.optionId': string[];
  'optionChoices.optionChoiceIds.choiceId': string[];
  sku: string;
  barcode: string;
  visible: boolean;
  'inventoryStatus.inStock': boolean;
  'inventoryStatus.preorderEnabled': boolean;
  'price.actualPrice.amount': string;
  'price.compareAtPrice.amount': string;
  'productData.updatedDate': DateValue;
  'productData.brand.id': string;
  'productData.handle': string;
  'productData.name': string;
  'productData.physicalProperties.fulfillerId': string;
  'productData.productType': ProductTypeV3;
  'productData.slug': string;
  'productData.visible': boolean;
  'productData.visibleInPos': boolean;
}

/** A read-only variants query. @example { filter: { 'productData.productId': productId } } */
export type ReadOnlyVariantV3Query = CursorQueryV3<
  ReadOnlyVariantV3QueryFields,
  keyof ReadOnlyVariantV3QueryFields
>;
/** A read-only variants search (free text in `productData.name` and `sku`). */
export type ReadOnlyVariantV3Search = CursorSearchV3<
  ReadOnlyVariantV3SearchFields,
  Exclude<keyof ReadOnlyVariantV3SearchFields, 'id'>,
  'productData.name' | 'sku'
>;

/* ───────────────────────────── inventory items ───────────────────────────── */

/** Fields an inventory items query or search filters on. */
export interface InventoryItemV3Fields {
  id: string;
  locationId: string;
  variantId: string;
  productId: string;
  'product.directCategoryIds': string[];
  createdDate: DateValue;
  updatedDate: DateValue;
  availabilityStatus: InventoryAvailabilityStatusV3;
  inStock: boolean;
  quantity: number;
  trackQuantity: boolean;
  'preorderInfo.enabled': boolean;
  'product.brand.id': string;
  'product.name': string;
  'product.variantBarcode': string;
  'product.variantName': string;
  'product.variantSku': string;
}
/** Fields an inventory items query or search sorts on. */
export type InventoryItemV3SortField = Exclude<
  keyof InventoryItemV3Fields,
  'id' | 'locationId' | 'variantId'
>;

/** An inventory items query. @example { filter: { productId } } */
export type InventoryItemV3Query = CursorQueryV3<InventoryItemV3Fields, InventoryItemV3SortField>;
/** Text fields an inventory items search finds free text in. */
export type InventoryItemV3SearchableField =
  'product.name' | 'product.variantBarcode' | 'product.variantName' | 'product.variantSku';

/** An inventory items search. */
export type InventoryItemV3Search = CursorSearchV3<
  InventoryItemV3Fields,
  InventoryItemV3SortField,
  InventoryItemV3SearchableField
>;

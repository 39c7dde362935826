/**
 * Catalog V3: products, categories, read-only variants and inventory items as the platform's
 * Catalog V3 APIs send them (the REST shapes of the official client's `@wix/auto_sdk_stores_products-v-3`
 * 1.0.226, `@wix/auto_sdk_categories_categories` 1.0.145, `@wix/auto_sdk_stores_read-only-variants-v-3`
 * 1.0.139 and `@wix/auto_sdk_stores_inventory-items-v-3` 1.0.98). Keys are as on the wire (`id`,
 * `createdDate`), dates are ISO strings, money amounts and revisions are decimal strings
 * (`{ amount: "10.5", formattedAmount: "$10.50" }`), and every field the platform may leave out
 * is optional. Which fields a read returns depends on the `fields` it asks for
 * ({@link ProductV3Field}).
 */
import { defineEnum, type EnumValue } from './enum.js';

/* ───────────────────────────── enumerations ───────────────────────────── */

/**
 * What a product read may add to its answer (`fields: [...]`); each adds data that is left out
 * otherwise. `MIN_PRICE_VARIANT` is for query and search only.
 */
export const ProductV3Field = /* @__PURE__ */ defineEnum([
  'URL',
  'CURRENCY',
  'INFO_SECTION',
  'MERCHANT_DATA',
  'PLAIN_DESCRIPTION',
  'INFO_SECTION_PLAIN_DESCRIPTION',
  'SUBSCRIPTION_PRICES_INFO',
  'BREADCRUMBS_INFO',
  'WEIGHT_MEASUREMENT_UNIT_INFO',
  'VARIANT_OPTION_CHOICE_NAMES',
  'MEDIA_ITEMS_INFO',
  'DESCRIPTION',
  'DIRECT_CATEGORIES_INFO',
  'ALL_CATEGORIES_INFO',
  'INFO_SECTION_DESCRIPTION',
  'THUMBNAIL',
  'PRODUCT_CHOICES_MEDIA_REFERENCES',
  'PRODUCT_CHOICES_DISPLAY_IMAGE',
  'MIN_PRICE_VARIANT',
  'DISCOUNT_INFO',
]);
/** One of {@link ProductV3Field}'s values. */
export type ProductV3Field = EnumValue<typeof ProductV3Field>;
/** The `fields` of a read or write of one product: every {@link ProductV3Field} but `MIN_PRICE_VARIANT`. */
export type ProductV3SingleField = Exclude<ProductV3Field, 'MIN_PRICE_VARIANT'>;

/** What a category read may add to its answer. */
export const CategoryField = /* @__PURE__ */ defineEnum([
  'BREADCRUMBS_INFO',
  'DESCRIPTION',
  'RICH_CONTENT_DESCRIPTION',
]);
/** One of {@link CategoryField}'s values. */
export type CategoryField = EnumValue<typeof CategoryField>;

/** What a read-only variant read may add to its answer. */
export const ReadOnlyVariantV3Field = /* @__PURE__ */ defineEnum([
  'CURRENCY',
  'MERCHANT_DATA',
  'SUBSCRIPTION_PRICES_INFO',
  'WEIGHT_MEASUREMENT_UNIT_INFO',
]);
/** One of {@link ReadOnlyVariantV3Field}'s values. */
export type ReadOnlyVariantV3Field = EnumValue<typeof ReadOnlyVariantV3Field>;

/** Whether a product is shipped or downloaded. */
export const ProductTypeV3 = /* @__PURE__ */ defineEnum(['PHYSICAL', 'DIGITAL']);
/** One of {@link ProductTypeV3}'s values. */
export type ProductTypeV3 = EnumValue<typeof ProductTypeV3>;

/** A product's stock over its variants, in the store's default location. */
export const AvailabilityStatusV3 = /* @__PURE__ */ defineEnum([
  'IN_STOCK',
  'OUT_OF_STOCK',
  'PARTIALLY_OUT_OF_STOCK',
]);
/** One of {@link AvailabilityStatusV3}'s values. */
export type AvailabilityStatusV3 = EnumValue<typeof AvailabilityStatusV3>;

/** How an option's choices are shown. */
export const OptionRenderTypeV3 = /* @__PURE__ */ defineEnum(['TEXT_CHOICES', 'SWATCH_CHOICES']);
/** One of {@link OptionRenderTypeV3}'s values. */
export type OptionRenderTypeV3 = EnumValue<typeof OptionRenderTypeV3>;

/** How a modifier is shown: a text the shopper types, or choices. */
export const ModifierRenderTypeV3 = /* @__PURE__ */ defineEnum([
  'FREE_TEXT',
  'TEXT_CHOICES',
  'SWATCH_CHOICES',
]);
/** One of {@link ModifierRenderTypeV3}'s values. */
export type ModifierRenderTypeV3 = EnumValue<typeof ModifierRenderTypeV3>;

/** Whether an inventory item is in stock, out of stock, or sold before it is in stock. */
export const InventoryAvailabilityStatusV3 = /* @__PURE__ */ defineEnum([
  'OUT_OF_STOCK',
  'IN_STOCK',
  'PREORDER',
]);
/** One of {@link InventoryAvailabilityStatusV3}'s values. */
export type InventoryAvailabilityStatusV3 = EnumValue<typeof InventoryAvailabilityStatusV3>;

/** A choice's kind: a text, or one color. */
export type ChoiceTypeV3 = 'CHOICE_TEXT' | 'ONE_COLOR';
/** Whether preorder is on, over a product's variants. */
export type PreorderStatusV3 = 'ENABLED' | 'DISABLED' | 'PARTIALLY_ENABLED';
/** Which of a product's variants can be preordered. */
export type PreorderAvailabilityV3 = 'ALL_VARIANTS' | 'NO_VARIANTS' | 'SOME_VARIANTS';
/** A media item's kind. */
export type MediaTypeV3 = 'IMAGE' | 'VIDEO';
/** The unit of a price per unit ("$2 per 100 ml"). */
export type MeasurementUnitV3 =
  | 'UNSPECIFIED'
  | 'ML'
  | 'CL'
  | 'L'
  | 'CBM'
  | 'MG'
  | 'G'
  | 'KG'
  | 'MM'
  | 'CM'
  | 'M'
  | 'SQM'
  | 'OZ'
  | 'LB'
  | 'FLOZ'
  | 'PT'
  | 'QT'
  | 'GAL'
  | 'IN'
  | 'FT'
  | 'YD'
  | 'SQFT';
/** The store's weight unit. */
export type WeightUnitV3 = 'UNSPECIFIED_WEIGHT_UNIT' | 'KG' | 'LB';
/** A length unit. */
export type DimensionsUnitV3 = 'UNKNOWN_DIMENSIONS_UNIT' | 'MM' | 'CM' | 'M' | 'IN' | 'FT' | 'YD';
/** A digital file's kind. */
export type FileTypeV3 =
  | 'UNSPECIFIED'
  | 'SECURE_PICTURE'
  | 'SECURE_VIDEO'
  | 'SECURE_DOCUMENT'
  | 'SECURE_MUSIC'
  | 'SECURE_ARCHIVE'
  | 'SECURE_RAW';
/** How often a subscription renews. */
export type SubscriptionFrequencyV3 = 'UNDEFINED' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
/** Why an inventory item's stock changed. */
export type InventoryChangeReason = 'ORDER' | 'MANUAL' | 'REVERT_INVENTORY_CHANGE';

/* ───────────────────────────── shared parts ───────────────────────────── */

/** An amount of money: a decimal string, and formatted in the store's currency when asked for. */
export interface MoneyAmountV3 {
  /** Decimal, e.g. `"10.5"`. */
  amount?: string;
  /** e.g. `"$10.50"` (with the `CURRENCY` field). */
  formattedAmount?: string;
}

/** The lowest and highest amount over a product's variants. */
export interface PriceRangeV3 {
  minValue?: MoneyAmountV3;
  maxValue?: MoneyAmountV3;
}

/** An image of the platform's media. */
export interface ImageV3 {
  id?: string;
  url?: string;
  height?: number;
  width?: number;
  altText?: string;
  filename?: string;
}

/** One size of a video. */
export interface VideoResolutionV3 {
  url?: string;
  height?: number;
  width?: number;
  /** e.g. `mp4`, `hls`. */
  format?: string;
}

/** A video of the platform's media. */
export interface VideoV3 {
  id?: string;
  resolutions?: VideoResolutionV3[];
  filename?: string;
}

/** A media item's thumbnail (with the `THUMBNAIL` field). */
export interface ThumbnailV3 {
  url?: string;
  height?: number;
  width?: number;
  altText?: string;
}

/** One media item of a product or variant: set by `id` (a media file) or `url`. */
export interface ProductMediaV3 {
  id?: string;
  url?: string;
  image?: ImageV3;
  video?: VideoV3;
  altText?: string;
  displayName?: string;
  mediaType?: MediaTypeV3;
  thumbnail?: ThumbnailV3;
  uploadId?: string;
}

/** A product's media: the main item always, every item with `MEDIA_ITEMS_INFO`. */
export interface ProductMediaInfoV3 {
  main?: ProductMediaV3;
  itemsInfo?: { items?: ProductMediaV3[] };
}

/** The product's media a choice shows (with `PRODUCT_CHOICES_MEDIA_REFERENCES`). */
export interface MediaReferencesV3 {
  items?: { mediaId?: string; url?: string }[];
}

/** Rich content (Ricos): a tree of nodes. */
export interface RichContentV3 {
  nodes?: RichContentNodeV3[];
  metadata?: {
    version?: number;
    createdTimestamp?: string;
    updatedTimestamp?: string;
    id?: string;
  };
  documentStyle?: Record<string, unknown>;
}

/** One node of {@link RichContentV3}: its type, its children, and data by type. */
export interface RichContentNodeV3 {
  type?: string;
  id?: string;
  nodes?: RichContentNodeV3[];
  [data: string]: unknown;
}

/** A page's address: `relativePath` on the site, and the full `url` (with the `URL` field). */
export interface PageUrlV3 {
  relativePath?: string;
  url?: string;
}

/** An SEO tag: `{ type: 'meta', props: { name: 'description', content } }`. */
export interface SeoTagV3 {
  /** `title`, `meta`, `script` or `link`. */
  type?: string;
  props?: Record<string, unknown>;
  meta?: Record<string, unknown>;
  children?: string;
  custom?: boolean;
  disabled?: boolean;
}

/** SEO data of a product or category. */
export interface SeoDataV3 {
  tags?: SeoTagV3[];
  settings?: {
    preventAutoRedirect?: boolean;
    keywords?: { term?: string; isMain?: boolean; origin?: string }[];
  };
}

/** Data of apps, by app namespace. */
export interface ExtendedFieldsV3 {
  namespaces?: Record<string, Record<string, unknown>>;
}

/** A category on a product's path from the root (with `BREADCRUMBS_INFO`). */
export interface BreadcrumbV3 {
  categoryId?: string;
  categoryName?: string;
  categorySlug?: string;
}

/** The categories from the root to a product's main category, or to a category. */
export interface BreadcrumbsInfoV3 {
  breadcrumbs?: BreadcrumbV3[];
}

/** An error of one item of a bulk call. */
export interface ItemErrorV3 {
  code?: string;
  description?: string;
  data?: Record<string, unknown>;
}

/** What a bulk call did with one item. */
export interface BulkItemMetadataV3 {
  id?: string;
  /** The item's position in the request. */
  originalIndex?: number;
  success?: boolean;
  error?: ItemErrorV3;
}

/** How many items of a bulk call succeeded and failed. */
export interface BulkActionMetadataV3 {
  totalSuccesses?: number;
  totalFailures?: number;
  undetailedFailures?: number;
}

/** One item's result in a bulk call, with the item when `returnEntity` asked for it. */
export interface BulkItemResultV3<T> {
  itemMetadata?: BulkItemMetadataV3;
  item?: T;
}

/** The answer of a bulk call. */
export interface BulkResultsV3<T> {
  results?: BulkItemResultV3<T>[];
  bulkActionMetadata?: BulkActionMetadataV3;
}

/* ───────────────────────────── reads: paging, search, aggregations ───────────────────────────── */

/** Cursors of the pages after and before a page. */
export interface Cursors {
  next?: string;
  prev?: string;
}

/** Paging of a cursor-paged answer. There is no total and no offset. */
export interface CursorPagingMetadata {
  /** Items on this page. */
  count?: number;
  cursors?: Cursors;
  /** Whether another page follows. */
  hasNext?: boolean;
}

/** Free-text search of a search call, in the text fields `F` of its entity. */
export interface SearchDetails<F extends string = string> {
  /** The text to find (at most 100 characters). */
  expression?: string;
  /** The fields to search in (the platform's docs say to name them). */
  fields?: F[];
  /** Allow typos and declensions. @default false */
  fuzzy?: boolean;
  /** Whether every word (`AND`) or any (`OR`) must match. @default 'OR' */
  mode?: 'OR' | 'AND';
}

/** Values of a field and how often each occurs. */
export interface ValueAggregation {
  sortType?: 'COUNT' | 'VALUE';
  sortDirection?: 'DESC' | 'ASC';
  limit?: number;
  missingValues?: 'EXCLUDE' | 'INCLUDE';
  includeOptions?: { addToBucket?: string };
}

/** One bucket of a range aggregation: `from` included, `to` excluded. */
export interface RangeBucket {
  from?: number;
  to?: number;
}

/** Counts in ranges of a number field. */
export interface RangeAggregation {
  buckets?: RangeBucket[];
}

/** One number over the matching items. */
export interface ScalarAggregation {
  type?: 'COUNT_DISTINCT' | 'MIN' | 'MAX';
}

/** Counts by period of a date field. */
export interface DateHistogramAggregation {
  interval?: 'YEAR' | 'MONTH' | 'WEEK' | 'DAY' | 'HOUR' | 'MINUTE' | 'SECOND';
}

/** What an aggregation computes, with the options of its `type`. */
interface AggregationKinds {
  value?: ValueAggregation;
  range?: RangeAggregation;
  scalar?: ScalarAggregation;
  dateHistogram?: DateHistogramAggregation;
}

/** One aggregation of a nested aggregation. */
export interface NestedAggregationItem extends AggregationKinds {
  name?: string;
  type?: 'VALUE' | 'RANGE' | 'SCALAR' | 'DATE_HISTOGRAM';
  fieldPath?: string;
}

/**
 * An aggregation of a search (facets): `{ name, type, fieldPath }` and the options of its type.
 * @example { name: 'brands', type: 'VALUE', fieldPath: 'brand.name', value: { limit: 20 } }
 */
export interface Aggregation extends AggregationKinds {
  name?: string;
  type?: 'VALUE' | 'RANGE' | 'SCALAR' | 'DATE_HISTOGRAM' | 'NESTED';
  fieldPath?: string;
  nested?: { nestedAggregations?: NestedAggregationItem[] };
}

/** A value and how many items have it. */
export interface ValueCount {
  value?: string;
  count?: number;
}

/** A range and how many items fall in it. */
export interface RangeCount {
  from?: number;
  to?: number;
  count?: number;
}

/** The result of one aggregation, named as asked. */
export interface AggregationResult {
  name?: string;
  type?: Aggregation['type'];
  fieldPath?: string;
  values?: { results?: ValueCount[] };
  ranges?: { results?: RangeCount[] };
  scalar?: { type?: ScalarAggregation['type']; value?: number };
  dateHistogram?: { results?: ValueCount[] };
  groupedByValue?: { results?: { value?: string; nestedResults?: AggregationResult }[] };
  nested?: { results?: { results?: Record<string, Record<string, unknown>> }[] };
}

/** The results of a search's aggregations. */
export interface AggregationData {
  results?: AggregationResult[];
}

/* ───────────────────────────── products ───────────────────────────── */

/** A choice of an option ("L" of "Size"). */
export interface OptionChoiceV3 {
  choiceId?: string;
  /** Read-only, from the name: what `catalogReference.options` of a cart line names. */
  key?: string;
  /** The choice's name; for text choices also its value. */
  name?: string;
  choiceType?: ChoiceTypeV3;
  /** CSS hex color of a `ONE_COLOR` choice, e.g. `#FF0000`. */
  colorCode?: string;
  /** Whether a variant with this choice is in stock in the default location. */
  inStock?: boolean;
  /** Whether a variant with this choice is visible. */
  visible?: boolean;
  /** The product's media shown for this choice (with `PRODUCT_CHOICES_MEDIA_REFERENCES`). */
  media?: MediaReferencesV3;
  /** An image shown beside the choice (with `PRODUCT_CHOICES_DISPLAY_IMAGE`). */
  displayImage?: ImageV3;
  /** Deprecated by the platform for `media`. */
  linkedMedia?: ProductMediaV3[];
}

/** An option a shopper picks, which selects a variant ("Size"). */
export interface ProductOptionV3 {
  id?: string;
  name?: string;
  /** Read-only, from the name. */
  key?: string;
  optionRenderType?: OptionRenderTypeV3;
  choicesSettings?: { choices?: OptionChoiceV3[] };
}

/** A choice of a modifier, which may add to the price. */
export interface ModifierChoiceV3 {
  choiceId?: string;
  /** Read-only: the value of `catalogReference.options.options[modifier.key]` of a cart line. */
  key?: string;
  name?: string;
  choiceType?: ChoiceTypeV3;
  colorCode?: string;
  /** Decimal added to the price. */
  addedPrice?: string;
  media?: MediaReferencesV3;
  displayImage?: ImageV3;
  linkedMedia?: ProductMediaV3[];
}

/** A modifier's text field (a `FREE_TEXT` modifier). */
export interface FreeTextSettingsV3 {
  minCharCount?: number;
  maxCharCount?: number;
  /** Decimal added to the price. */
  defaultAddedPrice?: string;
  title?: string;
  /** Read-only: the key of `catalogReference.options.customTextFields` of a cart line. */
  key?: string;
}

/** A choice that does not select a variant (an engraving, a gift wrap). */
export interface ProductModifierV3 {
  id?: string;
  name?: string;
  /** Read-only, from the name: the key of `catalogReference.options.options` of a cart line. */
  key?: string;
  /** Whether the shopper must fill it in. */
  mandatory?: boolean;
  modifierRenderType?: ModifierRenderTypeV3;
  freeTextSettings?: FreeTextSettingsV3;
  choicesSettings?: { choices?: ModifierChoiceV3[] };
}

/** A brand: `{ id, name }`. */
export interface BrandV3 {
  id?: string;
  name?: string;
}

/** A ribbon ("Sale", "New"): `{ id, name }`. */
export interface RibbonV3 {
  id?: string;
  name?: string;
}

/** A section of extra information ("Care"), with its content when asked for. */
export interface InfoSectionV3 {
  id?: string;
  uniqueName?: string;
  title?: string;
  description?: RichContentV3;
  plainDescription?: string;
}

/** A category a product is in, and its manual position there. */
export interface ProductCategoryV3 {
  id?: string;
  index?: number;
}

/** The categories a product is in (`directCategoriesInfo`, `allCategoriesInfo`). */
export interface ProductCategoriesInfoV3 {
  categories?: ProductCategoryV3[];
}

/** A product's stock over its variants, in the store's default location. */
export interface ProductInventoryV3 {
  availabilityStatus?: AvailabilityStatusV3;
  preorderStatus?: PreorderStatusV3;
  preorderAvailability?: PreorderAvailabilityV3;
}

/** How a price per unit is worked out. */
export interface PricePerUnitSettingsV3 {
  quantity?: number;
  measurementUnit?: MeasurementUnitV3;
}

/** A physical product's delivery data. */
export interface ProductPhysicalPropertiesV3 {
  pricePerUnit?: PricePerUnitSettingsV3;
  fulfillerId?: string;
  shippingWeightRange?: { minValue?: number; maxValue?: number };
  pricePerUnitRange?: {
    minValue?: { value?: string; description?: string };
    maxValue?: { value?: string; description?: string };
  };
  /** With `WEIGHT_MEASUREMENT_UNIT_INFO`. */
  weightMeasurementUnitInfo?: { weightMeasurementUnit?: WeightUnitV3 };
  deliveryProfileId?: string;
}

/** A variant's place among the options: the ids of an option and its choice. */
export interface OptionChoiceIdsV3 {
  optionId?: string;
  choiceId?: string;
}

/** The names of an option and its choice (with `VARIANT_OPTION_CHOICE_NAMES`). */
export interface OptionChoiceNamesV3 {
  optionName?: string;
  choiceName?: string;
  renderType?: OptionRenderTypeV3;
}

/** One option's choice of a variant. */
export interface VariantChoiceV3 {
  optionChoiceIds?: OptionChoiceIdsV3;
  optionChoiceNames?: OptionChoiceNamesV3;
}

/** A variant's price: what the shopper pays, and the struck-through price. */
export interface VariantPriceV3 {
  actualPrice?: MoneyAmountV3;
  compareAtPrice?: MoneyAmountV3;
  /** After the store's automatic discounts (with `DISCOUNT_INFO`). */
  priceAfterDiscount?: MoneyAmountV3;
}

/** Cost and profit of a variant (with `MERCHANT_DATA`). */
export interface RevenueDetailsV3 {
  cost?: MoneyAmountV3;
  profit?: MoneyAmountV3;
  profitMargin?: number;
}

/** A size, as decimal strings. */
export interface DimensionsV3 {
  length?: string;
  width?: string;
  height?: string;
  unit?: DimensionsUnitV3;
}

/** A variant's price per unit. */
export interface PricePerUnitV3 {
  settings?: PricePerUnitSettingsV3;
  value?: string;
  description?: string;
  priceAfterDiscount?: MoneyAmountV3;
}

/** A physical variant's weight and sizes. */
export interface VariantPhysicalPropertiesV3 {
  weight?: number;
  pricePerUnit?: PricePerUnitV3;
  productDimensions?: DimensionsV3;
  packageDimensions?: DimensionsV3;
}

/** A digital variant's file. */
export interface VariantDigitalPropertiesV3 {
  digitalFile?: { id?: string; fileName?: string; fileSize?: string; fileType?: FileTypeV3 };
}

/** A subscription's price for a variant. */
export interface SubscriptionPriceV3 {
  subscriptionId?: string;
  price?: MoneyAmountV3;
  pricePerUnit?: { value?: string; description?: string; priceAfterDiscount?: MoneyAmountV3 };
  priceAfterDiscount?: MoneyAmountV3;
}

/** Whether a variant can be bought now, or preordered. */
export interface VariantInventoryStatusV3 {
  inStock?: boolean;
  preorderEnabled?: boolean;
}

/**
 * A purchasable variant of a product: one choice of each option. A cart line names it by `id`
 * (`catalogReference.options.variantId`).
 */
export interface VariantV3 {
  id?: string;
  visible?: boolean;
  sku?: string;
  barcode?: string;
  /** One per option; empty for a product without options. */
  choices?: VariantChoiceV3[];
  price?: VariantPriceV3;
  revenueDetails?: RevenueDetailsV3;
  media?: ProductMediaV3;
  /** With `SUBSCRIPTION_PRICES_INFO`. */
  subscriptionPricesInfo?: { subscriptionPrices?: SubscriptionPriceV3[] };
  inventoryStatus?: VariantInventoryStatusV3;
  physicalProperties?: VariantPhysicalPropertiesV3;
  digitalProperties?: VariantDigitalPropertiesV3;
}

/** How many variants a product has, and its cheapest (with `MIN_PRICE_VARIANT`). */
export interface VariantSummaryV3 {
  variantCount?: number;
  minPriceVariant?: VariantV3;
}

/** A subscription a product can be bought with. */
export interface SubscriptionV3 {
  id?: string;
  title?: string;
  description?: string;
  visible?: boolean;
  frequency?: SubscriptionFrequencyV3;
  interval?: number;
  autoRenewal?: boolean;
  billingCycles?: number;
  discount?: { type?: 'AMOUNT' | 'PERCENT'; amountOff?: string; percentOff?: number };
}

/** A product's subscriptions. */
export interface SubscriptionDetailsV3 {
  subscriptions?: SubscriptionV3[];
  allowOneTimePurchases?: boolean;
}

/** A product's tags. */
export interface ProductTagsV3 {
  privateTags?: { tagIds?: string[] };
  publicTags?: { tagIds?: string[] };
}

/**
 * A product of Catalog V3. Query and search answers carry no `variantsInfo`: get the product by
 * id or slug for its variants, or read them as read-only variants.
 */
export interface ProductV3 {
  id: string;
  /** Changes with every update; an update sends the revision it changes. */
  revision?: string;
  createdDate?: string;
  updatedDate?: string;
  name?: string;
  slug?: string;
  handle?: string;
  visible?: boolean;
  visibleInPos?: boolean;
  productType?: ProductTypeV3;
  /** HTML (with `PLAIN_DESCRIPTION`). */
  plainDescription?: string;
  /** Rich content (with `DESCRIPTION`). */
  description?: RichContentV3;
  media?: ProductMediaInfoV3;
  options?: ProductOptionV3[];
  modifiers?: ProductModifierV3[];
  /** Only in a read of one product (by id or slug). At least one variant. */
  variantsInfo?: { variants?: VariantV3[] };
  actualPriceRange?: PriceRangeV3;
  compareAtPriceRange?: PriceRangeV3;
  /** With `MERCHANT_DATA`. */
  costRange?: PriceRangeV3;
  inventory?: ProductInventoryV3;
  ribbon?: RibbonV3;
  additionalRibbons?: RibbonV3[];
  brand?: BrandV3;
  mainCategoryId?: string;
  /** With `BREADCRUMBS_INFO`. */
  breadcrumbsInfo?: BreadcrumbsInfoV3;
  /** With `DIRECT_CATEGORIES_INFO`. */
  directCategoriesInfo?: ProductCategoriesInfoV3;
  /** With `ALL_CATEGORIES_INFO`: the categories and their ancestors. */
  allCategoriesInfo?: ProductCategoriesInfoV3;
  variantSummary?: VariantSummaryV3;
  /** ISO 4217 (with `CURRENCY`). */
  currency?: string;
  /** With `URL`. */
  url?: PageUrlV3;
  infoSections?: InfoSectionV3[];
  seoData?: SeoDataV3;
  physicalProperties?: ProductPhysicalPropertiesV3;
  subscriptionDetails?: SubscriptionDetailsV3;
  tags?: ProductTagsV3;
  taxGroupId?: string;
  purchaseEligibility?: { userCriteria?: 'MEMBERS_ONLY' };
  extendedFields?: ExtendedFieldsV3;
}

/** A product as a write sends it: what {@link ProductV3} has, its id aside. */
export type ProductV3Input = Omit<ProductV3, 'id'> & { id?: string };

/**
 * A product to create: a name, a type and at least one variant (with one choice of each option;
 * without options, one variant with no choices). A `PHYSICAL` product needs `physicalProperties`.
 */
export type CreateProductV3Input = ProductV3Input & {
  name: string;
  productType: ProductTypeV3;
  variantsInfo: { variants: VariantV3[] };
};

/** The changes of an update, with the `revision` they change (optimistic locking). */
export type UpdateProductV3Input = Omit<ProductV3Input, 'id'> & { revision: string };

/** A variant's stock, as a product with inventory sends it. */
export interface InventoryItemCompositeV3 {
  id?: string;
  revision?: string;
  /** Tracks only whether it is in stock… */
  inStock?: boolean;
  /** …or how many are (−99999 to 99999). */
  quantity?: number;
  preorderInfo?: InventoryPreorderInfoV3;
}

/** A variant with its stock in the default location. */
export type VariantWithInventoryV3 = VariantV3 & { inventoryItem?: InventoryItemCompositeV3 };

/** A product as the with-inventory writes send it: its variants may carry their stock. */
export type ProductWithInventoryV3Input = Omit<ProductV3Input, 'variantsInfo'> & {
  variantsInfo?: { variants?: VariantWithInventoryV3[] };
};

/** The answer of a write with inventory: the product, and what became of each variant's stock. */
export interface ProductWithInventoryV3Result {
  product: ProductV3;
  inventoryResults?: BulkResultsV3<InventoryItemV3> & { error?: ItemErrorV3 };
}

/** One product of a bulk update: its changes (with `id` and `revision`), and which fields change. */
export interface BulkProductV3Update {
  product: ProductV3Input & { id: string; revision: string };
  /** The fields to change (`['name', 'visible']`); every field sent when left out. */
  fieldMask?: readonly string[];
}

/** The system category every product is in (slug `all-products`). */
export interface AllProductsCategory {
  categoryId?: string;
  treeReference?: CategoryTreeReference;
}

/* ───────────────────────────── categories ───────────────────────────── */

/** Which tree of categories: the Stores tree is `{ appNamespace: '@wix/stores' }`. */
export interface CategoryTreeReference {
  appNamespace: string;
  treeKey?: string | null;
}

/** A category's parent, and its position among the parent's children. */
export interface ParentCategory {
  id?: string;
  index?: number;
}

/** A category of a tree (Stores: Catalog V3's replacement of collections). */
export interface Category {
  id: string;
  revision?: string;
  createdDate?: string;
  updatedDate?: string;
  name?: string;
  slug?: string;
  visible?: boolean;
  image?: ImageV3;
  /** How many items are directly in it (not in its subcategories). */
  itemCounter?: number;
  /** With `DESCRIPTION`. */
  description?: string;
  /** With `RICH_CONTENT_DESCRIPTION`. */
  richContentDescription?: RichContentV3;
  /** With `BREADCRUMBS_INFO`. */
  breadcrumbsInfo?: BreadcrumbsInfoV3;
  parentCategory?: ParentCategory;
  treeReference?: CategoryTreeReference;
  seoData?: SeoDataV3;
  managingAppId?: string;
  extendedFields?: ExtendedFieldsV3;
}

/** A category as a write sends it. */
export type CategoryInput = Omit<Category, 'id'> & { id?: string };

/** A category to create: a name at least. */
export type CreateCategoryInput = CategoryInput & { name: string };

/** The changes of an update, with the `revision` they change. */
export type UpdateCategoryInput = Omit<CategoryInput, 'id'> & { revision: string };

/** An item of a category: a product is `{ catalogItemId: product.id, appId: STORES_APP_ID }`. */
export interface CategoryItemReference {
  catalogItemId: string;
  appId: string;
}

/** The categories an item is in: directly, and with their ancestors. */
export interface ItemCategories {
  directCategoryIds?: string[];
  allCategoryIds?: string[];
}

/** What adding or removing items did with each item. */
export interface CategoryItemsResult {
  results?: {
    itemMetadata?: {
      item?: CategoryItemReference;
      originalIndex?: number;
      success?: boolean;
      error?: ItemErrorV3;
    };
  }[];
  bulkActionMetadata?: BulkActionMetadataV3;
}

/* ───────────────────────────── read-only variants ───────────────────────────── */

/** The product data a read-only variant carries. */
export interface ReadOnlyVariantProductDataV3 {
  productId?: string;
  name?: string;
  productType?: ProductTypeV3;
  slug?: string;
  handle?: string;
  visible?: boolean;
  visibleInPos?: boolean;
  mainCategoryId?: string;
  currency?: string;
  revision?: string;
  physicalProperties?: ProductPhysicalPropertiesV3;
}

/**
 * A variant read on its own, with its product's data: the key is `variantId` with
 * `productData.productId` (`id` is deprecated by the platform).
 */
export interface ReadOnlyVariantV3 {
  /** Deprecated by the platform: use `variantId`. */
  id?: string;
  variantId?: string;
  visible?: boolean;
  sku?: string;
  barcode?: string;
  optionChoices?: VariantChoiceV3[];
  price?: VariantPriceV3;
  revenueDetails?: RevenueDetailsV3;
  media?: ProductMediaV3;
  subscriptionPricesInfo?: { subscriptionPrices?: SubscriptionPriceV3[] };
  inventoryStatus?: VariantInventoryStatusV3;
  physicalProperties?: VariantPhysicalPropertiesV3;
  digitalProperties?: VariantDigitalPropertiesV3;
  productData?: ReadOnlyVariantProductDataV3;
}

/* ───────────────────────────── inventory items ───────────────────────────── */

/** Preorder settings of an inventory item. */
export interface InventoryPreorderInfoV3 {
  enabled?: boolean;
  message?: string;
  /** How many may be preordered. */
  limit?: number;
  /** How many were preordered. */
  counter?: number;
  /** How many more may be preordered. */
  quantity?: number;
}

/** The product data an inventory item carries. */
export interface InventoryItemProductV3 {
  name?: string;
  directCategoryIds?: string[];
  variantName?: string;
  variantSku?: string;
  variantVisible?: boolean;
}

/** The stock of one variant in one location: `inStock` only, or a `quantity`. */
export interface InventoryItemV3 {
  id: string;
  revision?: string;
  createdDate?: string;
  updatedDate?: string;
  productId?: string;
  variantId?: string;
  locationId?: string;
  /** Set when the stock is tracked by `quantity`. */
  trackQuantity?: boolean;
  inStock?: boolean;
  /** −99999 to 99999, when tracked. */
  quantity?: number;
  availabilityStatus?: InventoryAvailabilityStatusV3;
  preorderInfo?: InventoryPreorderInfoV3;
  product?: InventoryItemProductV3;
  extendedFields?: ExtendedFieldsV3;
}

/** The changes of an inventory item's update, with the `revision` they change. */
export type UpdateInventoryItemV3Input = Partial<
  Pick<
    InventoryItemV3,
    'inStock' | 'quantity' | 'trackQuantity' | 'preorderInfo' | 'extendedFields'
  >
> & { revision: string };

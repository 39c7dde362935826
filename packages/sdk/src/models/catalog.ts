/**
 * The stores catalog: products, collections and variants as the platform's catalog API sends them
 * (products, collections, variants). Catalog amounts are numbers, as the platform sends
 * them; every field the platform may leave out is optional.
 */
import { defineEnum, type EnumValue } from './enum.js';
import type { Image } from './cart.js';

/* ───────────────────────────── enumerations ───────────────────────────── */

/** Whether a product is shipped or downloaded. */
export const ProductType = /* @__PURE__ */ defineEnum([
  'unspecified_product_type',
  'physical',
  'digital',
]);
/** One of {@link ProductType}'s values. */
export type ProductType = EnumValue<typeof ProductType>;

/** A product's stock over its variants. */
export const InventoryStatus = /* @__PURE__ */ defineEnum([
  'IN_STOCK',
  'OUT_OF_STOCK',
  'PARTIALLY_OUT_OF_STOCK',
]);
/** One of {@link InventoryStatus}'s values. */
export type InventoryStatus = EnumValue<typeof InventoryStatus>;

/** A unit for prices per unit ("$2 per 100 ml"). */
export const MeasurementUnit = /* @__PURE__ */ defineEnum([
  'UNSPECIFIED',
  'ML',
  'CL',
  'L',
  'CBM',
  'MG',
  'G',
  'KG',
  'MM',
  'CM',
  'M',
  'SQM',
  'OZ',
  'LB',
  'FLOZ',
  'PT',
  'QT',
  'GAL',
  'IN',
  'FT',
  'YD',
  'SQFT',
]);
/** One of {@link MeasurementUnit}'s values. */
export type MeasurementUnit = EnumValue<typeof MeasurementUnit>;

/** The kind of a media item. */
export const MediaItemType = /* @__PURE__ */ defineEnum([
  'unspecified_media_item_type',
  'image',
  'video',
  'audio',
  'document',
  'zip',
]);
/** One of {@link MediaItemType}'s values. */
export type MediaItemType = EnumValue<typeof MediaItemType>;

/** How a product option is picked. */
export const OptionType = /* @__PURE__ */ defineEnum([
  'unspecified_option_type',
  'drop_down',
  'color',
]);
/** One of {@link OptionType}'s values. */
export type OptionType = EnumValue<typeof OptionType>;

/** The kind of a product's own discount. */
export const ProductDiscountType = /* @__PURE__ */ defineEnum([
  'UNDEFINED',
  'NONE',
  'AMOUNT',
  'PERCENT',
]);
/** One of {@link ProductDiscountType}'s values. */
export type ProductDiscountType = EnumValue<typeof ProductDiscountType>;

/** The direction of a sort. */
export const SortOrder = /* @__PURE__ */ defineEnum(['ASC', 'DESC']);
/** One of {@link SortOrder}'s values. */
export type SortOrder = EnumValue<typeof SortOrder>;

/* ───────────────────────────── prices ───────────────────────────── */

/** Prices formatted in the store's currency. */
export interface FormattedPrice {
  price?: string;
  discountedPrice?: string;
  pricePerUnit?: string;
}

/** The price of a product or variant (`price`, `priceData`, `convertedPriceData`). */
export interface PriceData {
  /** ISO 4217, e.g. `"USD"`. */
  currency?: string;
  /** Full price. */
  price?: number;
  /** Price after the product's discount. */
  discountedPrice?: number;
  /** Price per base unit, when the product has {@link PricePerUnitData}. */
  pricePerUnit?: number;
  formatted?: FormattedPrice;
}

/** What an item costs the merchant, and what it earns (merchant-specific data). */
export interface CostAndProfitData {
  itemCost?: number;
  formattedItemCost?: string;
  profit?: number;
  formattedProfit?: string;
  /** Percent of the discounted price. */
  profitMargin?: number;
}

/** The lowest and highest value over a product's variants. */
export interface NumericPropertyRange {
  minValue?: number;
  maxValue?: number;
}

/** How a price per unit is worked out: `price × baseQuantity / totalQuantity`. */
export interface PricePerUnitData {
  /** How much the product holds, e.g. 500 (ml). */
  totalQuantity?: number;
  totalMeasurementUnit?: MeasurementUnit;
  /** The unit the price is given per, e.g. 100 (ml). */
  baseQuantity?: number;
  baseMeasurementUnit?: MeasurementUnit;
}

/** A product's own discount. */
export interface ProductDiscount {
  type?: ProductDiscountType;
  /** An amount in the store's currency, or a percent. */
  value?: number;
}

/* ───────────────────────────── media ───────────────────────────── */

/** A media file's address and size. */
export interface MediaItemUrlAndSize {
  url?: string;
  width?: number;
  height?: number;
  format?: string;
  altText?: string;
}

/** A video and its still frame. */
export interface MediaItemVideo {
  files?: MediaItemUrlAndSize[];
  stillFrameMediaId?: string;
}

/** One media item of a product, a choice or a collection. */
export interface MediaItem {
  id?: string;
  mediaType?: MediaItemType;
  title?: string;
  image?: MediaItemUrlAndSize;
  video?: MediaItemVideo;
  thumbnail?: MediaItemUrlAndSize;
}

/** The media of a product, a choice or a collection. */
export interface Media {
  mainMedia?: MediaItem;
  items?: MediaItem[];
}

/* ───────────────────────────── products ───────────────────────────── */

/** A product's stock. */
export interface Stock {
  trackInventory?: boolean;
  /** Units in stock, when tracked. */
  quantity?: number;
  inStock?: boolean;
  inventoryStatus?: InventoryStatus;
}

/** One choice of an option ("L" of "Size"). */
export interface Choice {
  /** For color options the CSS color; otherwise the choice's name. */
  value?: string;
  /** The name shown to shoppers, and the key in variant `choices`. */
  description?: string;
  media?: Media;
  inStock?: boolean;
  visible?: boolean;
}

/** An option of a product ("Size"), with its choices. */
export interface ProductOption {
  optionType?: OptionType;
  name?: string;
  choices?: Choice[];
}

/** Variant data: price, cost, weight, sku. */
export interface VariantData {
  priceData?: PriceData;
  convertedPriceData?: PriceData;
  costAndProfitData?: CostAndProfitData;
  /** In the store's weight unit. */
  weight?: number;
  sku?: string;
  visible?: boolean;
}

/** A variant's stock. */
export interface VariantStock {
  trackQuantity?: boolean;
  quantity?: number;
  inStock?: boolean;
}

/** A variant as listed on its product, and by the product variants query. */
export interface ProductVariant {
  id: string;
  /** Option name → choice description, e.g. `{ Size: 'L', Color: 'Red' }`. */
  choices?: Record<string, string>;
  variant?: VariantData;
  stock?: VariantStock;
}

/** A text section of a product page. */
export interface AdditionalInfoSection {
  title?: string;
  description?: string;
}

/** A ribbon shown on a product ("Sale"). */
export interface Ribbon {
  text?: string;
}

/** A text a shopper types when buying (an engraving). */
export interface CustomTextField {
  title?: string;
  maxLength?: number;
  mandatory?: boolean;
}

/** A product's page on the site. */
export interface ProductPageUrl {
  base?: string;
  path?: string;
}

/** A product of the stores catalog. */
export interface Product {
  id: string;
  name?: string;
  slug?: string;
  visible?: boolean;
  productType?: ProductType;
  /** HTML. */
  description?: string;
  sku?: string;
  /** In the store's weight unit. */
  weight?: number;
  weightRange?: NumericPropertyRange;
  stock?: Stock;
  /** Deprecated by the platform in favour of `priceData`; still sent. */
  price?: PriceData;
  priceData?: PriceData;
  /** Prices in the buyer's currency. */
  convertedPriceData?: PriceData;
  priceRange?: NumericPropertyRange;
  /** Merchant-specific data (`includeMerchantSpecificData`). */
  costRange?: NumericPropertyRange;
  /** Merchant-specific data (`includeMerchantSpecificData`). */
  costAndProfitData?: CostAndProfitData;
  pricePerUnitData?: PricePerUnitData;
  additionalInfoSections?: AdditionalInfoSection[];
  ribbons?: Ribbon[];
  media?: Media;
  customTextFields?: CustomTextField[];
  /** Whether variants have their own prices, weights and stock. */
  manageVariants?: boolean;
  productOptions?: ProductOption[];
  productPageUrl?: ProductPageUrl;
  numericId?: string;
  inventoryItemId?: string;
  discount?: ProductDiscount;
  collectionIds?: string[];
  variants?: ProductVariant[];
  /** ISO date. */
  lastUpdated?: string;
  /** ISO date. */
  createdDate?: string;
  seoData?: Record<string, unknown>;
  ribbon?: string;
  brand?: string;
}

/* ───────────────────────────── collections ───────────────────────────── */

/** A collection of products. */
export interface Collection {
  id: string;
  name?: string;
  slug?: string;
  description?: string;
  visible?: boolean;
  numberOfProducts?: number;
  media?: Media;
}

/* ───────────────────────────── variants ───────────────────────────── */

/** A poster or resolution of a video. */
export interface VideoResolution {
  url?: string;
  height?: number;
  width?: number;
  poster?: Image;
  format?: string;
  /** ISO date after which `url` stops working. */
  urlExpirationDate?: string;
  sizeInBytes?: string;
  quality?: string;
  filename?: string;
  durationInSeconds?: number;
}

/** A video in several resolutions, with its posters. */
export interface VideoV2 {
  id?: string;
  resolutions?: VideoResolution[];
  filename?: string;
  posters?: Image[];
  /** ISO date after which the URLs stop working. */
  urlExpirationDate?: string;
  sizeInBytes?: string;
  durationInMilliseconds?: number;
}

/** A variant's image or video. */
export interface VariantMedia {
  image?: Image;
  video?: VideoV2;
}

/** Pre-order settings of a variant. */
export interface PreorderInfo {
  enabled?: boolean;
  message?: string;
  limit?: number;
}

/** A variant as the variants API answers it. */
export interface Variant {
  /** `{productId}-{variantId}` on the platform. */
  id: string;
  variantId?: string;
  productId?: string;
  variantName?: string;
  productName?: string;
  managedVariant?: boolean;
  sku?: string;
  choices?: Record<string, string>;
  collectionIds?: string[];
  media?: VariantMedia;
  preorderInfo?: PreorderInfo;
  variant?: VariantData;
  stock?: VariantStock;
}

/* ───────────────────────────── read results ───────────────────────────── */

/** Paging of a query's answer. */
export interface PagingMetadata {
  /** Items in this page. */
  count?: number;
  /** Offset of this page. */
  offset?: number;
  /** Items matching the query, over all pages. */
  total?: number;
  /** Set when `total` is not exact. */
  tooManyToCount?: boolean;
}

/** What {@link ProductsApi.optionsAvailability} answers. */
export interface ProductOptionsAvailability {
  /** The variant the options select, when they select exactly one. */
  selectedVariant?: {
    price?: PriceData;
    convertedPrice?: PriceData;
    inStock?: boolean;
    visible?: boolean;
    sku?: string;
    weight?: number;
    id?: string;
  };
  availableForPurchase?: boolean;
  productOptions?: ProductOption[];
  /** Media of the chosen choices. */
  media?: Media;
}

/** What {@link ProductsApi.queryVariants} takes. */
export interface ProductVariantsQuery {
  /** Option name → choice, e.g. `{ Size: 'L' }`. */
  choices?: Record<string, string>;
  variantIds?: string[];
  paging?: { limit?: number; offset?: number };
  includeMerchantSpecificData?: boolean;
}

/** What {@link ProductsApi.queryVariants} answers. */
export interface ProductVariantsResult {
  variants: ProductVariant[];
  metadata?: PagingMetadata;
  totalResults?: number;
}

/* ───────────────────────────── write inputs ───────────────────────────── */

/** A choice when creating or updating an option. */
export interface ChoiceInput {
  value?: string;
  description?: string;
  inStock?: boolean;
  visible?: boolean;
}

/** An option when creating or updating a product. */
export interface ProductOptionInput {
  optionType?: OptionType;
  name?: string;
  choices?: ChoiceInput[];
}

/** The fields of a product a merchant may set on create and update. */
export interface ProductInput {
  name?: string;
  slug?: string;
  visible?: boolean;
  productType?: ProductType;
  description?: string;
  sku?: string;
  weight?: number;
  /** Only `price` is read. */
  priceData?: { price?: number };
  /** Only `itemCost` is read. */
  costAndProfitData?: { itemCost?: number };
  pricePerUnitData?: PricePerUnitData;
  additionalInfoSections?: AdditionalInfoSection[];
  ribbon?: string;
  brand?: string;
  customTextFields?: CustomTextField[];
  manageVariants?: boolean;
  productOptions?: ProductOptionInput[];
  discount?: ProductDiscount;
  seoData?: Record<string, unknown>;
}

/** A new product: `name` is required. */
export interface CreateProductInput extends ProductInput {
  name: string;
}

/** Changes to some variants, picked by `choices` or `variantIds`. */
export interface VariantOverride {
  /** Option name → choice: the variants with these choices. */
  choices?: Record<string, string>;
  variantIds?: string[];
  price?: number;
  cost?: number;
  weight?: number;
  sku?: string;
  visible?: boolean;
}

/** A media item to add to a product: an uploaded media id or a URL, optionally for one choice. */
export interface ProductMediaInput {
  mediaId?: string;
  url?: string;
  choice?: { option: string; choice: string };
}

/** Media of one choice of one option. */
export interface ChoiceMedia {
  option: string;
  choice: string;
  mediaIds: string[];
}

/** The fields of a collection a merchant may set on create and update. */
export interface CollectionInput {
  name?: string;
  slug?: string;
  description?: string;
  visible?: boolean;
  media?: { mainMedia?: { id?: string; url?: string } } | Media;
}

/** A new collection: `name` is required. */
export interface CreateCollectionInput extends CollectionInput {
  name: string;
}

/** New values for many products at once. */
export interface BulkProductSet {
  price?: number;
  cost?: number;
  weight?: number;
}

/** An amount to add (negative to subtract), or a percent to change by. */
export type Adjustment = { amount: number } | { percentage: number };

/** Changes to apply to many products at once. */
export interface BulkProductAdjust {
  price?: Adjustment;
  cost?: Adjustment;
  weight?: Adjustment;
}

/** The outcome of a bulk action for one product. */
export interface BulkProductResult {
  itemMetadata?: {
    id?: string;
    originalIndex?: number;
    success?: boolean;
    error?: { code?: string; description?: string; data?: Record<string, unknown> };
  };
}

/** What the bulk calls answer. */
export interface BulkProductsResponse {
  results?: BulkProductResult[];
  bulkActionMetadata?: {
    totalSuccesses?: number;
    totalFailures?: number;
    undetailedFailures?: number;
  };
}

/**
 * Catalog entities: the records kept in state, and the wire shapes the emulator answers
 * (the platform's Stores catalog v1 Products, Collections and Variants). The SDK's types mirror
 * the `Wire*` interfaces here; README.md "What it serves" lists them too.
 */

/** The stores catalog's app id, in every catalog line item's `catalogReference.appId`. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/**
 * The platform's id of its eCommerce (Wix Stores) app, which apps written by the platform's makers
 * (their minimal Next.js example, their commerce template) name in `catalogReference.appId` when
 * adding store products, and which a line of the platform's own cart-created webhook sample
 * carries. The reference says store products always carry {@link STORES_APP_ID}; the platform
 * adds these apps' lines all the same (their tests run against it), so the emulator takes it as
 * naming the stores catalog (README: "Guesses").
 */
export const ECOMMERCE_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

/** Whether `appId` names the stores catalog in a line added to a cart. */
export function isStoresCatalog(appId: string): boolean {
  return appId === STORES_APP_ID || appId === ECOMMERCE_APP_ID;
}

/** The store's catalog: Catalog V1 (products, collections) or Catalog V3 (products, categories). */
export type CatalogVersion = 'v1' | 'v3';

/** The currency of every price in the emulated store. */
export const STORE_CURRENCY = 'USD';

/** The store's weight unit. */
export const STORE_WEIGHT_UNIT = 'KG';

export type ProductType = 'physical' | 'digital';
export type OptionType = 'drop_down' | 'color';
export type DiscountType = 'NONE' | 'AMOUNT' | 'PERCENT';
export type InventoryStatus = 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK';

/** An image kept in state. `url` is absolute, or a path under the emulator (`/media/…`). */
export interface MediaRecord {
  id: string;
  url: string;
  width: number;
  height: number;
  title: string;
}

export interface ChoiceRecord {
  /** For `color` options the CSS color (`#1f6feb`); for drop-downs the same as `description`. */
  value: string;
  /** The name shown to shoppers, and the key used in variant `choices`. */
  description: string;
  mediaIds: string[];
}

export interface OptionRecord {
  name: string;
  optionType: OptionType;
  choices: ChoiceRecord[];
}

/** One purchasable variant. Products without options have a single variant with no choices. */
export interface VariantRecord {
  id: string;
  /** Option name → choice description. */
  choices: Record<string, string>;
  /** Overrides the product price when set. */
  price?: number;
  cost?: number;
  weight?: number;
  sku: string;
  visible: boolean;
  trackQuantity: boolean;
  /** Units in stock, when `trackQuantity`. */
  quantity: number;
  /** In stock, when not tracking quantity. */
  inStock: boolean;
  /**
   * The price before a sale, set by a Catalog V3 write (`price.compareAtPrice`); V1 products
   * show a sale through the product's `discount` instead.
   */
  compareAtPrice?: number;
  /** The Catalog V3 revision of the variant's inventory item, bumped on each stock change. */
  stockRevision?: number;
  /**
   * Set when the variant's Catalog V3 inventory item was deleted: the variant is then out of
   * stock and has no item until one is created for it again.
   */
  inventoryItemDeleted?: true;
}

export interface PricePerUnitRecord {
  totalQuantity: number;
  totalMeasurementUnit: string;
  baseQuantity: number;
  baseMeasurementUnit: string;
}

export interface ProductRecord {
  id: string;
  numericId: string;
  name: string;
  slug: string;
  description: string;
  productType: ProductType;
  visible: boolean;
  sku: string;
  weight: number;
  brand: string;
  ribbon: string;
  price: number;
  cost: number;
  discount: { type: DiscountType; value: number };
  pricePerUnitData?: PricePerUnitRecord;
  productOptions: OptionRecord[];
  manageVariants: boolean;
  variants: VariantRecord[];
  media: MediaRecord[];
  collectionIds: string[];
  additionalInfoSections: { title: string; description: string }[];
  customTextFields: { title: string; maxLength: number; mandatory: boolean }[];
  createdDate: string;
  lastUpdated: string;
  /** The Catalog V3 revision (optimistic locking), bumped on every write; absent means 1. */
  revision?: number;
  /** Catalog V3 tag ids assigned to the product (`bulk/products/update-tags`). */
  tags?: { privateTags: string[]; publicTags: string[] };
  /** Catalog V3 info sections referenced by id beyond the product's own sections. */
  infoSectionIds?: string[];
}

export interface CollectionRecord {
  id: string;
  name: string;
  slug: string;
  description: string;
  visible: boolean;
  media?: MediaRecord;
  createdDate: string;
  /** Catalog V3 category fields; a V1 collection has none of them (absent means the default). */
  /** Revision (optimistic locking), bumped on every write; absent means 1. */
  revision?: number;
  /** The parent category's id; absent for a top-level category. */
  parentId?: string;
  /** Position among its siblings (ascending); absent sorts by catalog order. */
  position?: number;
  /** The merchant's manual order of the category's products (`set-arranged-items`). */
  arrangedItemIds?: string[];
  /** Last change; absent means `createdDate`. */
  updatedDate?: string;
}

/* ----------------------------- wire shapes ----------------------------- */

export interface WireImage {
  url: string;
  width: number;
  height: number;
}

/**
 * An image as line items, variants and orders carry it. `id` is the platform's media id (the
 * file name, served at `/media/{id}`); the official client turns it into a `wix:image://` id.
 * An external image has none: the official client then keeps its `url`.
 */
export interface WireImageWithId {
  id?: string;
  url: string;
  width: number;
  height: number;
}

export interface WireMediaItem {
  id: string;
  mediaType: 'image';
  title: string;
  image: WireImage;
  thumbnail: WireImage;
}

export interface WireMedia {
  mainMedia?: WireMediaItem;
  items: WireMediaItem[];
}

export interface WireFormattedPrice {
  price: string;
  discountedPrice: string;
  pricePerUnit?: string;
}

/** `price`, `priceData` and `convertedPriceData` of a product or variant. */
export interface WirePriceData {
  currency: string;
  price: number;
  discountedPrice: number;
  pricePerUnit?: number;
  formatted: WireFormattedPrice;
}

export interface WireCostAndProfitData {
  itemCost: number;
  formattedItemCost: string;
  profit: number;
  formattedProfit: string;
  /** Percent of the discounted price, two decimals. */
  profitMargin: number;
}

export interface WireRange {
  minValue: number;
  maxValue: number;
}

export interface WireStock {
  trackInventory: boolean;
  quantity?: number;
  inStock: boolean;
  inventoryStatus: InventoryStatus;
}

export interface WireChoice {
  value: string;
  description: string;
  media?: WireMedia;
  inStock: boolean;
  visible: boolean;
}

export interface WireProductOption {
  optionType: OptionType;
  name: string;
  choices: WireChoice[];
}

export interface WireVariantData {
  priceData: WirePriceData;
  convertedPriceData: WirePriceData;
  costAndProfitData?: WireCostAndProfitData;
  weight: number;
  sku: string;
  visible: boolean;
}

export interface WireVariantStock {
  trackQuantity: boolean;
  quantity?: number;
  inStock: boolean;
}

/** A variant as listed on a product and by the product variants query. */
export interface WireProductVariant {
  id: string;
  choices: Record<string, string>;
  variant: WireVariantData;
  stock: WireVariantStock;
}

/** A plain image, as the variants API answers it (not a stores media item). */
export interface WireVariantImage extends WireImageWithId {
  altText: string;
}

/**
 * A variant as the variants API answers it: `id` is `{productId}-{variantId}`, with the bare
 * variant id, the product and a display name beside it, and a plain image.
 */
export interface WireVariant extends Omit<WireProductVariant, 'id'> {
  id: string;
  variantId: string;
  productId: string;
  productName: string;
  variantName: string;
  managedVariant: boolean;
  collectionIds: string[];
  media: { image?: WireVariantImage };
}

export interface WireProduct {
  id: string;
  numericId: string;
  name: string;
  slug: string;
  visible: boolean;
  productType: ProductType;
  description: string;
  sku: string;
  weight: number;
  weightRange: WireRange;
  stock: WireStock;
  price: WirePriceData;
  priceData: WirePriceData;
  convertedPriceData: WirePriceData;
  priceRange: WireRange;
  costRange?: WireRange;
  costAndProfitData?: WireCostAndProfitData;
  pricePerUnitData?: PricePerUnitRecord;
  additionalInfoSections: { title: string; description: string }[];
  ribbons: { text: string }[];
  ribbon: string;
  brand: string;
  media: WireMedia;
  customTextFields: { title: string; maxLength: number; mandatory: boolean }[];
  manageVariants: boolean;
  productOptions: WireProductOption[];
  productPageUrl: { base: string; path: string };
  inventoryItemId: string;
  discount: { type: DiscountType; value: number };
  collectionIds: string[];
  variants?: WireProductVariant[];
  lastUpdated: string;
  createdDate: string;
}

export interface WireCollection {
  id: string;
  name: string;
  slug: string;
  description: string;
  visible: boolean;
  numberOfProducts: number;
  media: WireMedia;
}

/** The cart's price shape (`MultiCurrencyPrice`). */
export interface WireMoney {
  amount: string;
  convertedAmount: string;
  formattedAmount: string;
  formattedConvertedAmount: string;
}

/** A catalog to start from: the default seed, or one read from `--seed`. */
export interface SeedCatalog {
  collections: CollectionRecord[];
  products: ProductRecord[];
}

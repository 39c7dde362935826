/**
 * The storefront model: what a shop shows of its catalog, in one shape whichever catalog the store
 * runs (Catalog V1's products and collections, or Catalog V3's products and categories). The
 * storefront reads (`store.storefront`) answer these; the version-specific modules
 * (`store.products`, `store.productsV3`…) keep the platform's own shapes. Plain JSON: a page may
 * hand them from a server to the browser, or keep them in a cache, as they are.
 *
 * Prices are numbers in the store's currency (`currency`), as a shop formats them. Each catalog
 * says some things the other does not; what is mapped, and what is left out, is in the SDK's
 * README ("The storefront model").
 */

/** A picture of a product, a choice or a category. */
export interface StorefrontImage {
  /** Absolute address of the full-size file. */
  url: string;
  /** What it shows, for screen readers (the product's name when the store gave none). */
  alt: string;
  width?: number;
  height?: number;
}

/** Whether a product can be bought: all of it, none of it, or some of its variants. */
export type StorefrontStockStatus = 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK';

/** A product's stock. */
export interface StorefrontStock {
  status: StorefrontStockStatus;
  /** Units left, when the store counts them (over every variant, for a product). */
  quantity?: number;
}

/** What the variants of a product cost, from the cheapest to the dearest. */
export interface StorefrontPriceRange {
  /** The lowest price a shopper pays (after the product's own discount). */
  min: number;
  /** The highest. Equal to `min` when every variant costs the same. */
  max: number;
  /** The lowest price before the discount, when a variant is on sale. */
  compareAtMin?: number;
  /** The highest price before the discount, when a variant is on sale. */
  compareAtMax?: number;
}

/** A product as a grid shows it. */
export interface StorefrontProduct {
  id: string;
  /** The product's address on the site (`/products/{slug}`). */
  slug: string;
  name: string;
  brand?: string;
  /** A ribbon shown on the product ("Sale", "New"). */
  ribbon?: string;
  /** The main picture. */
  image?: StorefrontImage;
  /** ISO 4217 code of every price (`"USD"`). */
  currency: string;
  price: StorefrontPriceRange;
  stock: StorefrontStock;
}

/** One choice of an option ("L" of "Size", "Blue" of "Color"). */
export interface StorefrontChoice {
  /** The choice's id in its catalog (Catalog V1 has none: its name). */
  id: string;
  /** What the shopper reads, and the value of a selection (`{ Size: 'L' }`). */
  name: string;
  /** The CSS colour of a swatch (`#1f6feb`), for colour options. */
  color?: string;
  /** `false` when every variant with this choice is sold out. */
  inStock: boolean;
  /** `false` when the store hides it. */
  visible: boolean;
  /** A picture of the product with this choice. */
  image?: StorefrontImage;
}

/** An option a shopper picks ("Size"), with its choices. */
export interface StorefrontOption {
  /** The option's id in its catalog (Catalog V1 has none: its name). */
  id: string;
  /** What the shopper reads, and the key of a selection. */
  name: string;
  /** How to show it: colour swatches, or a list of names. */
  kind: 'color' | 'text';
  choices: StorefrontChoice[];
}

/** What one variant costs. */
export interface StorefrontPrice {
  /** What the shopper pays (after the product's own discount). */
  amount: number;
  /** The price before the discount, when it is on sale. */
  compareAt?: number;
}

/** One purchasable variant of a product: a choice of each option. */
export interface StorefrontVariant {
  /** The variant's id: what the cart names it by. */
  id: string;
  /** Option name → choice name (`{ Size: 'L', Color: 'Blue' }`); empty without options. */
  choices: Readonly<Record<string, string>>;
  price: StorefrontPrice;
  stock: {
    inStock: boolean;
    /** Units left, when the store counts them. */
    quantity?: number;
  };
  /** `false` when the store does not sell this combination. */
  visible: boolean;
  sku?: string;
  image?: StorefrontImage;
}

/** A text the shopper types when buying (an engraving), sent with the cart line. */
export interface StorefrontCustomField {
  /** What the cart line's `customTextFields` is keyed by. */
  key: string;
  /** The label shown to the shopper. */
  title: string;
  mandatory: boolean;
  /** Longest text taken. */
  maxLength?: number;
}

/** A text section of a product page ("Care", "Shipping"). */
export interface StorefrontInfoSection {
  title: string;
  /** HTML. */
  description: string;
}

/** A product as its page shows it: its options, choices and variants with their prices and stock. */
export interface StorefrontProductDetail extends StorefrontProduct {
  /** HTML. */
  description?: string;
  /** Every picture, the main one first. */
  images: StorefrontImage[];
  /** The options to pick, in the product's order (empty for a product without options). */
  options: StorefrontOption[];
  /** Every variant; a product without options has one, with no choices. */
  variants: StorefrontVariant[];
  customFields: StorefrontCustomField[];
  infoSections: StorefrontInfoSection[];
}

/** A group of products the shop lists: a collection (Catalog V1) or a category (Catalog V3). */
export interface StorefrontCategory {
  id: string;
  slug: string;
  name: string;
  /** HTML or plain text. */
  description?: string;
  image?: StorefrontImage;
  /** How many products it holds, when the store says. */
  productCount?: number;
}

/** One page of a storefront read. */
export interface StorefrontPage<T> {
  readonly items: readonly T[];
  /** Pass it as `cursor` for the page after this one; `null` on the last page. */
  readonly nextCursor: string | null;
  /** How many items match over all pages, when the catalog says (Catalog V1 does). */
  readonly totalCount?: number;
}

/**
 * Cart entities: the records kept in state and the wire shapes of the platform's eCommerce
 * "current cart" API. The SDK's types mirror the `Wire*` interfaces here.
 */
import type { WireImageWithId } from './catalog.js';
import type { WireMoney } from './catalog.js';

/** The platform's address shape (spec.md §3 "Address"). */
export interface Address {
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
  formattedAddress?: string;
  geocode?: { latitude?: number; longitude?: number };
  addressLine?: string;
  addressLine2?: string;
  streetAddress?: { name?: string; number?: string; apt?: string };
}

export interface ContactDetails {
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
  vatId?: { id?: string; type?: 'UNSPECIFIED' | 'CPF' | 'CNPJ' };
}

export interface ContactInfo {
  address?: Address;
  contactDetails?: ContactDetails;
}

/** A line added from a catalog. */
export interface CatalogLineRecord {
  kind: 'catalog';
  id: string;
  quantity: number;
  catalogItemId: string;
  appId: string;
  /** Resolved variant, for products with options. */
  variantId?: string;
  /** Custom text field answers, by title. */
  customTextFields?: Record<string, string>;
}

/** A line added with `customLineItems`: its own name and price, no catalog behind it. */
export interface CustomLineRecord {
  kind: 'custom';
  id: string;
  quantity: number;
  productName: string;
  priceCents: number;
  itemType: 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE';
  descriptionLines: string[];
  imageUrl?: string;
  weight?: number;
}

export type LineRecord = CatalogLineRecord | CustomLineRecord;

export interface MerchantDiscountRecord {
  /** Fixed amount in cents; or `percentage` of the subtotal (or of the listed lines). */
  amountCents?: number;
  percentage?: number;
  lineItemIds: string[];
}

/** A cart as kept in state; prices and availability are computed from the catalog on each read. */
export interface CartRecord {
  id: string;
  /** `visitor:<id>` or `member:<id>`: one current cart per identity. */
  ownerKey: string;
  buyerInfo: { visitorId: string } | { memberId: string };
  lineItems: LineRecord[];
  couponCode?: string;
  merchantDiscounts: MerchantDiscountRecord[];
  buyerNote?: string;
  buyerLanguage?: string;
  contactInfo?: ContactInfo;
  selectedShippingOption?: { code: string; carrierId?: string };
  checkoutId?: string;
  createdDate: string;
  updatedDate: string;
  /** Cart V2's revision: 1 at creation, one more at each change through either API. */
  revision?: number;
  /** How many Cart V2 events this cart has caused (`entityEventSequence`). */
  eventSequence?: number;
  /** Cart V2's id of the applied coupon, made when the coupon is applied. */
  couponId?: string;
  /** Set once an order is placed for the cart; the cart is then no identity's current cart. */
  orderId?: string;
  /** Cart V2's billing address and contact (`paymentInfo`). */
  billingAddress?: Address;
  billingContact?: ContactDetails;
  /** The shopper's e-mail, given through Cart V2's `customerInfo.email`. */
  email?: string;
  /** Cart V2's `customCheckoutUrl`: where `get-checkout-url` points instead of the hosted page. */
  customCheckoutUrl?: string;
  /** Cart V2's form submissions (`update-forms-submission`). */
  formSubmissions?: { id: string; formSubmissionId: string }[];
}

export interface CheckoutRecord {
  id: string;
  cartId: string;
  ownerKey: string;
  buyerInfo: CartRecord['buyerInfo'];
  channelType: string;
  email?: string;
  shippingAddress?: Address;
  billingAddress?: Address;
  selectedShippingOption?: { code: string; carrierId?: string };
  createdDate: string;
  /** Set once the hosted checkout page placed the order. */
  orderId?: string;
  /**
   * The checkout's own lines, when it was made from line items (`POST /ecom/v1/checkouts`, a
   * "Buy now") rather than from the current cart; placing its order leaves the cart as it is.
   */
  lineItems?: LineRecord[];
  /** The coupon of a checkout made from line items. */
  couponCode?: string;
}

export interface OrderRecord {
  id: string;
  number: string;
  checkoutId: string;
  cartId: string;
  buyerInfo: CartRecord['buyerInfo'];
  email?: string;
  lineItems: {
    productName: string;
    catalogItemId?: string;
    variantId?: string;
    quantity: number;
    price: string;
    /** The line's image when the order was placed; `url` a `/media/…` path for emulator images. Absent in orders of earlier versions. */
    image?: WireImageWithId;
  }[];
  priceSummary: WirePriceSummary;
  /** The delivery chosen on the checkout page; absent when nothing was shipped. */
  shipping?: { code: string; title: string; destinationCountry?: string };
  createdDate: string;
}

/* ----------------------------- wire shapes ----------------------------- */

export type ItemAvailability = 'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE';

export interface WireDescriptionLine {
  name: { original: string; translated: string };
  plainText?: { original: string; translated: string };
  colorInfo?: { original: string; translated: string; code: string };
  lineType: 'PLAIN_TEXT' | 'COLOR';
}

export interface WireLineItem {
  id: string;
  quantity: number;
  catalogReference: {
    catalogItemId: string;
    appId: string;
    options?: {
      variantId?: string;
      options?: Record<string, string>;
      customTextFields?: Record<string, string>;
    };
  };
  productName: { original: string; translated: string };
  url: { relativePath: string; url: string };
  price: WireMoney;
  fullPrice: WireMoney;
  priceBeforeDiscounts: WireMoney;
  lineItemPrice: WireMoney;
  descriptionLines: WireDescriptionLine[];
  image?: WireImageWithId;
  availability: { status: ItemAvailability; quantityAvailable?: number };
  physicalProperties: { weight?: number; sku?: string; shippable: boolean };
  itemType: { preset: 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE' };
  paymentOption: 'FULL_PAYMENT_ONLINE';
  couponScopes: { namespace: string; group: { name: string; entityId: string } }[];
}

export interface WireAppliedDiscount {
  discountType: 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
  coupon?: { id: string; code: string; name: string; amount: WireMoney };
  merchantDiscount?: { amount: WireMoney; percentage?: number };
  lineItemIds: string[];
}

export interface WireCart {
  id: string;
  lineItems: WireLineItem[];
  buyerNote?: string;
  buyerInfo: { visitorId: string } | { memberId: string };
  currency: string;
  conversionCurrency: string;
  buyerLanguage: string;
  siteLanguage: string;
  taxIncludedInPrices: boolean;
  weightUnit: 'KG' | 'LB';
  subtotal: WireMoney;
  appliedDiscounts: WireAppliedDiscount[];
  contactInfo?: ContactInfo;
  selectedShippingOption?: { code: string; carrierId?: string };
  checkoutId?: string;
  createdDate: string;
  updatedDate: string;
}

export interface WirePriceSummary {
  subtotal: WireMoney;
  shipping: WireMoney;
  tax: WireMoney;
  discount: WireMoney;
  total: WireMoney;
  additionalFees: WireMoney;
}

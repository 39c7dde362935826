/**
 * Orders, as the platform's eCommerce Orders API answers them (`POST /ecom/v1/orders/search`,
 * `GET /ecom/v1/orders/{id}`). Amounts are decimal strings (`"12.5"`), as the platform sends
 * them; every field the platform may leave out is optional.
 */
import type { BuyerInfo, CatalogReference, Image, TranslatableString } from './cart.js';
import { defineEnum, type EnumValue } from './enum.js';

/** Where an order stands. */
export const OrderStatus = /* @__PURE__ */ defineEnum([
  'INITIALIZED',
  'APPROVED',
  'CANCELED',
  'PENDING',
  'REJECTED',
]);
/** One of {@link OrderStatus}'s values. */
export type OrderStatus = EnumValue<typeof OrderStatus>;

/** Whether an order is paid. */
export const OrderPaymentStatus = /* @__PURE__ */ defineEnum([
  'UNSPECIFIED',
  'NOT_PAID',
  'PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
  'PENDING',
  'PARTIALLY_PAID',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
]);
/** One of {@link OrderPaymentStatus}'s values. */
export type OrderPaymentStatus = EnumValue<typeof OrderPaymentStatus>;

/** Whether an order's items have been sent. */
export const OrderFulfillmentStatus = /* @__PURE__ */ defineEnum([
  'NOT_FULFILLED',
  'FULFILLED',
  'PARTIALLY_FULFILLED',
]);
/** One of {@link OrderFulfillmentStatus}'s values. */
export type OrderFulfillmentStatus = EnumValue<typeof OrderFulfillmentStatus>;

/** An amount of an order, in the site's currency. */
export interface OrderPrice {
  /** Decimal string, e.g. `"12.5"`. */
  amount?: string;
  /** e.g. `"$12.50"`. */
  formattedAmount?: string;
}

/** What an order costs. */
export interface OrderPriceSummary {
  subtotal?: OrderPrice;
  shipping?: OrderPrice;
  tax?: OrderPrice;
  discount?: OrderPrice;
  total?: OrderPrice;
  totalPrice?: OrderPrice;
  totalAdditionalFees?: OrderPrice;
  additionalFees?: OrderPrice;
}

/** One line of an order. */
export interface OrderLineItem {
  id?: string;
  productName?: TranslatableString;
  catalogReference?: CatalogReference;
  quantity?: number;
  /** The price of one unit. */
  price?: OrderPrice;
  totalPriceBeforeTax?: OrderPrice;
  totalPriceAfterTax?: OrderPrice;
  /** The item's image when the order was placed: `{ id, url, width, height }`. */
  image?: Image;
}

/** How an order is delivered. */
export interface OrderShippingInfo {
  code?: string;
  title?: string;
  destinationCountry?: string;
}

/** An order. */
export interface Order {
  id?: string;
  /** The number the buyer sees, e.g. `"10001"`. */
  number?: string;
  checkoutId?: string;
  /** ISO date. */
  createdDate?: string;
  /** ISO date. */
  updatedDate?: string;
  /** ISO date. */
  purchasedDate?: string;
  status?: OrderStatus;
  paymentStatus?: OrderPaymentStatus;
  fulfillmentStatus?: OrderFulfillmentStatus;
  /** ISO 4217 code, e.g. `"USD"`. */
  currency?: string;
  /** The buyer: a member (`memberId`, `contactId`) or a visitor (`visitorId`), and the email. */
  buyerInfo?: BuyerInfo;
  lineItems?: OrderLineItem[];
  priceSummary?: OrderPriceSummary;
  shippingInfo?: OrderShippingInfo;
}

/**
 * Wire shapes of the platform's Cart V2 (`/ecom/v2/carts…`), as the official client's
 * `@wix/auto_sdk_ecom_current-cart-v-2` and `@wix/auto_sdk_ecom_cart-v-2` (1.0.202) type them
 * in `meta.d.ts`: the fields the emulator fills. Money is `{amount, convertedAmount}`, decimal
 * strings with no formatted companion.
 */
import type { Address } from './cart.js';
import type { WireImageWithId } from './catalog.js';

/** Cart V2's money. */
export interface WireConvertedMoney {
  amount: string;
  convertedAmount: string;
}

export interface WireTranslatable {
  original: string;
  translated: string;
}

export type WireItemStatus =
  'IN_STOCK' | 'PARTIALLY_IN_STOCK' | 'OUT_OF_STOCK' | 'REMOVED_FROM_CATALOG';

export interface WireV2DescriptionLine {
  name: WireTranslatable;
  plainText?: WireTranslatable;
  colorInfo?: WireTranslatable & { code: string };
}

/** A Cart V2 line (`V2LineItem`). */
export interface WireV2LineItem {
  id: string;
  name: WireTranslatable;
  quantityInfo: {
    requestedQuantity: number;
    /** The units that can be bought: the requested ones, at most those in stock. */
    confirmedQuantity: number;
    /** Units in stock, for tracked stock; absent when the stock is not counted. */
    availableQuantity?: number;
    fixedQuantity: boolean;
  };
  pricing: {
    unitPrice: WireConvertedMoney;
    totalPrice: WireConvertedMoney;
    priceUndetermined: boolean;
    breakdown: {
      fullPrice: WireConvertedMoney;
      salePrice: WireConvertedMoney;
      totalModifiersPrice: WireConvertedMoney;
    };
  };
  source: {
    catalogReference: {
      catalogItemId: string;
      appId: string;
      options?: Record<string, unknown>;
    };
  };
  attributes: {
    descriptionLines: WireV2DescriptionLine[];
    image?: WireImageWithId;
    url: { relativePath: string; url: string };
    itemType: { preset: 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE' };
    physicalProperties: { weight?: number; sku?: string; shippable: boolean };
    membersOnly: boolean;
  };
  taxConfig: { taxableAddress: { addressType: 'SHIPPING' } };
  paymentConfig: { savePaymentMethod: boolean; paymentOption: 'FULL_PAYMENT_ONLINE' };
  status: WireItemStatus;
  discounts: never[];
  customLineItem: boolean;
}

/** The delivery method a cart holds or a summary prices (`DeliveryMethod`). */
export interface WireDeliveryMethod {
  code: string;
  title: WireTranslatable;
  pickup: boolean;
}

/** A Cart V2 (`Cart`). */
export interface WireCartV2 {
  id: string;
  createdDate: string;
  updatedDate: string;
  revision: string;
  lineItems: WireV2LineItem[];
  subtotal: WireConvertedMoney;
  note?: string;
  coupons: { id: string; code: string }[];
  source: {
    channelType: 'WEB';
    externalReferences: never[];
    createdBy: { visitorId: string } | { memberId: string };
  };
  businessInfo: { languageCode: string; currencyCode: string };
  customerInfo: ({ visitorId: string } | { memberId: string }) & {
    languageCode: string;
    currencyCode: string;
    firstName?: string;
    lastName?: string;
    phone?: string;
    company?: string;
    email?: string;
  };
  deliveryInfo: {
    address?: Address;
    method?: WireDeliveryMethod;
    weightUnit: 'KG' | 'LB';
  };
  taxInfo: { pricesIncludeTax: boolean };
  paymentInfo: {
    giftCards: never[];
    currencyCode: string;
    billingAddress?: Address;
    billingContact?: { firstName?: string; lastName?: string; phone?: string; company?: string };
  };
  orderPlaced: boolean;
  orderId?: string;
  customCheckoutUrl?: string;
  currentCart: boolean;
  demo: boolean;
}

/** The summary of `calculate` and `estimate` (`CartSummary`). */
export interface WireCartSummary {
  cartId: string;
  cartRevision: string;
  calculationId: string;
  lineItems: {
    lineItemId: string;
    quantity: number;
    unitPrice: WireConvertedMoney;
    totalPrice: WireConvertedMoney;
  }[];
  discounts: {
    name: WireTranslatable;
    source: { sourceType: 'COUPON'; couponCode: string };
    scope: 'CART_SUBTOTAL' | 'DELIVERY';
    total: WireConvertedMoney;
    lineItemDiscounts: never[];
  }[];
  deliverySummary?: { method: WireDeliveryMethod; price: WireConvertedMoney };
  additionalFees: never[];
  taxSummary: {
    taxes: {
      name: WireTranslatable;
      taxableAmount: WireConvertedMoney;
      exemptAmount: WireConvertedMoney;
      amount: WireConvertedMoney;
    }[];
    totalExempt: WireConvertedMoney;
    pricesIncludeTax: boolean;
    lineItemTaxes: { lineItemId: string; tax: WireConvertedMoney; rate: string }[];
    deliveryTax: WireConvertedMoney;
    additionalFeeTaxes: never[];
  };
  priceSummary: {
    subtotal: WireConvertedMoney;
    discount: WireConvertedMoney;
    delivery: WireConvertedMoney;
    additionalFees: WireConvertedMoney;
    tax: WireConvertedMoney;
    total: WireConvertedMoney;
  };
  paymentSummary: {
    giftCards: never[];
    memberships: never[];
    subscriptionCharges: never[];
    requiresPaymentAfterGiftCard: boolean;
    totalAfterGiftCards: WireConvertedMoney;
    payNow: WireConvertedMoney;
    payLater: WireConvertedMoney;
  };
  priceVerificationToken: string;
  spiViolations: never[];
  violations: {
    severity: 'WARNING' | 'ERROR';
    scope: 'GLOBAL' | 'LINE_ITEM' | 'DISCOUNT' | 'DELIVERY';
    code: string;
    description: string;
    lineItemsOutOfStockData?: { lineItemIds: string[]; allLineItemsOutOfStock: boolean };
    invalidCouponStatusData?: { couponCode: string; reason: 'MIN_SUBTOTAL_NOT_REACHED' };
  }[];
}

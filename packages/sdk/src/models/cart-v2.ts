/**
 * Cart V2's cart as the platform sends it (`/ecom/v2/carts/current…`, platform-wire-v3.md
 * "Cart V2"): the shape of its answers and of its webhook events. `store.cart` and the cart store
 * answer the one {@link Cart} shape on either cart API; these are for those who read Cart V2's
 * events or its raw answers. Amounts are decimal strings, with no formatted form.
 */
import type {
  Address,
  CatalogReference,
  DescriptionLine,
  Image,
  ItemTypeInfo,
  PageUrl,
  PhysicalProperties,
  TranslatableString,
  WeightUnit,
} from './cart.js';

/** An amount in the site's currency and the buyer's, as decimal strings (`"12.5"`). */
export interface ConvertedMoney {
  amount?: string;
  convertedAmount?: string;
}

/** Whether a Cart V2 line can be bought in the quantity asked. */
export type CartV2ItemStatus =
  'IN_STOCK' | 'PARTIALLY_IN_STOCK' | 'OUT_OF_STOCK' | 'REMOVED_FROM_CATALOG' | (string & {});

/** One line of a Cart V2 cart. */
export interface CartV2LineItem {
  id?: string;
  name?: TranslatableString;
  quantityInfo?: {
    /** What the shopper asked for. */
    requestedQuantity?: number;
    /** What the store can give now. */
    confirmedQuantity?: number;
    availableQuantity?: number | null;
    fixedQuantity?: boolean;
  };
  pricing?: {
    unitPrice?: ConvertedMoney;
    totalPrice?: ConvertedMoney;
    priceUndetermined?: boolean;
  };
  source?: { catalogReference?: CatalogReference; rootCatalogItemId?: string | null };
  attributes?: {
    descriptionLines?: DescriptionLine[];
    image?: Image;
    url?: PageUrl;
    itemType?: ItemTypeInfo;
    physicalProperties?: PhysicalProperties;
    membersOnly?: boolean;
  };
  status?: CartV2ItemStatus;
  customLineItem?: boolean;
}

/** A coupon on a Cart V2 cart: its amount comes with the cart's summary. */
export interface CartV2Coupon {
  id?: string;
  code?: string;
}

/** How a Cart V2 cart is delivered. */
export interface CartV2DeliveryMethod {
  code?: string;
  appId?: string | null;
  title?: TranslatableString;
  pickup?: boolean;
}

/** A Cart V2 cart. */
export interface CartV2 {
  id?: string;
  revision?: string;
  /** ISO date. */
  createdDate?: string;
  /** ISO date. */
  updatedDate?: string;
  lineItems?: CartV2LineItem[];
  subtotal?: ConvertedMoney;
  note?: string | null;
  coupons?: CartV2Coupon[];
  businessInfo?: { locationId?: string | null; languageCode?: string; currencyCode?: string };
  customerInfo?: {
    visitorId?: string;
    memberId?: string;
    userId?: string;
    email?: string | null;
    languageCode?: string;
    currencyCode?: string;
  };
  deliveryInfo?: { address?: Address; method?: CartV2DeliveryMethod; weightUnit?: WeightUnit };
  taxInfo?: { pricesIncludeTax?: boolean };
  paymentInfo?: { currencyCode?: string; billingAddress?: Address };
  orderPlaced?: boolean;
  orderId?: string | null;
  purchaseFlowId?: string | null;
  currentCart?: boolean;
}

/** A discount in a Cart V2 summary. */
export interface CartV2Discount {
  name?: TranslatableString;
  /** What gave the discount: a coupon (by its code) or an automatic rule. */
  source?: { sourceType?: string; couponCode?: string | null };
  scope?: string;
  total?: ConvertedMoney;
}

/** A delivery option a Cart V2 summary offers. */
export interface CartV2DeliveryOption {
  code?: string;
  title?: TranslatableString | string;
  price?: ConvertedMoney;
  appId?: string | null;
  pickup?: boolean;
}

/** What estimating or calculating a Cart V2 cart answers besides the cart. */
export interface CartV2Summary {
  cartId?: string;
  lineItems?: {
    lineItemId?: string;
    quantity?: number;
    unitPrice?: ConvertedMoney;
    totalPrice?: ConvertedMoney;
  }[];
  discounts?: CartV2Discount[];
  deliverySummary?: { method?: CartV2DeliveryMethod; price?: ConvertedMoney };
  priceSummary?: {
    subtotal?: ConvertedMoney;
    discount?: ConvertedMoney;
    delivery?: ConvertedMoney;
    additionalFees?: ConvertedMoney;
    tax?: ConvertedMoney;
    total?: ConvertedMoney;
  };
  taxSummary?: { pricesIncludeTax?: boolean };
}

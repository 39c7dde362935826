/**
 * Renders a cart record as Cart V2 (`Cart` of the official client's cart-v-2 typings). Each line
 * is the V1 line the catalog renders (view.ts: price, name, image, stock), put in V2's words, so
 * both APIs show one cart with the same figures. Every field the typings mark as always present
 * is filled whenever its object is there; of a one-of (`customerInfo`'s visitor or member,
 * `itemType`'s preset or custom) only the member that applies.
 */
import type { EmulatorContext } from '../context.js';
import { decimalString } from '../catalog/money.js';
import { STORE_CURRENCY } from '../models/catalog.js';
import type { CartRecord, ItemAvailability, WireDescriptionLine } from '../models/cart.js';
import type {
  WireCartV2,
  WireConvertedMoney,
  WireDeliveryMethod,
  WireItemStatus,
  WireV2DescriptionLine,
  WireV2LineItem,
} from '../models/cart-v2.js';
import { SHIPPING } from './totals.js';
import type { LineView } from './view.js';
import { discountsOf, renderLine } from './view.js';

/** Cart V2's money from cents. */
export function converted(cents: number): WireConvertedMoney {
  const amount = decimalString(cents);
  return { amount, convertedAmount: amount };
}

const STATUS: Record<ItemAvailability, WireItemStatus> = {
  AVAILABLE: 'IN_STOCK',
  PARTIALLY_AVAILABLE: 'PARTIALLY_IN_STOCK',
  NOT_AVAILABLE: 'OUT_OF_STOCK',
  NOT_FOUND: 'REMOVED_FROM_CATALOG',
};

function descriptionLine(line: WireDescriptionLine): WireV2DescriptionLine {
  return {
    name: line.name,
    ...(line.plainText ? { plainText: line.plainText } : {}),
    ...(line.colorInfo ? { colorInfo: line.colorInfo } : {}),
  };
}

/** One line in Cart V2's shape. */
export function v2Line(view: LineView): WireV2LineItem {
  const { wire } = view;
  const available = wire.availability.quantityAvailable;
  const custom = wire.catalogReference.appId === 'custom';
  return {
    id: wire.id,
    name: wire.productName,
    quantityInfo: {
      requestedQuantity: wire.quantity,
      confirmedQuantity: view.countable,
      ...(available !== undefined ? { availableQuantity: available } : {}),
      fixedQuantity: false,
    },
    pricing: {
      unitPrice: converted(view.unitCents),
      totalPrice: converted(view.unitCents * view.countable),
      priceUndetermined: false,
      breakdown: {
        fullPrice: { amount: wire.fullPrice.amount, convertedAmount: wire.fullPrice.amount },
        salePrice: converted(view.unitCents),
        totalModifiersPrice: converted(0),
      },
    },
    source: { catalogReference: structuredClone(wire.catalogReference) },
    attributes: {
      descriptionLines: wire.descriptionLines.map(descriptionLine),
      ...(wire.image ? { image: wire.image } : {}),
      url: wire.url,
      itemType: wire.itemType,
      physicalProperties: wire.physicalProperties,
      membersOnly: false,
    },
    taxConfig: { taxableAddress: { addressType: 'SHIPPING' } },
    paymentConfig: { savePaymentMethod: false, paymentOption: 'FULL_PAYMENT_ONLINE' },
    status: STATUS[wire.availability.status],
    discounts: [],
    customLineItem: custom,
  };
}

/** The delivery method of a shipping code, as a cart or a summary names it. */
export function deliveryMethodOf(code: string): WireDeliveryMethod | undefined {
  const rule = SHIPPING.find((r) => r.code === code);
  if (!rule) return undefined;
  return {
    code: rule.code,
    title: { original: rule.title, translated: rule.title },
    pickup: rule.pickup === true,
  };
}

function customerInfo(cart: Readonly<CartRecord>): WireCartV2['customerInfo'] {
  const details = cart.contactInfo?.contactDetails;
  return {
    ...cart.buyerInfo,
    ...(details?.firstName !== undefined ? { firstName: details.firstName } : {}),
    ...(details?.lastName !== undefined ? { lastName: details.lastName } : {}),
    ...(details?.phone !== undefined ? { phone: details.phone } : {}),
    ...(details?.company !== undefined ? { company: details.company } : {}),
    ...(cart.email !== undefined ? { email: cart.email } : {}),
    languageCode: cart.buyerLanguage ?? 'en',
    currencyCode: STORE_CURRENCY,
  };
}

/** Renders a cart as Cart V2; `current` says whether it is its owner's current cart. */
export function renderCartV2(
  ctx: EmulatorContext,
  cart: Readonly<CartRecord>,
  current: boolean,
): WireCartV2 {
  const lines = cart.lineItems.map((l) => renderLine(ctx, l));
  const { subtotalCents } = discountsOf(cart, lines);
  const method = cart.selectedShippingOption && deliveryMethodOf(cart.selectedShippingOption.code);
  return {
    id: cart.id,
    createdDate: cart.createdDate,
    updatedDate: cart.updatedDate,
    revision: String(cart.revision ?? 1),
    lineItems: lines.map(v2Line),
    subtotal: converted(subtotalCents),
    ...(cart.buyerNote !== undefined ? { note: cart.buyerNote } : {}),
    coupons:
      cart.couponCode !== undefined
        ? [{ id: cart.couponId ?? cart.id, code: cart.couponCode }]
        : [],
    source: { channelType: 'WEB', externalReferences: [], createdBy: { ...cart.buyerInfo } },
    businessInfo: { languageCode: 'en', currencyCode: STORE_CURRENCY },
    customerInfo: customerInfo(cart),
    deliveryInfo: {
      ...(cart.contactInfo?.address ? { address: structuredClone(cart.contactInfo.address) } : {}),
      ...(method ? { method } : {}),
      weightUnit: 'KG',
    },
    taxInfo: { pricesIncludeTax: false },
    paymentInfo: {
      giftCards: [],
      currencyCode: STORE_CURRENCY,
      ...(cart.billingAddress ? { billingAddress: structuredClone(cart.billingAddress) } : {}),
      ...(cart.billingContact ? { billingContact: { ...cart.billingContact } } : {}),
    },
    orderPlaced: cart.orderId !== undefined,
    ...(cart.orderId !== undefined ? { orderId: cart.orderId } : {}),
    ...(cart.customCheckoutUrl !== undefined ? { customCheckoutUrl: cart.customCheckoutUrl } : {}),
    currentCart: current,
    demo: false,
  };
}

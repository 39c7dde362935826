/**
 * Cart V2's answers in the one {@link Cart} shape an app reads on either cart API. Pure functions.
 *
 * What maps: a line's requested quantity, unit and total price, catalog reference, name, options
 * (description lines), picture, address, stock (its status as an availability), kind and weight;
 * the cart's id, subtotal, coupons (as applied discounts, each with its id: Cart V2 removes a
 * coupon by id), note, buyer, currency, languages, delivery method (as the selected shipping
 * option) and dates. An estimate's summary maps to the price summary, the discounts (with their
 * amounts) and the shipping information. What Cart V2 lacks (a coupon's amount on the cart itself,
 * formatted amounts, merchant discounts, a checkout id) is left out; the README lists it.
 */
import type {
  AppliedDiscount,
  Cart,
  EstimateTotalsResponse,
  ItemAvailability,
  LineItem,
  MultiCurrencyPrice,
} from '../models/cart.js';
import type {
  CartV2,
  CartV2DeliveryMethod,
  CartV2DeliveryOption,
  CartV2LineItem,
  CartV2Summary,
  ConvertedMoney,
} from '../models/cart-v2.js';

const AVAILABILITY: Readonly<Record<string, ItemAvailability>> = {
  IN_STOCK: 'AVAILABLE',
  PARTIALLY_IN_STOCK: 'PARTIALLY_AVAILABLE',
  OUT_OF_STOCK: 'NOT_AVAILABLE',
  REMOVED_FROM_CATALOG: 'NOT_FOUND',
};

/** A Cart V2 cart in the {@link Cart} shape. */
export function cartFromV2(cart: CartV2): Cart {
  const currency = cart.businessInfo?.currencyCode ?? cart.paymentInfo?.currencyCode;
  const method = cart.deliveryInfo?.method;
  return defined({
    id: cart.id,
    lineItems: (cart.lineItems ?? []).map(lineFromV2),
    buyerNote: cart.note ?? undefined,
    buyerInfo: cart.customerInfo && buyerOf(cart.customerInfo),
    currency,
    buyerLanguage: cart.customerInfo?.languageCode,
    siteLanguage: cart.businessInfo?.languageCode,
    taxIncludedInPrices: cart.taxInfo?.pricesIncludeTax,
    weightUnit: cart.deliveryInfo?.weightUnit,
    subtotal: money(cart.subtotal),
    appliedDiscounts: cart.coupons?.map((coupon): AppliedDiscount => ({
      discountType: 'GLOBAL',
      coupon: defined({ id: coupon.id, code: coupon.code }),
    })),
    contactInfo: cart.deliveryInfo?.address && { address: cart.deliveryInfo.address },
    selectedShippingOption: method?.code ? { code: method.code } : undefined,
    purchaseFlowId: cart.purchaseFlowId ?? undefined,
    createdDate: cart.createdDate,
    updatedDate: cart.updatedDate,
  });
}

/** A Cart V2 line in the {@link LineItem} shape. */
function lineFromV2(line: CartV2LineItem): LineItem {
  const quantity = line.quantityInfo?.requestedQuantity ?? line.quantityInfo?.confirmedQuantity;
  const available = line.quantityInfo?.availableQuantity;
  const status = line.status === undefined ? undefined : AVAILABILITY[line.status];
  const attributes = line.attributes ?? {};
  return defined({
    id: line.id ?? '',
    quantity: quantity ?? 0,
    catalogReference: line.source?.catalogReference,
    rootCatalogItemId: line.source?.rootCatalogItemId ?? undefined,
    productName: line.name,
    url: attributes.url,
    price: money(line.pricing?.unitPrice),
    lineItemPrice: money(line.pricing?.totalPrice),
    descriptionLines: attributes.descriptionLines,
    image: attributes.image,
    availability:
      status &&
      defined({
        status,
        quantityAvailable: status === 'PARTIALLY_AVAILABLE' ? (available ?? undefined) : undefined,
      }),
    physicalProperties: attributes.physicalProperties,
    itemType: attributes.itemType,
    customLineItem: line.customLineItem,
    priceUndetermined: line.pricing?.priceUndetermined,
    fixedQuantity: line.quantityInfo?.fixedQuantity,
    membersOnly: attributes.membersOnly,
  });
}

/** An estimate of Cart V2 (`{ cart, summary }`) in the {@link EstimateTotalsResponse} shape. */
export function estimateFromV2(
  answer: { cart?: CartV2; summary?: CartV2Summary },
  options: readonly CartV2DeliveryOption[] = [],
): EstimateTotalsResponse {
  const cart = answer.cart && cartFromV2(answer.cart);
  const summary = answer.summary ?? {};
  const prices = summary.priceSummary ?? {};
  const chosen = summary.deliverySummary?.method;
  return defined({
    cart,
    currency: cart?.currency,
    weightUnit: cart?.weightUnit,
    calculatedLineItems: summary.lineItems?.flatMap((line) =>
      line.lineItemId === undefined
        ? []
        : [
            {
              lineItemId: line.lineItemId,
              pricesBreakdown: defined({
                totalPriceAfterTax: money(line.totalPrice),
                price: money(line.unitPrice),
              }),
            },
          ],
    ),
    priceSummary: defined({
      subtotal: money(prices.subtotal),
      discount: money(prices.discount),
      shipping: money(prices.delivery),
      additionalFees: money(prices.additionalFees),
      tax: money(prices.tax),
      total: money(prices.total),
    }),
    appliedDiscounts: summary.discounts?.map((discount) =>
      discountFromV2(discount, cart?.appliedDiscounts),
    ),
    shippingInfo: defined({
      selectedCarrierServiceOption: chosen?.code
        ? defined({
            code: chosen.code,
            title: textOf(chosen.title),
            cost: defined({ totalPriceAfterTax: money(summary.deliverySummary?.price) }),
          })
        : undefined,
      // Cart V2 lists no delivery options before the checkout: the one it priced stands for them.
      carrierServiceOptions: optionsOf(options, summary.deliverySummary),
    }),
  });
}

function discountFromV2(
  discount: NonNullable<CartV2Summary['discounts']>[number],
  applied: readonly AppliedDiscount[] | undefined,
): AppliedDiscount {
  const amount = money(discount.total);
  if (discount.source?.sourceType === 'COUPON') {
    const coupon = applied?.find(
      (one) =>
        one.coupon !== undefined && one.coupon.code === (discount.source?.couponCode ?? undefined),
    )?.coupon;
    return {
      discountType: 'GLOBAL',
      coupon: defined({ ...coupon, name: textOf(discount.name), amount }),
    };
  }
  return { discountType: 'GLOBAL', merchantDiscount: defined({ amount }) };
}

/** The delivery options an estimate lists: those given, else the one Cart V2 priced. */
function optionsOf(
  options: readonly CartV2DeliveryOption[],
  delivery: CartV2Summary['deliverySummary'],
) {
  const priced: CartV2DeliveryOption[] =
    delivery?.method?.code === undefined
      ? []
      : [{ ...delivery.method, ...(delivery.price ? { price: delivery.price } : {}) }];
  const listed = options.length > 0 ? options : priced;
  return listed.length === 0 ? undefined : [{ shippingOptions: listed.map(shippingOptionFromV2) }];
}

function shippingOptionFromV2(option: CartV2DeliveryOption) {
  return defined({
    code: option.code,
    title: textOf(option.title),
    cost: defined({ price: money(option.price) }),
  });
}

function buyerOf(customer: NonNullable<CartV2['customerInfo']>) {
  return defined({
    visitorId: customer.visitorId,
    memberId: customer.memberId,
    userId: customer.userId,
    email: customer.email ?? undefined,
  });
}

function money(value: ConvertedMoney | undefined): MultiCurrencyPrice | undefined {
  if (value === undefined) return undefined;
  return defined({ amount: value.amount, convertedAmount: value.convertedAmount });
}

function textOf(value: CartV2DeliveryMethod['title'] | string | undefined): string | undefined {
  if (typeof value === 'string') return value;
  return value?.translated ?? value?.original;
}

/** `value` without its `undefined` fields: the shape leaves out what the platform did not say. */
function defined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined) result[key] = item;
  return result as { [K in keyof T]: Exclude<T[K], undefined> };
}

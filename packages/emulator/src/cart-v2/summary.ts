/**
 * Cart V2's `summary` (`CartSummary`) of `calculate` and `estimate`, built from the figures of
 * the V1 cart's totals (cart/totals.ts), so both APIs price one cart alike. V2 words them its own
 * way: `priceSummary.subtotal` is the lines' total, `discount` what comes off the subtotal (a
 * coupon), `delivery` the delivery price after its discounts, and `deliverySummary.price` the
 * delivery price before them.
 */
import type { EmulatorContext } from '../context.js';
import { SEEDED_COUPONS } from '../catalog/seed.js';
import { randomId } from '../crypto/random.js';
import type { Totals } from '../cart/totals.js';
import { computeTotals } from '../cart/totals.js';
import { converted, deliveryMethodOf } from '../cart/v2-view.js';
import type { CartRecord } from '../models/cart.js';
import type { WireCartSummary } from '../models/cart-v2.js';

/** What to compute: `estimate`'s flags (each `false` unless asked), or all of it (`calculate`). */
export interface SummaryOptions {
  calculateDelivery: boolean;
  calculateTax: boolean;
}

function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

/** An opaque token of the prices a summary showed; `place-order` compares it with the cart's. */
export function priceToken(cart: Readonly<CartRecord>, totalCents: number): string {
  return Buffer.from(JSON.stringify([cart.id, cart.revision ?? 1, totalCents])).toString(
    'base64url',
  );
}

function violations(cart: Readonly<CartRecord>, totals: Totals): WireCartSummary['violations'] {
  const out: WireCartSummary['violations'] = [];
  const short = totals.lines.filter((l) => l.countable < l.wire.quantity);
  if (totals.lines.length === 0 || totals.lines.every((l) => l.countable === 0))
    out.push({
      severity: 'ERROR',
      scope: 'GLOBAL',
      code: 'EMPTY_CART',
      description: 'Nothing in the cart can be bought',
    });
  if (short.length > 0)
    out.push({
      severity: 'WARNING',
      scope: 'LINE_ITEM',
      code: 'LINE_ITEMS_OUT_OF_STOCK',
      description: 'Some items are not in stock in the quantity asked for',
      lineItemsOutOfStockData: {
        lineItemIds: short.map((l) => l.wire.id),
        allLineItemsOutOfStock: short.length === totals.lines.length,
      },
    });
  const coupon =
    cart.couponCode !== undefined && Object.hasOwn(SEEDED_COUPONS, cart.couponCode)
      ? SEEDED_COUPONS[cart.couponCode as keyof typeof SEEDED_COUPONS]
      : undefined;
  if (coupon && cents(totals.priceSummary.subtotal.amount) < coupon.minimumCents)
    out.push({
      severity: 'WARNING',
      scope: 'DISCOUNT',
      code: 'INVALID_COUPON_STATUS',
      description: "The cart subtotal is below this coupon's minimum",
      invalidCouponStatusData: { couponCode: cart.couponCode!, reason: 'MIN_SUBTOTAL_NOT_REACHED' },
    });
  return out;
}

function discounts(
  cart: Readonly<CartRecord>,
  totals: Totals,
  deliveryOff: number,
): WireCartSummary['discounts'] {
  const applied = totals.response.appliedDiscounts as {
    coupon?: { name: string; amount: { amount: string } };
  }[];
  return applied.flatMap(({ coupon }) => {
    if (!coupon || cart.couponCode === undefined) return [];
    const onDelivery = deliveryOff > 0 && cents(coupon.amount.amount) === 0;
    return [
      {
        name: { original: coupon.name, translated: coupon.name },
        source: { sourceType: 'COUPON' as const, couponCode: cart.couponCode },
        scope: onDelivery ? ('DELIVERY' as const) : ('CART_SUBTOTAL' as const),
        total: converted(onDelivery ? deliveryOff : cents(coupon.amount.amount)),
        lineItemDiscounts: [],
      },
    ];
  });
}

/** The summary of a cart, and the totals it was computed from. */
export function summarize(
  ctx: EmulatorContext,
  cart: Readonly<CartRecord>,
  options: SummaryOptions,
): { summary: WireCartSummary; totals: Totals } {
  const totals = computeTotals(ctx, cart, {
    ...(cart.selectedShippingOption ? { selectedShippingOption: cart.selectedShippingOption } : {}),
    ...(cart.contactInfo?.address ? { shippingAddress: cart.contactInfo.address } : {}),
    ...(cart.billingAddress ? { billingAddress: cart.billingAddress } : {}),
    calculateShipping: options.calculateDelivery,
    calculateTax: options.calculateTax,
  });
  const p = totals.priceSummary;
  const shippingCents = cents(p.shipping.amount);
  const discountCents = cents(p.discount.amount);
  const subtotalCents = cents(p.subtotal.amount);
  // V1 counts a delivery discount in `discount`; V2 takes it off the delivery price.
  const deliveryOff = totals.shippingDiscountCents;
  const subtotalOff = discountCents - deliveryOff;
  const tax = cents(p.tax.amount);
  const rate = totals.taxRate;
  const method = totals.selected && deliveryMethodOf(totals.selected.code);
  const summary: WireCartSummary = {
    cartId: cart.id,
    cartRevision: String(cart.revision ?? 1),
    calculationId: randomId(),
    lineItems: totals.lines
      .filter((l) => l.countable > 0)
      .map((l) => ({
        lineItemId: l.wire.id,
        quantity: l.countable,
        unitPrice: converted(l.unitCents),
        totalPrice: converted(l.unitCents * l.countable),
      })),
    discounts: discounts(cart, totals, deliveryOff),
    ...(method ? { deliverySummary: { method, price: converted(shippingCents) } } : {}),
    additionalFees: [],
    taxSummary: {
      taxes:
        tax > 0
          ? [
              {
                name: { original: 'Tax', translated: 'Tax' },
                taxableAmount: converted(Math.round(tax / rate)),
                exemptAmount: converted(0),
                amount: converted(tax),
              },
            ]
          : [],
      totalExempt: converted(0),
      pricesIncludeTax: false,
      lineItemTaxes: totals.lines
        .filter((l) => l.countable > 0)
        .map((l) => ({
          lineItemId: l.wire.id,
          tax: converted(Math.round(l.unitCents * l.countable * rate)),
          rate: String(rate),
        })),
      deliveryTax: converted(Math.round((shippingCents - deliveryOff) * rate)),
      additionalFeeTaxes: [],
    },
    priceSummary: {
      subtotal: converted(subtotalCents),
      discount: converted(subtotalOff),
      delivery: converted(shippingCents - deliveryOff),
      additionalFees: converted(0),
      tax: converted(tax),
      total: converted(totals.totalCents),
    },
    paymentSummary: {
      giftCards: [],
      memberships: [],
      subscriptionCharges: [],
      requiresPaymentAfterGiftCard: totals.totalCents > 0,
      totalAfterGiftCards: converted(totals.totalCents),
      payNow: converted(totals.totalCents),
      payLater: converted(0),
    },
    priceVerificationToken: priceToken(cart, totals.totalCents),
    spiViolations: [],
    violations: violations(cart, totals),
  };
  return { summary, totals };
}

/**
 * Checkouts made from line items (Checkout V1's create, what "Buy now" buttons send): the lines
 * are resolved against the catalog exactly as a cart's are (cart/prepare-add.ts, so Catalog V1
 * and V3 references alike), kept on the checkout, priced as a cart's, and paid on the hosted
 * checkout page through a redirect session `{ecomCheckout: {checkoutId}}`; the current cart is
 * not touched.
 */
import type { EmulatorContext } from '../context.js';
import type { IdentityCaller } from '../http/app-env.js';
import { applicationError, fieldError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import { randomId } from '../crypto/random.js';
import { SEEDED_COUPONS } from '../catalog/seed.js';
import { STORE_CURRENCY } from '../models/catalog.js';
import { money } from '../catalog/money.js';
import type { CheckoutRecord } from '../models/cart.js';
import { buyerInfoOf, ownerKeyOf } from '../cart/owner.js';
import { prepareAdd } from '../cart/prepare-add.js';
import { computeTotals } from '../cart/totals.js';
import { discountsOf } from '../cart/view.js';
import { checkoutCart } from '../orders/place.js';
import type { createCheckoutBody } from './inputs.js';

/** A checkout in the wire shape of Checkout V1. */
function renderCheckout(ctx: EmulatorContext, checkout: CheckoutRecord) {
  const cart = checkoutCart(checkout);
  const totals = computeTotals(ctx, cart, {});
  const discounts = discountsOf(cart, totals.lines);
  const zero = money(0);
  return {
    id: checkout.id,
    lineItems: totals.lines.map((l) => l.wire),
    buyerInfo: { ...checkout.buyerInfo },
    conversionCurrency: STORE_CURRENCY,
    currency: STORE_CURRENCY,
    priceSummary: totals.priceSummary,
    appliedDiscounts: discounts.applied,
    weightUnit: 'KG',
    channelType: checkout.channelType,
    siteLanguage: 'en',
    buyerLanguage: 'en',
    completed: checkout.orderId !== undefined,
    taxIncludedInPrice: false,
    createdDate: checkout.createdDate,
    updatedDate: checkout.createdDate,
    payNow: totals.priceSummary,
    payLater: {
      subtotal: zero,
      shipping: zero,
      tax: zero,
      discount: zero,
      total: zero,
      additionalFees: zero,
    },
    customFields: [],
    additionalFees: [],
    violations: [],
    paymentCurrency: STORE_CURRENCY,
  };
}

/**
 * `POST /ecom/v1/checkouts`: a checkout of the given lines for the caller.
 * @throws {ApiError} 400 naming bad lines, an unknown coupon, or nothing buyable.
 */
export function createCheckout(
  ctx: EmulatorContext,
  caller: IdentityCaller,
  body: Infer<typeof createCheckoutBody>,
) {
  const lines = body.lineItems ?? [];
  const custom = body.customLineItems ?? [];
  if (lines.length + custom.length === 0)
    throw fieldError('lineItems', 'must hold at least one item (or customLineItems)', 'MIN_SIZE');
  if (body.couponCode !== undefined && !Object.hasOwn(SEEDED_COUPONS, body.couponCode))
    throw applicationError(400, 'ERROR_COUPON_DOES_NOT_EXIST', 'No coupon has this code', {
      field: 'couponCode',
    });
  const add = prepareAdd(ctx, lines, custom, 'lineItems');
  return ctx.store.transaction((tx) => {
    const id = randomId();
    const checkout: CheckoutRecord = {
      id,
      cartId: id,
      ownerKey: ownerKeyOf(caller),
      buyerInfo: buyerInfoOf(caller),
      channelType: body.channelType,
      createdDate: ctx.nowIso(),
      lineItems: [],
      ...(body.couponCode !== undefined ? { couponCode: body.couponCode } : {}),
    };
    const holder = checkoutCart(checkout);
    add(holder);
    checkout.lineItems = holder.lineItems;
    const totals = computeTotals(ctx, checkoutCart(checkout), {});
    if (!totals.lines.some((l) => l.countable > 0))
      throw applicationError(
        400,
        'CHECKOUT_HAS_NO_AVAILABLE_ITEMS',
        'None of the items can be bought',
      );
    tx.state.checkouts[id] = checkout;
    return { checkout: renderCheckout(ctx, checkout) };
  });
}

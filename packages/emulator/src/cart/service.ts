/**
 * The current cart's rules and changes (platform-wire.md "Current cart"): one cart per identity,
 * keyed by the caller's visitor or member id, so no identity can read or change another's.
 *
 * Each change is checked in full first, then applied in one store transaction (no `await`
 * halfway), so concurrent requests on one cart apply one after another and lose nothing; the
 * transaction emits `cart_created`, `cart_updated` or `cart_deleted` once the change is on disk.
 */
import type { IdentityCaller } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { toCents } from '../catalog/money.js';
import { SEEDED_COUPONS } from '../catalog/seed.js';
import type { FieldViolation } from '../http/errors.js';
import { applicationError, fieldError, validationError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import { randomId } from '../crypto/random.js';
import { identityOf } from '../webhooks/identity.js';
import type {
  addToCartBody,
  createCheckoutBody,
  estimateBody,
  updateCartBody,
  updateQuantitiesBody,
} from './inputs.js';
import type { CartRecord, CheckoutRecord, WireCart } from '../models/cart.js';
import { removeCart, saveCart } from './commit.js';
import { buyerInfoOf, noCurrentCart, ownerKeyOf } from './owner.js';
import { prepareAdd } from './prepare-add.js';
import { computeTotals } from './totals.js';
import { cartJson, discountsOf, renderLine } from './view.js';

function findCart(ctx: EmulatorContext, caller: IdentityCaller): Readonly<CartRecord> | undefined {
  const key = ownerKeyOf(caller);
  return Object.hasOwn(ctx.store.state.carts, key) ? ctx.store.state.carts[key] : undefined;
}

function requireCart(ctx: EmulatorContext, caller: IdentityCaller): Readonly<CartRecord> {
  const cart = findCart(ctx, caller);
  if (!cart) throw noCurrentCart();
  return cart;
}

function newCart(ctx: EmulatorContext, caller: IdentityCaller): CartRecord {
  const now = ctx.nowIso();
  return {
    id: randomId(),
    ownerKey: ownerKeyOf(caller),
    buyerInfo: buyerInfoOf(caller),
    lineItems: [],
    merchantDiscounts: [],
    createdDate: now,
    updatedDate: now,
  };
}

/**
 * Applies `change` to a copy of the caller's cart (or a new one when `create`), stores it and
 * emits `cart_created` or `cart_updated`.
 * @throws {ApiError} 404 when there is no cart and `create` is not set; whatever `change` throws.
 */
function changeCart(
  ctx: EmulatorContext,
  caller: IdentityCaller,
  change: (cart: CartRecord) => void,
  create = false,
): Promise<{ cart: WireCart }> {
  return ctx.store.transaction((tx) => {
    const existing = findCart(ctx, caller);
    if (!existing && !create) throw noCurrentCart();
    const cart: CartRecord = existing
      ? {
          ...existing,
          lineItems: [...existing.lineItems],
          merchantDiscounts: [...existing.merchantDiscounts],
        }
      : newCart(ctx, caller);
    change(cart);
    cart.updatedDate = ctx.nowIso();
    const saved = saveCart(ctx, tx, cart, { existing, current: true, who: identityOf(caller) });
    return { cart: saved.v1() };
  });
}

/** The caller's cart as the wire's JSON text. @throws {ApiError} 404 when there is none. */
export function readCart(ctx: EmulatorContext, caller: IdentityCaller): string {
  return cartJson(ctx, requireCart(ctx, caller));
}

/** `add-to-cart`: adds catalog and custom lines, creating the cart on first use. */
export function addToCart(
  ctx: EmulatorContext,
  caller: IdentityCaller,
  body: Infer<typeof addToCartBody>,
): Promise<{ cart: WireCart }> {
  if ((body.lineItems?.length ?? 0) + (body.customLineItems?.length ?? 0) === 0) {
    throw fieldError('lineItems', 'must hold at least one item (or customLineItems)', 'MIN_SIZE');
  }
  const add = prepareAdd(ctx, body.lineItems ?? [], body.customLineItems ?? [], 'lineItems');
  return changeCart(ctx, caller, add, true);
}

/** The merchant discounts of an update, checked. */
function merchantDiscounts(body: Infer<typeof updateCartBody>) {
  return body.merchantDiscounts?.map((d, i) => {
    if ((d.amount === undefined) === (d.percentage === undefined)) {
      throw fieldError(
        `merchantDiscounts[${i}]`,
        'must have exactly one of amount and percentage',
        'ONE_OF_ALIGNMENT',
      );
    }
    return {
      ...(d.amount !== undefined ? { amountCents: toCents(d.amount) } : {}),
      ...(d.percentage !== undefined ? { percentage: d.percentage } : {}),
      lineItemIds: d.lineItemIds ?? [],
    };
  });
}

/** Applies a coupon to a cart, if its subtotal reaches the coupon's minimum. */
function applyCoupon(ctx: EmulatorContext, cart: CartRecord, code: string): void {
  const coupon = SEEDED_COUPONS[code as keyof typeof SEEDED_COUPONS];
  const lines = cart.lineItems.map((l) => renderLine(ctx, l));
  if (discountsOf(cart, lines).subtotalCents < coupon.minimumCents) {
    throw applicationError(
      400,
      'ERROR_COUPON_MINIMUM_SUBTOTAL',
      "The cart subtotal is below this coupon's minimum",
      { field: 'couponCode' },
    );
  }
  if (cart.couponCode !== code) cart.couponId = randomId();
  cart.couponCode = code;
}

/** `PATCH …/current`: cart info (within `cartFieldmask`), a coupon, discounts, more lines. */
export function updateCart(
  ctx: EmulatorContext,
  caller: IdentityCaller,
  body: Infer<typeof updateCartBody>,
): Promise<{ cart: WireCart }> {
  const add = body.lineItems ? prepareAdd(ctx, body.lineItems, [], 'lineItems') : undefined;
  const mask = body.cartFieldmask
    ?.split(',')
    .map((p) => p.trim().replace(/^cartInfo\./, ''))
    .filter(Boolean);
  const wants = (field: string) => !mask || mask.includes(field);
  if (body.couponCode !== undefined && !Object.hasOwn(SEEDED_COUPONS, body.couponCode)) {
    throw applicationError(400, 'ERROR_COUPON_DOES_NOT_EXIST', 'No coupon has this code', {
      field: 'couponCode',
    });
  }
  const discounts = merchantDiscounts(body);
  const info = body.cartInfo;
  const change = (cart: CartRecord) => {
    if (info?.buyerNote !== undefined && wants('buyerNote')) cart.buyerNote = info.buyerNote;
    if (info?.buyerLanguage !== undefined && wants('buyerLanguage'))
      cart.buyerLanguage = info.buyerLanguage;
    if (info?.contactInfo !== undefined && wants('contactInfo'))
      cart.contactInfo = structuredClone(info.contactInfo);
    if (info?.selectedShippingOption !== undefined && wants('selectedShippingOption'))
      cart.selectedShippingOption = { ...info.selectedShippingOption };
    if (body.couponCode !== undefined) applyCoupon(ctx, cart, body.couponCode);
    if (discounts) cart.merchantDiscounts = discounts;
    add?.(cart);
  };
  return changeCart(ctx, caller, change, add !== undefined);
}

/** `remove-line-items`: ids the cart does not have are ignored. */
export function removeLineItems(
  ctx: EmulatorContext,
  caller: IdentityCaller,
  lineItemIds: readonly string[],
): Promise<{ cart: WireCart }> {
  const remove = new Set(lineItemIds);
  return changeCart(ctx, caller, (cart) => {
    cart.lineItems = cart.lineItems.filter((l) => !remove.has(l.id));
  });
}

/** `update-line-items-quantity`. @throws {ApiError} 400 naming each line the cart does not have. */
export function updateQuantities(
  ctx: EmulatorContext,
  caller: IdentityCaller,
  lineItems: Infer<typeof updateQuantitiesBody>['lineItems'],
): Promise<{ cart: WireCart }> {
  return changeCart(ctx, caller, (cart) => {
    const v: FieldViolation[] = [];
    lineItems.forEach((item, i) => {
      if (!cart.lineItems.some((l) => l.id === item.id))
        v.push({
          field: `lineItems[${i}].id`,
          description: 'is not a line of this cart',
          violatedRule: 'VALIDATION',
        });
    });
    if (v.length > 0) throw validationError(v);
    const wanted = new Map(lineItems.map((l) => [l.id, l.quantity]));
    cart.lineItems = cart.lineItems.map((l) =>
      wanted.has(l.id) ? { ...l, quantity: wanted.get(l.id)! } : l,
    );
  });
}

/** `remove-coupon`. */
export function removeCoupon(
  ctx: EmulatorContext,
  caller: IdentityCaller,
): Promise<{ cart: WireCart }> {
  return changeCart(ctx, caller, (cart) => {
    delete cart.couponCode;
    delete cart.couponId;
  });
}

/** `estimate-totals`: shipping, tax and the price summary; changes nothing. */
export function estimateTotals(
  ctx: EmulatorContext,
  caller: IdentityCaller,
  body: Infer<typeof estimateBody>,
): Record<string, unknown> {
  return computeTotals(ctx, requireCart(ctx, caller), body).response;
}

/**
 * `create-checkout`: records a checkout of the cart as it is and links the cart to it.
 * @throws {ApiError} 400 when nothing in the cart can be bought or the shipping option is unknown.
 */
export function createCheckout(
  ctx: EmulatorContext,
  caller: IdentityCaller,
  body: Infer<typeof createCheckoutBody>,
): Promise<{ checkoutId: string }> {
  return ctx.store.transaction((tx) => {
    const cart = requireCart(ctx, caller);
    if (!cart.lineItems.some((l) => renderLine(ctx, l).countable > 0)) {
      throw applicationError(
        400,
        'CART_HAS_NO_AVAILABLE_ITEMS',
        'The cart has no items that can be bought',
      );
    }
    // Checks the shipping option before anything is stored.
    computeTotals(ctx, cart, body);
    const checkout: CheckoutRecord = {
      id: randomId(),
      cartId: cart.id,
      ownerKey: cart.ownerKey,
      buyerInfo: { ...cart.buyerInfo },
      channelType: body.channelType ?? 'WEB',
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.shippingAddress ? { shippingAddress: body.shippingAddress } : {}),
      ...(body.billingAddress ? { billingAddress: body.billingAddress } : {}),
      ...(body.selectedShippingOption
        ? { selectedShippingOption: body.selectedShippingOption }
        : {}),
      createdDate: ctx.nowIso(),
    };
    tx.state.checkouts[checkout.id] = checkout;
    tx.state.carts[cart.ownerKey] = { ...cart, checkoutId: checkout.id, updatedDate: ctx.nowIso() };
    return { checkoutId: checkout.id };
  });
}

/** `DELETE …/current`: deletes the caller's cart and emits `cart_deleted`. */
export function deleteCart(ctx: EmulatorContext, caller: IdentityCaller): Promise<void> {
  return ctx.store.transaction((tx) => {
    removeCart(ctx, tx, requireCart(ctx, caller), true, identityOf(caller));
  });
}

/**
 * Cart V2's changes, by current cart or by id (target.ts), each checked in full and applied in
 * one store transaction. The rules are the V1 cart's (stock, coupons and their minimums, delivery
 * options): the two APIs change one cart. Refusals carry the application error codes the
 * official client's typings list for each call.
 */
import type { EmulatorContext } from '../context.js';
import type { Caller } from '../http/app-env.js';
import { SEEDED_COUPONS } from '../catalog/seed.js';
import { randomId } from '../crypto/random.js';
import { buyerInfoOf, ownerKeyOf } from '../cart/owner.js';
import { removeCart, saveCart } from '../cart/commit.js';
import { renderCartV2 } from '../cart/v2-view.js';
import { discountsOf, renderLine } from '../cart/view.js';
import { SHIPPING } from '../cart/totals.js';
import { applicationError, fieldError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import type { Address, CartRecord } from '../models/cart.js';
import type { WireCartV2 } from '../models/cart-v2.js';
import { identityOf } from '../webhooks/identity.js';
import type { cartInput, createBody, updateLineItemsBody, v2Address } from './inputs.js';
import { prepareItems } from './lines.js';
import type { CartTarget } from './target.js';
import { changeCart, commit, editable, find, locate, locateOpen } from './target.js';

type CartInput = Infer<typeof cartInput>;
type Answer = Promise<{ cart: WireCartV2 }>;

function address(input: Infer<typeof v2Address>): Address {
  const { countryFullname: _country, subdivisionFullname: _subdivision, ...rest } = input;
  return structuredClone<Address>(rest);
}

/** Sets what a shopper may set of a cart: note, contact, addresses, custom checkout URL. */
function applyCartInput(cart: CartRecord, input: CartInput | undefined): void {
  if (!input) return;
  if (input.note !== undefined) cart.buyerNote = input.note;
  const customer = input.customerInfo;
  if (customer) {
    const { firstName, lastName, phone, company } = customer;
    const details = { firstName, lastName, phone, company };
    const given = Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined));
    if (Object.keys(given).length > 0)
      cart.contactInfo = {
        ...cart.contactInfo,
        contactDetails: { ...cart.contactInfo?.contactDetails, ...given },
      };
    if (customer.email !== undefined) cart.email = customer.email;
    if (customer.languageCode !== undefined) cart.buyerLanguage = customer.languageCode;
  }
  const delivery = input.deliveryInfo?.address;
  if (delivery) cart.contactInfo = { ...cart.contactInfo, address: address(delivery) };
  const billing = input.paymentInfo?.billingAddress;
  if (billing) cart.billingAddress = address(billing);
  if (input.paymentInfo?.billingContact)
    cart.billingContact = { ...input.paymentInfo.billingContact };
  if (input.customCheckoutUrl !== undefined) cart.customCheckoutUrl = input.customCheckoutUrl;
}

/** A coupon applied to a cart. @throws {ApiError} with the typings' coupon codes. */
function applyCoupon(ctx: EmulatorContext, cart: CartRecord, code: string): void {
  if (!Object.hasOwn(SEEDED_COUPONS, code))
    throw applicationError(400, 'INVALID_COUPON_CODE', 'No coupon has this code', {
      couponCode: code,
    });
  if (cart.couponCode === code)
    throw applicationError(428, 'COUPON_ALREADY_EXISTS', 'The cart has this coupon already', {
      couponCode: code,
    });
  if (cart.couponCode !== undefined)
    throw applicationError(
      428,
      'MAX_COUPONS_PER_CART_EXCEEDED',
      'A cart takes one coupon: remove the one it has first',
    );
  const coupon = SEEDED_COUPONS[code as keyof typeof SEEDED_COUPONS];
  const lines = cart.lineItems.map((l) => renderLine(ctx, l));
  if (discountsOf(cart, lines).subtotalCents < coupon.minimumCents)
    throw applicationError(
      400,
      'INVALID_COUPON_STATUS',
      "The cart subtotal is below this coupon's minimum",
      {
        couponCode: code,
        reason: 'MIN_SUBTOTAL_NOT_REACHED',
        minSubtotalNotReachedDetails: {
          requiredMinimumSubtotal: String(coupon.minimumCents / 100),
        },
      },
    );
  cart.couponCode = code;
  cart.couponId = randomId();
}

/** A delivery method set on a cart. @throws {ApiError} `DELIVERY_METHOD_NOT_FOUND` (400), `…_MISSING_LINE_ITEMS` (428). */
function applyDeliveryMethod(ctx: EmulatorContext, cart: CartRecord, code: string): void {
  if (!SHIPPING.some((rule) => rule.code === code))
    throw applicationError(
      400,
      'DELIVERY_METHOD_NOT_FOUND',
      `No delivery method has this code (${SHIPPING.map((r) => r.code).join(', ')})`,
      {
        deliveryMethodCode: code,
      },
    );
  if (!cart.lineItems.some((l) => renderLine(ctx, l).shippable))
    throw applicationError(
      428,
      'DELIVERY_METHOD_MISSING_LINE_ITEMS',
      'Nothing in the cart is delivered',
    );
  cart.selectedShippingOption = { code };
}

/** The emulator has no gift cards: every code is unknown, as the typings' `INVALID_GIFT_CARD_CODE` says. */
function unknownGiftCard(code: string) {
  return applicationError(400, 'INVALID_GIFT_CARD_CODE', 'No gift card has this code', {
    giftCardCode: `${'*'.repeat(Math.max(0, code.length - 4))}${code.slice(-4)}`,
  });
}

function newCart(ctx: EmulatorContext, caller: Caller): CartRecord {
  const now = ctx.nowIso();
  // A cart the API key makes belongs to a visitor of its own, reached by id only.
  const owner = caller.role === 'app' ? { visitorId: randomId() } : buyerInfoOf(caller);
  return {
    id: randomId(),
    ownerKey:
      caller.role === 'app'
        ? `visitor:${(owner as { visitorId: string }).visitorId}`
        : ownerKeyOf(caller),
    buyerInfo: owner,
    lineItems: [],
    merchantDiscounts: [],
    createdDate: now,
    updatedDate: now,
  };
}

/**
 * `POST …/current` (the caller's new current cart; one it had stays reachable by id) or
 * `POST /ecom/v2/carts` (a cart by id, nobody's current cart).
 */
export function createCart(
  ctx: EmulatorContext,
  target: CartTarget,
  body: Infer<typeof createBody>,
): Answer {
  const catalog = body.catalogItems ?? [];
  const custom = body.customItems ?? [];
  const add = catalog.length + custom.length > 0 ? prepareItems(ctx, catalog, custom) : undefined;
  const gift = body.giftCards?.[0];
  if (gift) throw unknownGiftCard(gift.code);
  return ctx.store.transaction((tx) => {
    const cart = newCart(ctx, target.caller);
    applyCartInput(cart, body.cart);
    add?.(cart);
    for (const coupon of body.coupons ?? []) applyCoupon(ctx, cart, coupon.code);
    if (body.deliveryMethod) applyDeliveryMethod(ctx, cart, body.deliveryMethod.code);
    if (target.kind === 'current') {
      // The cart it replaces stays, by id.
      const previous = find(ctx, target);
      if (previous)
        saveCart(ctx, tx, editable(previous.cart), {
          existing: previous.cart,
          current: false,
          wasCurrent: true,
          who: identityOf(target.caller),
        });
    }
    return commit(ctx, tx, target, cart, undefined);
  });
}

/** `GET`: the cart as Cart V2. */
export function getCart(ctx: EmulatorContext, target: CartTarget): { cart: WireCartV2 } {
  const { cart, current } = locate(ctx, target);
  return { cart: renderCartV2(ctx, cart, current) };
}

/** `PATCH`: the fields a shopper may set. @throws {ApiError} 400 when `cart.id` names another cart. */
export function updateCart(ctx: EmulatorContext, target: CartTarget, input: CartInput): Answer {
  return changeCart(ctx, target, (cart) => {
    if (input.id !== undefined && input.id !== cart.id)
      throw fieldError('cart.id', 'must be the id of the cart this call changes', 'VALIDATION');
    applyCartInput(cart, input);
  });
}

/** `DELETE`. */
export function deleteCart(ctx: EmulatorContext, target: CartTarget): Promise<void> {
  return ctx.store.transaction((tx) => {
    const { cart, current } = locate(ctx, target);
    removeCart(ctx, tx, cart, current, identityOf(target.caller));
  });
}

/** `add-line-items`: creates the current cart on first use, as V1's add does. */
export function addLineItems(
  ctx: EmulatorContext,
  target: CartTarget,
  catalog: Parameters<typeof prepareItems>[1],
  custom: Parameters<typeof prepareItems>[2],
): Answer {
  const add = prepareItems(ctx, catalog, custom);
  if (target.kind === 'current' && !find(ctx, target))
    return ctx.store.transaction((tx) => {
      const cart = newCart(ctx, target.caller);
      add(cart);
      return commit(ctx, tx, target, cart, undefined);
    });
  return changeCart(ctx, target, add);
}

function lineNotFound(id: string) {
  return applicationError(404, 'LINE_ITEM_NOT_FOUND_IN_CART', 'The cart has no line with this id', {
    lineItemId: id,
  });
}

/** `update-line-items`: new quantities (1 to 100000; remove a line with `remove-line-items`). */
export function updateLineItems(
  ctx: EmulatorContext,
  target: CartTarget,
  updates: Infer<typeof updateLineItemsBody>['lineItems'],
): Answer {
  const ids = updates.map((u) => u.lineItemId);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length > 0)
    throw applicationError(
      400,
      'DUPLICATE_LINE_ITEM_UPDATES',
      'Each line may be updated once a call',
      { duplicateLineItemIds: [...new Set(twice)] },
    );
  const empty = updates.filter((u) => !u.quantity && !u.membershipPayment && !u.selectedMembership);
  if (empty.length > 0)
    throw applicationError(400, 'EMPTY_LINE_ITEM_UPDATES', 'An update names nothing to change', {
      lineItemIds: empty.map((u) => u.lineItemId),
    });
  return changeCart(ctx, target, (cart) => {
    const missing = ids.find((id) => !cart.lineItems.some((l) => l.id === id));
    if (missing !== undefined) throw lineNotFound(missing);
    const wanted = new Map(updates.map((u) => [u.lineItemId, u.quantity?.newQuantity]));
    cart.lineItems = cart.lineItems.map((l) => {
      const quantity = wanted.get(l.id);
      return quantity === undefined ? l : { ...l, quantity };
    });
  });
}

/** `remove-line-items`. @throws {ApiError} 404 `LINE_ITEM_NOT_FOUND_IN_CART` for an id it does not have. */
export function removeLineItems(
  ctx: EmulatorContext,
  target: CartTarget,
  lineItemIds: readonly string[],
): Answer {
  return changeCart(ctx, target, (cart) => {
    const missing = lineItemIds.find((id) => !cart.lineItems.some((l) => l.id === id));
    if (missing !== undefined) throw lineNotFound(missing);
    const remove = new Set(lineItemIds);
    cart.lineItems = cart.lineItems.filter((l) => !remove.has(l.id));
  });
}

export function addCoupon(ctx: EmulatorContext, target: CartTarget, code: string): Answer {
  return changeCart(ctx, target, (cart) => applyCoupon(ctx, cart, code));
}

/** `remove-coupon`. @throws {ApiError} 404 `COUPON_NOT_FOUND_IN_CART`. */
export function removeCoupon(ctx: EmulatorContext, target: CartTarget, couponId: string): Answer {
  return changeCart(ctx, target, (cart) => {
    if (cart.couponCode === undefined || (cart.couponId ?? cart.id) !== couponId)
      throw applicationError(
        404,
        'COUPON_NOT_FOUND_IN_CART',
        'The cart has no coupon with this id',
        { couponId },
      );
    delete cart.couponCode;
    delete cart.couponId;
  });
}

export function setDeliveryMethod(ctx: EmulatorContext, target: CartTarget, code: string): Answer {
  return changeCart(ctx, target, (cart) => applyDeliveryMethod(ctx, cart, code));
}

export function removeDeliveryMethod(ctx: EmulatorContext, target: CartTarget): Answer {
  return changeCart(ctx, target, (cart) => {
    delete cart.selectedShippingOption;
  });
}

/** `add-gift-card`: the emulator has none, so every code is refused (after the cart's own checks). */
export function addGiftCard(ctx: EmulatorContext, target: CartTarget, code: string): never {
  locateOpen(ctx, target);
  throw unknownGiftCard(code);
}

/** `remove-gift-card`: a cart never holds one. */
export function removeGiftCard(
  ctx: EmulatorContext,
  target: CartTarget,
  giftCardId: string,
): never {
  locateOpen(ctx, target);
  throw applicationError(
    404,
    'GIFT_CARD_NOT_FOUND_IN_CART',
    'The cart has no gift card with this id',
    { giftCardId },
  );
}

export function updateFormSubmissions(
  ctx: EmulatorContext,
  target: CartTarget,
  submissions: readonly { id: string; formSubmissionId: string }[],
): Answer {
  return changeCart(ctx, target, (cart) => {
    cart.formSubmissions = submissions.map((s) => ({ ...s }));
  });
}

/** `upsell-options`: the emulator offers none. */
export function upsellOptions(ctx: EmulatorContext, target: CartTarget): { itemsUpsells: never[] } {
  locate(ctx, target);
  return { itemsUpsells: [] };
}

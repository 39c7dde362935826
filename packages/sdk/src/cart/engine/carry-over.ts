/**
 * Carrying a visitor's cart into the member's at sign-in: the visitor's catalog lines are added
 * to the member's cart (the platform adds to the quantity of lines it already has), then the
 * visitor's coupon when the member's cart has none; the outcome says what was kept, merged, or
 * could not be carried, and why.
 */
import { isStoreApiError } from '../../http/errors/type-guards.js';
import type { Cart, LineItem, LineItemInput } from '../../models/cart.js';
import { addToCart, updateCart } from '../cart-operations.js';
import { couponCodeOf } from '../cart-state.js';
import type { CartCalls, CartCarryOver, CarryOverCoupon, CarryOverFailure } from '../types.js';
import { CartOperationCancelledError } from '../cart-operation-cancelled-error.js';

/** What a carry-over ends with: the member's cart, and the outcome. */
export interface CarryOverResult {
  cart: Cart | null;
  outcome: CartCarryOver;
}

/** What the visitor had: its lines, and its coupon's code when it had one. */
export interface VisitorCart {
  lineItems: readonly LineItem[];
  couponCode: string | undefined;
}

/** Where the visitor's cart comes from: known already, or read with the visitor's token. */
export type VisitorCartSource = VisitorCart | (() => Promise<VisitorCart>);

/** What a cart carries over: its lines and its coupon (an absent cart carries nothing). */
export function visitorCartOf(cart: Cart | null): VisitorCart {
  return { lineItems: cart?.lineItems ?? [], couponCode: couponCodeOf(cart) };
}

/**
 * Adds the visitor's lines to the member's cart. All lines go in one call; when the platform
 * refuses that call, each line is tried on its own so one unavailable item does not keep the
 * others out. Then the visitor's coupon goes on the member's cart, unless that cart has a
 * coupon of its own, which is kept. It never throws: failures are in the outcome.
 */
export async function carryOverCart(
  calls: CartCalls,
  visitorCart: VisitorCartSource,
  readMemberCart: () => Promise<Cart | null>,
): Promise<CarryOverResult> {
  let visitor: VisitorCart;
  try {
    visitor = typeof visitorCart === 'function' ? await visitorCart() : visitorCart;
  } catch (error) {
    const cart = await readMemberCart();
    return { cart, outcome: { status: 'failed', carried: [], failed: [], error: asError(error) } };
  }

  const lines = visitor.lineItems;
  const carryable = lines.filter(
    (line) => line.catalogReference !== undefined && line.quantity > 0,
  );
  const failed: CarryOverFailure[] = lines
    .filter((line) => line.catalogReference === undefined)
    .map((lineItem) => ({
      lineItem,
      error: new CartOperationCancelledError('a custom line cannot be carried into another cart'),
    }));
  const carried: LineItem[] = [];
  let cart: Cart | null | undefined;

  if (carryable.length > 0) {
    try {
      cart = await addToCart(calls, { lineItems: carryable.map(toInput) });
      carried.push(...carryable);
    } catch (error) {
      if (isRefusal(error)) {
        for (const line of carryable) {
          try {
            cart = await addToCart(calls, { lineItems: [toInput(line)] });
            carried.push(line);
          } catch (lineError) {
            failed.push({ lineItem: line, error: asError(lineError) });
          }
        }
      } else {
        // A network error or 5xx: the call may or may not have landed, so trying each line again
        // could add them twice. Report them; the member's cart below shows what is there.
        for (const line of carryable) failed.push({ lineItem: line, error: asError(error) });
      }
    }
  }
  cart ??= await readMemberCart();

  let status: CartCarryOver['status'];
  if (carryable.length === 0 && failed.length === 0) status = 'kept';
  else if (failed.length === 0) status = 'merged';
  else status = carried.length === 0 ? 'failed' : 'partial';
  if (visitor.couponCode === undefined) return { cart, outcome: { status, carried, failed } };
  const coupon = await carryCoupon(calls, visitor.couponCode, cart);
  return {
    cart: coupon.cart,
    outcome: { status, carried, failed, coupon: coupon.outcome },
  };
}

/**
 * Puts the visitor's coupon on the member's cart, unless that cart has one already (the
 * member's is kept: a cart holds one coupon) or there is no member's cart to put it on.
 */
async function carryCoupon(
  calls: CartCalls,
  code: string,
  cart: Cart | null,
): Promise<{ cart: Cart | null; outcome: CarryOverCoupon }> {
  const memberCode = couponCodeOf(cart);
  if (memberCode !== undefined) {
    return { cart, outcome: { code, status: 'kept', memberCode } };
  }
  if (cart === null) {
    const error = new CartOperationCancelledError('the member has no cart to apply the coupon to');
    return { cart, outcome: { code, status: 'failed', error } };
  }
  try {
    return {
      cart: await updateCart(calls, { couponCode: code }),
      outcome: { code, status: 'carried' },
    };
  } catch (error) {
    // Refused (a minimum the member's cart does not reach, a code for new customers only…)
    // or unanswered: the member's cart stays as it is, and the reason is in the outcome.
    return { cart, outcome: { code, status: 'failed', error: asError(error) } };
  }
}

function toInput(line: LineItem): LineItemInput {
  return { catalogReference: line.catalogReference!, quantity: line.quantity };
}

// The platform refused the call itself (4xx): the lines can safely be tried one by one.
function isRefusal(error: unknown): boolean {
  return (
    isStoreApiError(error) &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500
  );
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The cart store's snapshot before anything is loaded, and what a snapshot derives from a cart
 * (its coupon, its unit count). The types are in types.ts.
 */
import type { Cart } from '../models/cart.js';
import type { CartLineState, CartState } from './types.js';

/** The state before anything is loaded. */
export const INITIAL_CART_STATE: CartState = /* @__PURE__ */ Object.freeze({
  cart: null,
  confirmedCart: null,
  status: 'idle',
  error: undefined,
  pending: false,
  lines: /* @__PURE__ */ Object.freeze({}),
  coupon: /* @__PURE__ */ Object.freeze({ code: undefined, pending: false, error: undefined }),
  failures: /* @__PURE__ */ Object.freeze([]),
  carryOver: undefined,
  itemCount: 0,
  estimate: undefined,
});

/** The coupon code the cart shows, if any. */
export function couponCodeOf(cart: Cart | null): string | undefined {
  return cart?.appliedDiscounts?.find((discount) => discount.coupon?.code)?.coupon?.code;
}

/** Total units in the cart. */
export function itemCountOf(cart: Cart | null): number {
  return cart?.lineItems.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
}

/**
 * The cart state of a page rendered on a server with `snapshot.cart` (`readStoreSnapshot`): the
 * cart and nothing else, loaded. What `cartStore.hydrate(cart)` shows before the cart engine has
 * loaded, and what a hook renders while hydrating that page, whatever the browser's client has
 * learned since.
 *
 * @example const serverCart = snapshotCartState(snapshot.cart);
 */
export function snapshotCartState(cart: Cart | null): CartState {
  const lines: Record<string, CartLineState> = {};
  for (const line of cart?.lineItems ?? []) lines[line.id] = { pending: false, error: undefined };
  return {
    ...INITIAL_CART_STATE,
    cart,
    confirmedCart: cart,
    status: 'ready',
    lines,
    coupon: { code: couponCodeOf(cart), pending: false, error: undefined },
    itemCount: itemCountOf(cart),
  };
}

/** The state of `store.cartStore`: immutable snapshots a UI renders from. */
import type { Cart, EstimateTotalsResponse, LineItem, LineItemInput } from '../models/cart.js';

/** Where loading the cart stands. */
export type CartStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The changes and reads the cart store runs, as named in {@link CartFailure}: the names of the
 * cart store's (and `store.cart`'s) calls, and the carry-over at sign-in.
 */
export type CartOperation =
  | 'load'
  | 'addItems'
  | 'updateQuantities'
  | 'removeItems'
  | 'update'
  | 'removeCoupon'
  | 'estimateTotals'
  | 'createCheckout'
  | 'delete'
  | 'carryOver';

/** One line's own state. */
export interface CartLineState {
  /** A change to this line is queued or on its way. */
  readonly pending: boolean;
  /**
   * Why the last change to this line was refused (a `StoreApiError`, or a
   * `CartOperationCancelledError`); the line shows its confirmed state again. Cleared by the
   * next change to the line, or by `clearErrors`.
   */
  readonly error: Error | undefined;
}

/** The coupon's own state. */
export interface CartCouponState {
  /** The code the cart shows (optimistically while pending). */
  readonly code: string | undefined;
  /** Applying or removing a coupon is queued or on its way. */
  readonly pending: boolean;
  /** Why the last coupon change was refused (for example an unknown code). */
  readonly error: Error | undefined;
}

/** A change the platform refused. The state already shows the cart without it. */
export interface CartFailure {
  readonly operation: CartOperation;
  /** The lines it was about (ids as shown when it was made). */
  readonly lineItemIds: readonly string[];
  /** For `addItems`: the items that were not added. */
  readonly lineItems?: readonly LineItemInput[];
  readonly error: Error;
}

/** A line of the visitor's cart that could not be carried into the member's. */
export interface CarryOverFailure {
  /** The visitor's line. */
  readonly lineItem: LineItem;
  readonly error: Error;
}

/**
 * What became of the visitor's coupon at sign-in:
 * - `carried`: it is on the member's cart now;
 * - `kept`: the member's cart had a coupon of its own (`memberCode`), which it keeps (a cart
 *   holds one coupon);
 * - `failed`: it could not be applied; `error` says why (the platform's refusal, for example a
 *   minimum subtotal the member's cart does not reach, or that the member has no cart).
 */
export interface CarryOverCoupon {
  /** The visitor's coupon code. */
  readonly code: string;
  readonly status: 'carried' | 'kept' | 'failed';
  /** With `kept`: the member's own coupon code. */
  readonly memberCode?: string;
  /** With `failed`: why. */
  readonly error?: Error;
}

/**
 * What happened to the visitor's cart at sign-in:
 * - `pending`: being carried;
 * - `kept`: the visitor had nothing to carry; the member's cart is shown as it was;
 * - `merged`: every visitor line was added to the member's cart;
 * - `partial`: some lines were added, those in `failed` were not;
 * - `failed`: nothing could be carried (see `failed`, or `error` when the visitor's cart could
 *   not even be read).
 */
export interface CartCarryOver {
  readonly status: 'pending' | 'kept' | 'merged' | 'partial' | 'failed';
  /** The visitor's lines added to the member's cart. */
  readonly carried: readonly LineItem[];
  readonly failed: readonly CarryOverFailure[];
  /** Why the visitor's cart could not be read, when it could not. */
  readonly error?: Error;
  /**
   * The visitor's coupon, when the visitor had one (`status` is about the lines only):
   * carried into the member's cart, or why it was not.
   */
  readonly coupon?: CarryOverCoupon;
}

/**
 * A snapshot of the cart store. A new object whenever something changed, so it can feed
 * React's `useSyncExternalStore` (or any other subscription) as is.
 */
export interface CartState {
  /**
   * The cart to show: the platform's last answer with the changes still on their way applied on
   * top. `null` when the shopper has no cart (or it is not loaded).
   */
  readonly cart: Cart | null;
  /** The platform's last answer, without pending changes. */
  readonly confirmedCart: Cart | null;
  /** `idle` until first loaded or changed; `error` when the last load failed. */
  readonly status: CartStatus;
  /** Why the last load failed. */
  readonly error: Error | undefined;
  /** Some change or read is queued or on its way. */
  readonly pending: boolean;
  /** State of each line shown, by line id (a refused new line is reported in `failures`). */
  readonly lines: Readonly<Record<string, CartLineState>>;
  readonly coupon: CartCouponState;
  /** Refused changes, oldest first (the last 20). */
  readonly failures: readonly CartFailure[];
  /** The outcome of carrying a visitor's cart into the member's at the last sign-in. */
  readonly carryOver: CartCarryOver | undefined;
  /** Units in the cart shown (the sum of quantities). */
  readonly itemCount: number;
  /** The last estimate, until the cart changes. */
  readonly estimate: EstimateTotalsResponse | undefined;
}

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
 * The state of a cart read elsewhere (on the server that rendered the page) and nothing else:
 * what `hydrate` shows before the cart engine has loaded.
 */
export function hydratedState(cart: Cart | null): CartState {
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

/**
 * Which cart a Cart V2 call is about: the caller's current cart (`/ecom/v2/carts/current…`), or
 * a cart by id (`/ecom/v2/carts/{cartId}…`), which a visitor or member reaches only when it is
 * theirs and the API key reaches whoever's it is. And the one way a V2 call changes a cart: in a
 * transaction, after every check, through cart/commit.ts (revision and events).
 */
import type { Caller } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { saveCart } from '../cart/commit.js';
import { noCurrentCart, ownerKeyOf } from '../cart/owner.js';
import { cartById, currentCartOf } from '../cart/records.js';
import { applicationError } from '../http/errors.js';
import type { CartRecord } from '../models/cart.js';
import type { WireCartV2 } from '../models/cart-v2.js';
import type { Transaction } from '../models/state.js';
import { identityOf } from '../webhooks/identity.js';

/** The cart a call names. */
export type CartTarget =
  { kind: 'current'; caller: Caller } | { kind: 'id'; caller: Caller; cartId: string };

/** A cart found for a call, and whether it is its owner's current cart. */
export interface Located {
  cart: Readonly<CartRecord>;
  current: boolean;
}

function noSuchCart() {
  return applicationError(404, 'NOT_FOUND', 'No cart of this identity has this id');
}

/** 428 `CART_ALREADY_ORDERED`, with the typings' `{cartId, orderId}` data. */
export function alreadyOrdered(cart: Readonly<CartRecord>) {
  return applicationError(
    428,
    'CART_ALREADY_ORDERED',
    'An order was already placed for this cart',
    {
      cartId: cart.id,
      orderId: cart.orderId,
    },
  );
}

/** The owner key of a visitor's or member's carts; the API key owns none. */
export function ownerOf(caller: Caller): string | undefined {
  return caller.role === 'app' ? undefined : ownerKeyOf(caller);
}

/** The cart a call names, if there is one the caller may reach. */
export function find(ctx: EmulatorContext, target: CartTarget): Located | undefined {
  const owner = ownerOf(target.caller);
  if (target.kind === 'current') {
    const cart = owner === undefined ? undefined : currentCartOf(ctx.store.state, owner);
    return cart ? { cart, current: true } : undefined;
  }
  const found = cartById(ctx, target.cartId);
  if (!found || (owner !== undefined && found.cart.ownerKey !== owner)) return undefined;
  return found;
}

/**
 * The cart a call names.
 * @throws {ApiError} 404 (`OWNED_CART_NOT_FOUND` for the current cart, `NOT_FOUND` by id: another
 *   identity's cart is not told apart from none).
 */
export function locate(ctx: EmulatorContext, target: CartTarget): Located {
  const found = find(ctx, target);
  if (!found) throw target.kind === 'current' ? noCurrentCart() : noSuchCart();
  return found;
}

/** The cart a call may still change. @throws {ApiError} 404, or 428 once it is ordered. */
export function locateOpen(ctx: EmulatorContext, target: CartTarget): Located {
  const found = locate(ctx, target);
  if (found.cart.orderId !== undefined) throw alreadyOrdered(found.cart);
  return found;
}

/** A copy of a cart to change. */
export function editable(cart: Readonly<CartRecord>): CartRecord {
  return {
    ...cart,
    lineItems: [...cart.lineItems],
    merchantDiscounts: [...cart.merchantDiscounts],
  };
}

/** Stores a changed cart in `tx` and answers it as Cart V2. */
export function commit(
  ctx: EmulatorContext,
  tx: Transaction,
  target: CartTarget,
  next: CartRecord,
  existing: Located | undefined,
): { cart: WireCartV2 } {
  next.updatedDate = ctx.nowIso();
  const saved = saveCart(ctx, tx, next, {
    existing: existing?.cart,
    current: existing?.current ?? target.kind === 'current',
    who: identityOf(target.caller),
  });
  return { cart: saved.v2() };
}

/**
 * Applies `change` to a copy of the open cart a call names, in one transaction.
 * @throws {ApiError} 404, 428 (ordered), or what `change` throws (then nothing is stored).
 */
export function changeCart(
  ctx: EmulatorContext,
  target: CartTarget,
  change: (cart: CartRecord, located: Located) => void,
): Promise<{ cart: WireCartV2 }> {
  return ctx.store.transaction((tx) => {
    const located = locateOpen(ctx, target);
    const next = editable(located.cart);
    change(next, located);
    return commit(ctx, tx, target, next, located);
  });
}

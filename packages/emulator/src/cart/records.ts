/**
 * Where carts are kept. `state.carts` holds each identity's current cart under its owner key
 * (`visitor:<id>`, `member:<id>`), as it always has, and every other cart (an ordered one, or one
 * Cart V2 made by id) under `cart:<id>`, so the current cart of an identity stays one lookup and
 * the state's shape is unchanged. The V1 and V2 APIs read and change the same records: one cart
 * per identity, whichever API it is reached through.
 */
import type { EmulatorContext } from '../context.js';
import type { CartRecord } from '../models/cart.js';
import type { ReadonlyState } from '../models/state.js';

const OTHER_PREFIX = 'cart:';

/** The state key a cart is kept under: its owner's key while current, else `cart:<id>`. */
export function storageKeyOf(cart: Readonly<CartRecord>, current: boolean): string {
  return current ? cart.ownerKey : `${OTHER_PREFIX}${cart.id}`;
}

/** The current cart of an owner key, if any. */
export function currentCartOf(
  state: ReadonlyState,
  ownerKey: string,
): Readonly<CartRecord> | undefined {
  return Object.hasOwn(state.carts, ownerKey) ? state.carts[ownerKey] : undefined;
}

/** A cart by id, current or not, with whether it is current. */
export function cartById(
  ctx: EmulatorContext,
  id: string,
): { cart: Readonly<CartRecord>; current: boolean } | undefined {
  const state = ctx.store.state;
  const key = `${OTHER_PREFIX}${id}`;
  if (Object.hasOwn(state.carts, key)) return { cart: state.carts[key]!, current: false };
  // Current carts are kept by owner: few enough to look through.
  for (const [stored, cart] of Object.entries(state.carts)) {
    if (cart.id === id && !stored.startsWith(OTHER_PREFIX)) return { cart, current: true };
  }
  return undefined;
}

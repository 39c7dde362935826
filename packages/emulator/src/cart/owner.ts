/** Whose cart is whose: one current cart per identity, keyed by the caller's visitor or member id. */
import type { IdentityCaller } from '../http/app-env.js';
import { applicationError } from '../http/errors.js';

/** The state key of a caller's current cart: `member:<id>` or `visitor:<id>`. */
export function ownerKeyOf(caller: IdentityCaller): string {
  return caller.memberId !== undefined
    ? `member:${caller.memberId}`
    : `visitor:${caller.visitorId ?? ''}`;
}

/** 404 `OWNED_CART_NOT_FOUND`: the identity has no current cart (Cart V1's and V2's answer). */
export function noCurrentCart() {
  return applicationError(
    404,
    'OWNED_CART_NOT_FOUND',
    'This identity has no current cart yet; add an item first',
  );
}

/** The buyer a caller's cart or checkout names: the member, else the visitor. */
export function buyerInfoOf(caller: IdentityCaller): { visitorId: string } | { memberId: string } {
  return caller.memberId !== undefined
    ? { memberId: caller.memberId }
    : { visitorId: caller.visitorId ?? '' };
}

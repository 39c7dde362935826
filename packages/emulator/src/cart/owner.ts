/** Whose cart is whose: one current cart per identity, keyed by the caller's visitor or member id. */
import type { IdentityCaller } from '../http/app-env.js';

/** The state key of a caller's current cart: `member:<id>` or `visitor:<id>`. */
export function ownerKeyOf(caller: IdentityCaller): string {
  return caller.memberId !== undefined
    ? `member:${caller.memberId}`
    : `visitor:${caller.visitorId ?? ''}`;
}

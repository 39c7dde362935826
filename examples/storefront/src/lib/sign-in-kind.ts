/**
 * How the shopper's last sign-in in this tab began: by creating an account on this shop's sign-up
 * page, or by signing in to an existing one. The cart's carry-over outcome does not say, and the
 * cart page welcomes a new member as new, not "back". Kept in `sessionStorage` (this tab only);
 * a sign-in on the store's hosted page may be either, so it forgets what was noted.
 */

import type { CarryOverCoupon, LineItem } from '@vitrine/sdk';
import { pluralize } from '@vitrine/shop-ui/lib/format';

/** How a sign-in began. */
export type SignInKind = 'new-account' | 'returning';

const KEY = 'vitrine-storefront:sign-in-kind';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Notes how the sign-in about to be sent began. */
export function noteSignInKind(kind: SignInKind): void {
  try {
    storage()?.setItem(KEY, kind);
  } catch {
    // Storage refused: the welcome is then the neutral one.
  }
}

/** Forgets it (a sign-in on the hosted page, where the shopper may also create an account). */
export function forgetSignInKind(): void {
  storage()?.removeItem(KEY);
}

/** How the last sign-in in this tab began, when this shop knows. */
export function lastSignInKind(): SignInKind | undefined {
  const value = storage()?.getItem(KEY);
  return value === 'new-account' || value === 'returning' ? value : undefined;
}

/**
 * The welcome once the visitor's lines are in the member's cart. It counts units, as the header
 * does (a line of 3 tees is 3 items), and welcomes a new member as new.
 * @example carryOverWelcome('new-account', [{ quantity: 3, … }])
 * // 'Welcome! Your account is ready, and the 3 items you picked are in your cart.'
 */
export function carryOverWelcome(
  kind: SignInKind | undefined,
  carried: readonly Pick<LineItem, 'quantity'>[],
): string {
  const units = carried.reduce((sum, line) => sum + line.quantity, 0);
  const items = pluralize(units, 'item');
  switch (kind) {
    case 'new-account':
      return `Welcome! Your account is ready, and the ${items} you picked ${units === 1 ? 'is' : 'are'} in your cart.`;
    case 'returning':
      return `Welcome back! We added the ${items} you picked before signing in to your cart.`;
    case undefined:
      return `We added the ${items} you picked before signing in to your cart.`;
  }
}

/**
 * What became of the visitor's coupon at sign-in (`carryOver.coupon`), in a sentence; nothing
 * when the visitor had none.
 * @example carryOverCouponNote({ code: 'WELCOME10', status: 'carried' })
 * // 'Your coupon WELCOME10 came along too.'
 */
export function carryOverCouponNote(coupon: CarryOverCoupon | undefined): string | undefined {
  switch (coupon?.status) {
    case 'carried':
      return `Your coupon ${coupon.code} came along too.`;
    case 'kept':
      return `Your account's cart keeps its coupon ${coupon.memberCode ?? ''}; a cart takes one coupon, so ${coupon.code} was not added.`;
    case 'failed':
      return `Your coupon ${coupon.code} could not be added to your account's cart. You can try it again below.`;
    case undefined:
      return undefined;
  }
}

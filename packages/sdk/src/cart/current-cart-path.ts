/** Cart V1's current cart on the wire (always on the API host, GETs included: hosts.ts). */
export { CURRENT_CART_PATH } from '../http/hosts.js';

/** Cart V2's current cart (platform-wire-v3.md "Cart V2"; on the API host too). */
export const CART_V2_PATH = '/ecom/v2/carts/current';

/**
 * Where a browser remembers that the visitor it minted has no cart yet (engine/no-cart-hint.ts).
 * Every add, whatever sends it, first leaves an empty value there, which no engine writes over.
 */
export const NO_CART_KEY = 'vitrine:no-cart';

/**
 * Leaves `''` under {@link NO_CART_KEY} (an add was sent: no engine may say "none" after it), or
 * with `undefined` removes what is there (at sign-out: the adds of the member who left say nothing
 * of the next visitor's cart).
 */
export function markNoCart(value?: ''): void {
  try {
    if (value === undefined) localStorage.removeItem(NO_CART_KEY);
    else localStorage.setItem(NO_CART_KEY, value);
  } catch {
    // No storage here (a server), or it refuses: there is no hint to contradict either.
  }
}

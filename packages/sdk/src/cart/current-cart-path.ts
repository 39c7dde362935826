/** The current cart's path on the wire (always on the API host, GETs included: hosts.ts). */
export { CURRENT_CART_PATH } from '../http/hosts.js';

/**
 * Where a browser remembers that the visitor it minted has no cart yet (engine/no-cart-hint.ts).
 * Every add, whatever sends it, first leaves an empty value there, which no engine writes over.
 */
export const NO_CART_KEY = 'vitrine:no-cart';

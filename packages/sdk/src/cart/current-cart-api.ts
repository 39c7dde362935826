/**
 * The nine raw calls of the shopper's current cart, on the wire of
 * `/ecom/v1/carts/current…` on the API host, answers wrapped as `{ cart }`.
 */
import type { Transport } from '../http/transport.js';
import type { Cart } from '../models/cart.js';
import { lazyFace, loadOnFirstUse, once } from '../http/load-on-first-use.js';
import { unwrap } from '../http/unwrap.js';
import { pick } from '../internal/pick.js';
import { checkAddToCart } from './cart-input.js';
import { CURRENT_CART_PATH, NO_CART_KEY } from './current-cart-path.js';
import type { CurrentCartApi } from './types.js';

const loadCartCalls = /* @__PURE__ */ loadOnFirstUse(() => import('./current-cart-calls.js'));

/**
 * Binds the current-cart calls to a transport: reading the cart and adding to it at once, the
 * other calls (current-cart-calls.ts) on first use.
 */
export function createCurrentCartApi(transport: Transport): CurrentCartApi {
  const loadMore = once(async () => (await loadCartCalls()).createCurrentCartCalls(transport));
  return {
    async get(options = {}) {
      const response = await transport.request({
        method: 'GET',
        path: CURRENT_CART_PATH,
        signal: options.signal,
      });
      return unwrap<Cart>(response, 'cart', 'cart.get');
    },

    async addItems(input, options = {}) {
      // Whoever sends it, an add may make a cart: no engine may say "none" after this
      // (engine/no-cart-hint.ts).
      try {
        localStorage.setItem(NO_CART_KEY, '');
      } catch {
        // No storage here (a server), or it refuses: there is no hint to contradict either.
      }
      const response = await transport.request({
        method: 'POST',
        path: `${CURRENT_CART_PATH}/add-to-cart`,
        body: pick(checkAddToCart(input), ['lineItems', 'customLineItems']),
        signal: options.signal,
        keepalive: options.keepalive,
      });
      return unwrap<Cart>(response, 'cart', 'cart.addItems');
    },

    ...lazyFace(loadMore, [
      'update',
      'removeItems',
      'createCheckout',
      'removeCoupon',
      'updateQuantities',
      'estimateTotals',
      'delete',
    ]),
  };
}

/**
 * Reads the current cart of another identity, with its access token given outright. The cart
 * engine uses it at sign-in to read the visitor's cart after the client already holds the
 * member's tokens. Loaded with the other calls, on first use.
 */
export function createCartReaderWithToken(
  transport: Transport,
): (accessToken: string) => Promise<Cart> {
  return async (accessToken) => (await loadCartCalls()).getCartWithToken(transport, accessToken);
}

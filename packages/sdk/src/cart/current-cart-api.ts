/**
 * The nine raw calls of the shopper's current cart, on the wire of
 * `/ecom/v1/carts/current…` on the API host, answers wrapped as `{ cart }`.
 */
import type { Transport } from '../http/transport.js';
import type { Cart } from '../models/cart.js';
import { deferMethods, loadOnFirstUse, once } from '../http/load-on-first-use.js';
import { unwrap } from '../http/unwrap.js';
import { pick } from '../internal/pick.js';
import { checkAddToCart } from './cart-input.js';
import { CURRENT_CART_PATH, markNoCart } from './current-cart-path.js';
import type { CurrentCartApi } from './types.js';

const loadCartCalls = /* @__PURE__ */ loadOnFirstUse(() => import('./current-cart-calls.js'));

/** The calls of {@link CurrentCartApi} a first page does not make, loaded on first use. */
type MoreCartCalls = Omit<CurrentCartApi, 'get' | 'addItems'>;

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
      markNoCart('');
      const response = await transport.request({
        method: 'POST',
        path: `${CURRENT_CART_PATH}/add-to-cart`,
        body: pick(checkAddToCart(input), ['lineItems', 'customLineItems']),
        signal: options.signal,
        keepalive: options.keepalive,
      });
      return unwrap<Cart>(response, 'cart', 'cart.addItems');
    },

    ...deferMethods<MoreCartCalls, keyof MoreCartCalls>(loadMore, [
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

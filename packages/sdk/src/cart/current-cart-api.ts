/**
 * `store.cart`: the nine raw calls of the shopper's current cart, on the wire of
 * `/ecom/v1/carts/current…` on the API host. Reading the cart and adding to it are here, on every
 * page; the others (current-cart-calls.ts) load the first time one is called. Each is its
 * operation's call (cart-operations.ts), its input checked there, once.
 */
import { lazyFace, loadOnFirstUse } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import { addToCart, getCart } from './cart-operations.js';
import type { CurrentCartApi } from './types.js';

const loadCartCalls = /* @__PURE__ */ loadOnFirstUse(() => import('./current-cart-calls.js'));

/** Binds the current-cart calls to a transport. */
export function createCurrentCartApi(transport: Transport): CurrentCartApi {
  const loadMore = async () => (await loadCartCalls()).createCurrentCartCalls(transport);
  return {
    get: (options) => getCart(transport, options),
    addItems: (input, options) => addToCart(transport, input, options),
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

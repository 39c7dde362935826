/**
 * `store.cart`: the nine raw calls of the shopper's current cart, on the cart API the client uses
 * (cart-calls.ts: Cart V2, or Cart V1). A face whose body (current-cart-calls.ts) loads the first
 * time one is called: a storefront's pages use the cart store instead. Each is its operation's
 * call (cart-operations.ts), its input checked there, once.
 */
import { lazyFace, loadOnFirstUse } from '../http/load-on-first-use.js';
import type { CartCalls, CurrentCartApi } from './types.js';

const loadCartCalls = /* @__PURE__ */ loadOnFirstUse(() => import('./current-cart-calls.js'));

/** Binds the current-cart calls to the client's calls of the cart. */
export function createCurrentCartApi(calls: CartCalls): CurrentCartApi {
  const load = async () => (await loadCartCalls()).createCurrentCartCalls(calls);
  return lazyFace(load, [
    'get',
    'addItems',
    'update',
    'removeItems',
    'createCheckout',
    'removeCoupon',
    'updateQuantities',
    'estimateTotals',
    'delete',
  ]);
}

/**
 * The calls of `store.cart`, bound to the client's calls of the cart: the body behind
 * current-cart-api.ts, loaded the first time one is called. Each is its operation's call
 * (cart-operations.ts), its input checked.
 */
import {
  addToCart,
  createCartCheckout,
  deleteCart,
  estimateCartTotals,
  removeCartCoupon,
  removeLineItems,
  updateCart,
  updateLineItemQuantities,
} from './cart-operations.js';
import type { CartCalls, CurrentCartApi } from './types.js';

/** Binds the calls of {@link CurrentCartApi} to `calls`. */
export function createCurrentCartCalls(calls: CartCalls): CurrentCartApi {
  return {
    // A read has nothing to keep alive, nor a signal to drop.
    get: (options = {}) => calls.get({ signal: options.signal }),
    addItems: (input, options) => addToCart(calls, input, options),
    update: (input, options) => updateCart(calls, input, options),
    removeItems: (lineItemIds, options) => removeLineItems(calls, lineItemIds, options),
    createCheckout: (input, options) => createCartCheckout(calls, input, options),
    removeCoupon: (options) => removeCartCoupon(calls, options),
    updateQuantities: (lineItems, options) => updateLineItemQuantities(calls, lineItems, options),
    estimateTotals: (input, options) => estimateCartTotals(calls, input, options),
    delete: (options) => deleteCart(calls, options),
  };
}

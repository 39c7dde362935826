/**
 * The calls of `store.cart` a first page does not make (changing and deleting the cart, its
 * checkout and estimate), bound to a transport: the body behind current-cart-api.ts, loaded the
 * first time one is called. Each is its operation's call (cart-operations.ts), input checked.
 */
import type { Transport } from '../http/transport.js';
import {
  createCartCheckout,
  deleteCart,
  estimateCartTotals,
  removeCartCoupon,
  removeLineItems,
  updateCart,
  updateLineItemQuantities,
} from './cart-operations.js';
import type { CurrentCartApi } from './types.js';

/** The calls of {@link CurrentCartApi} but reading the cart and adding to it, on `transport`. */
export type MoreCartCalls = Omit<CurrentCartApi, 'get' | 'addItems'>;

/** Binds the other current-cart calls to a transport. */
export function createCurrentCartCalls(transport: Transport): MoreCartCalls {
  return {
    update: (input, options) => updateCart(transport, input, options),
    removeItems: (lineItemIds, options) => removeLineItems(transport, lineItemIds, options),
    createCheckout: (input, options) => createCartCheckout(transport, input, options),
    removeCoupon: (options) => removeCartCoupon(transport, options),
    updateQuantities: (lineItems, options) =>
      updateLineItemQuantities(transport, lineItems, options),
    estimateTotals: (input, options) => estimateCartTotals(transport, input, options),
    delete: (options) => deleteCart(transport, options),
  };
}

/**
 * The current cart on Cart V1 (`/ecom/v1/carts/current…`, platform-wire.md "Current cart"), which
 * the platform removes on 2027-02-01: loaded only where a client pins it, or where a store answers
 * that it has no Cart V2 (cart-calls.ts). Its answers are the {@link Cart} shape as they come.
 */
import type { Transport } from '../http/transport.js';
import { unexpectedResponse, unwrap } from '../http/unwrap.js';
import type { Cart, EstimateTotalsResponse } from '../models/cart.js';
import { CURRENT_CART_PATH } from './current-cart-path.js';
import { withoutPreview } from './sent-line.js';
import type { CartApiCalls, CartCallOptions } from './types.js';

/** The current cart's calls on Cart V1. */
export function createV1CartCalls(transport: Transport): CartApiCalls {
  /** A call answered with `{ cart }`. */
  async function cartCall(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body: object | undefined,
    name: string,
    options: CartCallOptions,
  ): Promise<Cart> {
    const response = await transport.request({
      method,
      path: CURRENT_CART_PATH + path,
      body,
      signal: options.signal,
      keepalive: options.keepalive,
    });
    return unwrap<Cart>(response, 'cart', name);
  }

  return {
    // A read has nothing to keep alive.
    get: (options) => cartCall('GET', '', undefined, 'cart.get', { signal: options.signal }),
    async getWithToken(accessToken) {
      const response = await transport.request({
        method: 'GET',
        path: CURRENT_CART_PATH,
        authorization: { header: accessToken },
        secrets: [accessToken],
      });
      return unwrap<Cart>(response, 'cart', 'cart.get');
    },
    addItems: (body, options) =>
      cartCall(
        'POST',
        '/add-to-cart',
        { ...body, lineItems: body.lineItems.map(withoutPreview) },
        'cart.addItems',
        options,
      ),
    update: (body, options) => cartCall('PATCH', '', body, 'cart.update', options),
    updateQuantities: (lineItems, options) =>
      cartCall(
        'POST',
        '/update-line-items-quantity',
        { lineItems },
        'cart.updateQuantities',
        options,
      ),
    removeItems: (lineItemIds, options) =>
      cartCall('POST', '/remove-line-items', { lineItemIds }, 'cart.removeItems', options),
    removeCoupon: (options) => cartCall('POST', '/remove-coupon', {}, 'cart.removeCoupon', options),
    estimateTotals: (body, options) =>
      transport.request<EstimateTotalsResponse>({
        method: 'POST',
        path: `${CURRENT_CART_PATH}/estimate-totals`,
        body,
        signal: options.signal,
        keepalive: options.keepalive,
      }),
    async createCheckout(body, options) {
      const { checkoutId } = await transport.request({
        method: 'POST',
        path: `${CURRENT_CART_PATH}/create-checkout`,
        body,
        signal: options.signal,
        keepalive: options.keepalive,
      });
      if (typeof checkoutId !== 'string') {
        throw unexpectedResponse('cart.createCheckout', 'checkoutId');
      }
      return { checkoutId };
    },
    async delete(options) {
      await transport.request({
        method: 'DELETE',
        path: CURRENT_CART_PATH,
        signal: options.signal,
        keepalive: options.keepalive,
      });
    },
  };
}

/**
 * The calls of `store.cart` a first page does not make (changing and deleting the cart, its
 * checkout and estimate), loaded the first time one is called; and reading another identity's
 * cart, for the carry-over at sign-in.
 */
import type { Transport } from '../http/transport.js';
import { unexpectedResponse, unwrap } from '../http/unwrap.js';
import { checkIdList } from '../internal/checks.js';
import { pick } from '../internal/pick.js';
import type { Cart, EstimateTotalsResponse, UpdateCartInput } from '../models/cart.js';
import { checkQuantities, checkUpdateCart } from './cart-input.js';
import { CURRENT_CART_PATH } from './current-cart-path.js';
import type { CurrentCartApi } from './types.js';

/** Binds the other current-cart calls to a transport. */
export function createCurrentCartCalls(
  transport: Transport,
): Omit<CurrentCartApi, 'get' | 'addItems'> {
  const cartOf = async (call: string, pending: Promise<Record<string, unknown>>): Promise<Cart> =>
    unwrap<Cart>(await pending, 'cart', call);

  return {
    async update(input, options = {}) {
      const body = toUpdateBody(input);
      return cartOf(
        'cart.update',
        transport.request({
          method: 'PATCH',
          path: CURRENT_CART_PATH,
          body,
          signal: options.signal,
          keepalive: options.keepalive,
        }),
      );
    },

    async removeItems(lineItemIds, options = {}) {
      checkIdList('lineItemIds', lineItemIds);
      return cartOf(
        'cart.removeItems',
        transport.request({
          method: 'POST',
          path: `${CURRENT_CART_PATH}/remove-line-items`,
          body: { lineItemIds },
          signal: options.signal,
          keepalive: options.keepalive,
        }),
      );
    },

    async createCheckout(input = {}, options = {}) {
      const response = await transport.request({
        method: 'POST',
        path: `${CURRENT_CART_PATH}/create-checkout`,
        body: pick(input, [
          'channelType',
          'shippingAddress',
          'billingAddress',
          'selectedShippingOption',
          'email',
        ]),
        signal: options.signal,
        keepalive: options.keepalive,
      });
      const { checkoutId } = response;
      if (typeof checkoutId !== 'string')
        throw unexpectedResponse('cart.createCheckout', 'checkoutId');
      return { checkoutId };
    },

    removeCoupon(options = {}) {
      return cartOf(
        'cart.removeCoupon',
        transport.request({
          method: 'POST',
          path: `${CURRENT_CART_PATH}/remove-coupon`,
          body: {},
          signal: options.signal,
          keepalive: options.keepalive,
        }),
      );
    },

    async updateQuantities(lineItems, options = {}) {
      const body = { lineItems: checkQuantities(lineItems) };
      return cartOf(
        'cart.updateQuantities',
        transport.request({
          method: 'POST',
          path: `${CURRENT_CART_PATH}/update-line-items-quantity`,
          body,
          signal: options.signal,
          keepalive: options.keepalive,
        }),
      );
    },

    estimateTotals(input = {}, options = {}) {
      return transport.request<EstimateTotalsResponse>({
        method: 'POST',
        path: `${CURRENT_CART_PATH}/estimate-totals`,
        body: pick(input, [
          'selectedShippingOption',
          'shippingAddress',
          'billingAddress',
          'selectedMemberships',
        ]),
        signal: options.signal,
        keepalive: options.keepalive,
      });
    },

    async delete(options = {}) {
      await transport.request({
        method: 'DELETE',
        path: CURRENT_CART_PATH,
        signal: options.signal,
        keepalive: options.keepalive,
      });
    },
  };
}

/**
 * Reads the current cart of another identity, with its access token given outright. The cart
 * engine uses it at sign-in to read the visitor's cart after the client already holds the
 * member's tokens.
 */
export async function getCartWithToken(transport: Transport, accessToken: string): Promise<Cart> {
  const response = await transport.request({
    method: 'GET',
    path: CURRENT_CART_PATH,
    authorization: { header: accessToken },
    secrets: [accessToken],
  });
  return unwrap<Cart>(response, 'cart', 'cart.get');
}

function toUpdateBody(input: UpdateCartInput): Record<string, unknown> {
  const body = pick(checkUpdateCart(input), [
    'cartInfo',
    'couponCode',
    'merchantDiscounts',
    'lineItems',
  ]);
  if (input.cartFieldmask !== undefined) body.cartFieldmask = input.cartFieldmask.join(',');
  return body;
}

/**
 * The calls of `store.cart` a first page does not make (changing and deleting the cart, its
 * checkout and estimate), loaded the first time one is called; and reading another identity's
 * cart, for the carry-over at sign-in.
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import type { Transport } from '../http/transport.js';
import { unexpectedResponse, unwrap } from '../http/unwrap.js';
import { checkId, checkIdList, checkNonEmptyList, checkQuantity } from '../internal/checks.js';
import { pick } from '../internal/pick.js';
import type { Cart, EstimateTotalsResponse, UpdateCartInput } from '../models/cart.js';
import { CURRENT_CART_PATH, type CurrentCartApi } from './current-cart-api.js';

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
        }),
      );
    },

    async updateQuantities(lineItems, options = {}) {
      checkNonEmptyList('lineItems', lineItems);
      lineItems.forEach((item, index) => {
        checkId(`lineItems[${index}].id`, item?.id);
        checkQuantity(`lineItems[${index}].quantity`, item.quantity, 0);
      });
      return cartOf(
        'cart.updateQuantities',
        transport.request({
          method: 'POST',
          path: `${CURRENT_CART_PATH}/update-line-items-quantity`,
          body: { lineItems: lineItems.map(({ id, quantity }) => ({ id, quantity })) },
          signal: options.signal,
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
      });
    },

    async delete(options = {}) {
      await transport.request({
        method: 'DELETE',
        path: CURRENT_CART_PATH,
        signal: options.signal,
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
  if (typeof input !== 'object' || input === null) {
    throw new StoreArgumentError('input', 'must be an object');
  }
  input.lineItems?.forEach((item, index) => {
    checkId(
      `lineItems[${index}].catalogReference.catalogItemId`,
      item?.catalogReference?.catalogItemId,
    );
    checkQuantity(`lineItems[${index}].quantity`, item.quantity, 1);
  });
  const body = pick(input, ['cartInfo', 'couponCode', 'merchantDiscounts', 'lineItems']);
  if (input.cartFieldmask !== undefined) {
    if (!Array.isArray(input.cartFieldmask)) {
      throw new StoreArgumentError('cartFieldmask', 'must be an array of paths');
    }
    body.cartFieldmask = input.cartFieldmask.join(',');
  }
  return body;
}

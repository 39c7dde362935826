/**
 * The nine raw calls of the shopper's current cart (spec §7 "Current cart"), on the wire of
 * platform-wire.md: `/ecom/v1/carts/current…` on the API host, answers wrapped as `{ cart }`.
 */
import type { Transport } from '../http/transport.js';
import type {
  AddToCartInput,
  Cart,
  CreateCheckoutInput,
  CreateCheckoutResult,
  EstimateTotalsInput,
  EstimateTotalsResponse,
  LineItemQuantityUpdate,
  UpdateCartInput,
} from '../models/cart.js';
import { StoreArgumentError } from '../errors/argument-error.js';
import { checkId, checkIdList, checkNonEmptyList, checkQuantity } from '../internal/checks.js';
import { unexpectedResponse, unwrap } from '../http/unwrap.js';
import { pick } from '../internal/pick.js';

/** The current cart's path on the wire. */
export const CURRENT_CART_PATH = '/ecom/v1/carts/current';

/** Options every cart call takes. */
export interface CartCallOptions {
  /** Aborts the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * The caller's current cart: `store.cart`. Each call acts on the cart of whoever the client's
 * tokens belong to (an anonymous visitor or a member). For a cart that updates the UI at once,
 * queues clicks and follows sign-in, use `store.cartStore` instead.
 *
 * Every call throws {@link StoreApiError} (or one of its kinds) when the platform refuses it, and
 * {@link StoreArgumentError} before sending when an argument could never be accepted.
 */
export interface CurrentCartApi {
  /**
   * Reads the current cart: `GET /ecom/v1/carts/current`.
   *
   * @example
   * const cart = await store.cart.get();
   * @throws {StoreClientError} with status 404 when the caller has no cart yet.
   */
  get(options?: CartCallOptions): Promise<Cart>;
  /**
   * Changes the cart: `PATCH /ecom/v1/carts/current`. `cartFieldmask` lists the `cartInfo`
   * paths to change; it is sent joined by commas.
   *
   * @example
   * await store.cart.update({ cartInfo: { buyerNote: 'Gift wrap' }, cartFieldmask: ['buyerNote'] });
   * await store.cart.update({ couponCode: 'SUMMER10' });
   */
  update(input: UpdateCartInput, options?: CartCallOptions): Promise<Cart>;
  /**
   * Adds items (creating the cart when there is none): `POST …/add-to-cart`. Adding an item
   * that is already in the cart adds to its quantity.
   *
   * @example
   * await store.cart.addItems({ lineItems: [storesLineItem(productId, 2, { variantId })] });
   * @throws {StoreArgumentError} for a quantity that is not a whole number of at least 1, or an
   * empty `catalogItemId`.
   */
  addItems(input: AddToCartInput, options?: CartCallOptions): Promise<Cart>;
  /**
   * Removes lines: `POST …/remove-line-items`.
   *
   * @throws {StoreArgumentError} for an empty list or an empty id.
   */
  removeItems(lineItemIds: readonly string[], options?: CartCallOptions): Promise<Cart>;
  /**
   * Creates a checkout from the cart: `POST …/create-checkout`. Send the shopper to it with
   * `store.redirects.createSession({ ecomCheckout: { checkoutId } })`.
   *
   * @example
   * const { checkoutId } = await store.cart.createCheckout({ channelType: 'WEB' });
   */
  createCheckout(
    input?: CreateCheckoutInput,
    options?: CartCallOptions,
  ): Promise<CreateCheckoutResult>;
  /** Removes the applied coupon: `POST …/remove-coupon`. */
  removeCoupon(options?: CartCallOptions): Promise<Cart>;
  /**
   * Sets the quantities of lines: `POST …/update-line-items-quantity`.
   *
   * @example
   * await store.cart.updateQuantities([{ id: lineItemId, quantity: 3 }]);
   * @throws {StoreArgumentError} for an empty list, an empty id, or a quantity that is negative
   * or not a whole number.
   */
  updateQuantities(
    lineItems: readonly LineItemQuantityUpdate[],
    options?: CartCallOptions,
  ): Promise<Cart>;
  /**
   * Estimates totals, tax and delivery options: `POST …/estimate-totals`. With no input only
   * the items' totals are estimated.
   */
  estimateTotals(
    input?: EstimateTotalsInput,
    options?: CartCallOptions,
  ): Promise<EstimateTotalsResponse>;
  /** Deletes the cart: `DELETE /ecom/v1/carts/current`. */
  delete(options?: CartCallOptions): Promise<void>;
}

/** Binds the current-cart calls to a transport. */
export function createCurrentCartApi(transport: Transport): CurrentCartApi {
  const cartOf = async (call: string, pending: Promise<Record<string, unknown>>): Promise<Cart> =>
    unwrap<Cart>(await pending, 'cart', call);

  return {
    get(options = {}) {
      return cartOf(
        'cart.get',
        transport.request({ method: 'GET', path: CURRENT_CART_PATH, signal: options.signal }),
      );
    },

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

    async addItems(input, options = {}) {
      checkAddToCart(input);
      return cartOf(
        'cart.addItems',
        transport.request({
          method: 'POST',
          path: `${CURRENT_CART_PATH}/add-to-cart`,
          body: pick(input, ['lineItems', 'customLineItems']),
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

function checkAddToCart(input: AddToCartInput): void {
  if (typeof input !== 'object' || input === null) {
    throw new StoreArgumentError('input', 'must be an object with lineItems');
  }
  const { lineItems, customLineItems } = input;
  if (!Array.isArray(lineItems)) {
    throw new StoreArgumentError('lineItems', 'must be an array');
  }
  lineItems.forEach((item, index) => {
    checkId(
      `lineItems[${index}].catalogReference.catalogItemId`,
      item?.catalogReference?.catalogItemId,
    );
    checkId(`lineItems[${index}].catalogReference.appId`, item.catalogReference.appId);
    checkQuantity(`lineItems[${index}].quantity`, item.quantity, 1);
  });
  customLineItems?.forEach((item, index) => {
    checkQuantity(`customLineItems[${index}].quantity`, item?.quantity, 1);
  });
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

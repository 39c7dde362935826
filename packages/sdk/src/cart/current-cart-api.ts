/**
 * The nine raw calls of the shopper's current cart, on the wire of
 * `/ecom/v1/carts/current…` on the API host, answers wrapped as `{ cart }`.
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
import { deferMethods, loadOnFirstUse, once } from '../http/load-on-first-use.js';
import { unwrap } from '../http/unwrap.js';
import { checkId, checkQuantity } from '../internal/checks.js';
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
      checkAddToCart(input);
      const response = await transport.request({
        method: 'POST',
        path: `${CURRENT_CART_PATH}/add-to-cart`,
        body: pick(input, ['lineItems', 'customLineItems']),
        signal: options.signal,
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

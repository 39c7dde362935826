/**
 * The current cart on Cart V2 (`/ecom/v2/carts/current…`, platform-wire-v3.md "Cart V2"), each
 * call of `store.cart` (and of the cart store) made of Cart V2's, its answer in the {@link Cart}
 * shape (v2-cart.ts):
 * - an add is `add-line-items` (`catalogItems`, custom lines as `customItems`);
 * - new quantities are `update-line-items` (`{lineItemId, quantity: {newQuantity}}`);
 * - a coupon is added by code (`add-coupon`; then any other is removed, as a cart holds one
 *   coupon) and removed by its id (`remove-coupon`);
 * - `update`'s note and address are a `PATCH` of the cart, its shipping option `set-delivery-method`;
 * - the estimate sets what it is given (address, shipping option) on the cart, then `estimate`;
 * - there is no checkout to create: the cart's id is its checkout's (docs/wire-conventions.md
 *   "Cart V2"), so a hosted checkout opens on it.
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import type { Transport } from '../http/transport.js';
import { unwrap } from '../http/unwrap.js';
import type { Cart, CustomLineItem, EstimateTotalsResponse } from '../models/cart.js';
import type { CartV2, CartV2Summary } from '../models/cart-v2.js';
import { CART_V2_PATH } from './current-cart-path.js';
import { withoutPreview } from './sent-line.js';
import type {
  AddToCartBody,
  CartApiCalls,
  CartCallOptions,
  CheckoutBody,
  EstimateBody,
  UpdateCartBody,
} from './types.js';
import { cartFromV2, estimateFromV2 } from './v2-cart.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Cart V2's current cart on one transport, and the last cart it answered. */
interface V2Wire {
  send(
    method: Method,
    path: string,
    body: object | undefined,
    options: CartCallOptions,
  ): Promise<Record<string, unknown>>;
  /** A call answered with `{ cart }`, kept as the last cart. */
  cartCall(
    method: Method,
    path: string,
    body: object | undefined,
    name: string,
    options: CartCallOptions,
  ): Promise<Cart>;
  /** The last cart Cart V2 answered: its coupons' ids, which removing one needs. */
  last: CartV2 | undefined;
}

/** The `{ cart }` of a Cart V2 answer, in the {@link Cart} shape. */
export function cartOfAnswer(answer: Record<string, unknown>, call: string): Cart {
  return cartFromV2(unwrap<CartV2>(answer, 'cart', call));
}

/** The current cart's calls on Cart V2. */
export function createV2CartCalls(transport: Transport): CartApiCalls {
  const wire: V2Wire = {
    last: undefined,
    send: (method, path, body, options) =>
      transport.request({
        method,
        path: CART_V2_PATH + path,
        body,
        signal: options.signal,
        keepalive: options.keepalive,
      }),
    async cartCall(method, path, body, name, options) {
      wire.last = unwrap<CartV2>(await wire.send(method, path, body, options), 'cart', name);
      return cartFromV2(wire.last);
    },
  };
  return {
    get: (options) => readCart(wire, options),
    async getWithToken(accessToken) {
      const answer = await transport.request({
        method: 'GET',
        path: CART_V2_PATH,
        authorization: { header: accessToken },
        secrets: [accessToken],
      });
      return cartOfAnswer(answer, 'cart.get');
    },
    addItems: (body, options) => addItems(wire, body, options),
    update: (body, options) => update(wire, body, options),
    updateQuantities: (lineItems, options) =>
      wire.cartCall(
        'POST',
        '/update-line-items',
        {
          lineItems: lineItems.map(({ id, quantity }) => ({
            lineItemId: id,
            quantity: { newQuantity: quantity },
          })),
        },
        'cart.updateQuantities',
        options,
      ),
    removeItems: (lineItemIds, options) =>
      wire.cartCall('POST', '/remove-line-items', { lineItemIds }, 'cart.removeItems', options),
    async removeCoupon(options) {
      return (await removeCoupons(wire, options)) ?? readCart(wire, options);
    },
    estimateTotals: (body, options) => estimate(wire, body, options),
    createCheckout: (body, options) => checkout(wire, body, options),
    async delete(options) {
      await wire.send('DELETE', '', undefined, options);
      wire.last = undefined;
    },
  };
}

function addItems(wire: V2Wire, body: AddToCartBody, options: CartCallOptions): Promise<Cart> {
  const customItems = body.customLineItems?.map(customItemOf) ?? [];
  return wire.cartCall(
    'POST',
    '/add-line-items',
    {
      catalogItems: body.lineItems.map(withoutPreview),
      ...(customItems.length > 0 ? { customItems } : {}),
    },
    'cart.addItems',
    options,
  );
}

/** Each change `update` asks for, as Cart V2's calls, one after another. */
async function update(wire: V2Wire, body: UpdateCartBody, options: CartCallOptions): Promise<Cart> {
  if (body.merchantDiscounts !== undefined) {
    throw new StoreArgumentError(
      'merchantDiscounts',
      "is not part of Cart V2's current cart; use the platform's merchant-side calls",
    );
  }
  const info = body.cartInfo ?? {};
  let cart: Cart | undefined;
  const patch: Partial<CartV2> = {};
  if (info.buyerNote !== undefined) patch.note = info.buyerNote;
  if (info.contactInfo?.address !== undefined) {
    patch.deliveryInfo = { address: info.contactInfo.address };
  }
  if (Object.keys(patch).length > 0) {
    cart = await wire.cartCall('PATCH', '', { cart: patch }, 'cart.update', options);
  }
  if (info.selectedShippingOption !== undefined) {
    cart = await setDelivery(wire, info.selectedShippingOption.code, options);
  }
  if (body.couponCode !== undefined) cart = await replaceCoupon(wire, body.couponCode, options);
  if (body.lineItems !== undefined && body.lineItems.length > 0) {
    cart = await addItems(wire, { lineItems: body.lineItems }, options);
  }
  return cart ?? readCart(wire, options);
}

const setDelivery = (wire: V2Wire, code: string, options: CartCallOptions) =>
  wire.cartCall(
    'POST',
    '/set-delivery-method',
    { deliveryMethod: { code } },
    'cart.update',
    options,
  );

/**
 * Puts `code` on the cart as its one coupon. Added first, so that a code the store refuses leaves
 * the coupon the cart had; where the store takes one coupon a cart (it answers
 * `MAX_COUPONS_PER_CART_EXCEEDED`), the one there is removed, the new one added, and the old one
 * put back if the new one is refused after all.
 */
async function replaceCoupon(wire: V2Wire, code: string, options: CartCallOptions): Promise<Cart> {
  const add = (coupon: string) =>
    wire.cartCall('POST', '/add-coupon', { coupon: { code: coupon } }, 'cart.update', options);
  let cart: Cart;
  try {
    cart = await add(code);
  } catch (error) {
    const refusal = codeOf(error);
    // Already on the cart: as Cart V1, setting the code it has changes nothing.
    if (refusal === 'COUPON_ALREADY_EXISTS') return readCart(wire, options);
    if (refusal !== 'MAX_COUPONS_PER_CART_EXCEEDED') throw error;
    const before = await couponsOf(wire, options);
    await removeCoupons(
      wire,
      options,
      before.map((coupon) => coupon.id),
    );
    try {
      return await add(code);
    } catch (second) {
      for (const coupon of before) await add(coupon.code).catch(() => undefined);
      throw second;
    }
  }
  const others = (wire.last?.coupons ?? []).filter((coupon) => coupon.code !== code);
  const ids = others.flatMap((coupon) => (coupon.id ? [coupon.id] : []));
  return (await removeCoupons(wire, options, ids)) ?? cart;
}

/** The current cart, read (a read has nothing to keep alive). */
const readCart = (wire: V2Wire, options: CartCallOptions) =>
  wire.cartCall('GET', '', undefined, 'cart.get', { signal: options.signal });

/** The code of an error the platform answered, if any. */
function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | undefined)?.code;
}

/** Removes the coupons with these ids (every coupon of the cart when none are given). */
async function removeCoupons(
  wire: V2Wire,
  options: CartCallOptions,
  ids?: readonly string[],
): Promise<Cart | undefined> {
  let cart: Cart | undefined;
  for (const couponId of ids ?? (await couponsOf(wire, options)).map((coupon) => coupon.id)) {
    cart = await wire.cartCall(
      'POST',
      '/remove-coupon',
      { couponId },
      'cart.removeCoupon',
      options,
    );
  }
  return cart;
}

/** The cart's coupons (with an id and a code): from the last answer, else read now. */
async function couponsOf(
  wire: V2Wire,
  options: CartCallOptions,
): Promise<{ id: string; code: string }[]> {
  if (wire.last === undefined) await readCart(wire, options);
  return (wire.last?.coupons ?? []).flatMap(({ id, code }) => (id && code ? [{ id, code }] : []));
}

/** The estimate: what it is given set on the cart, then Cart V2's estimate of it. */
async function estimate(
  wire: V2Wire,
  body: EstimateBody,
  options: CartCallOptions,
): Promise<EstimateTotalsResponse> {
  if (body.shippingAddress !== undefined) {
    await wire.cartCall(
      'PATCH',
      '',
      { cart: { deliveryInfo: { address: body.shippingAddress } } },
      'cart.estimateTotals',
      options,
    );
  }
  if (body.selectedShippingOption !== undefined) {
    await setDelivery(wire, body.selectedShippingOption.code, options);
  }
  const answer = await wire.send(
    'POST',
    '/estimate',
    { calculateTax: true, calculateDelivery: true },
    options,
  );
  const estimated = answer as { cart?: CartV2; summary?: CartV2Summary };
  wire.last = estimated.cart ?? wire.last;
  return estimateFromV2(estimated);
}

/** No checkout to create: what it is given set on the cart, and the cart's id as its id. */
async function checkout(
  wire: V2Wire,
  body: CheckoutBody,
  options: CartCallOptions,
): Promise<{ checkoutId: string }> {
  const { shippingAddress, selectedShippingOption } = body;
  const cart =
    shippingAddress !== undefined || selectedShippingOption !== undefined
      ? await update(
          wire,
          {
            cartInfo: {
              ...(shippingAddress ? { contactInfo: { address: shippingAddress } } : {}),
              ...(selectedShippingOption ? { selectedShippingOption } : {}),
            },
          },
          options,
        )
      : await readCart(wire, options);
  if (!cart.id) throw new StoreArgumentError('cart', 'has no id to check out');
  return { checkoutId: cart.id };
}

/** A custom line of Cart V1's add in Cart V2's `customItems` shape. */
function customItemOf(item: CustomLineItem) {
  return {
    name: item.productName,
    quantityInfo: { requestedQuantity: item.quantity },
    pricing: { price: { amount: item.price } },
    attributes: {
      ...(item.descriptionLines ? { descriptionLines: item.descriptionLines } : {}),
      ...(item.itemType ? { itemType: item.itemType } : {}),
      ...(item.media ? { image: { url: item.media } } : {}),
    },
  };
}

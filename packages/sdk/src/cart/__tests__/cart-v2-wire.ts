/**
 * Cart V2's wire for the test platform (cart-platform.ts): a Cart V2 call read as its Cart V1
 * equivalent, and the platform's Cart V1 answer written back in Cart V2's shape
 * (platform-wire-v3.md "Cart V2"). The cart engine's tests then run unchanged on both cart APIs.
 */
import { json } from '../../__tests__/helpers.js';
import type { Cart, LineItem } from '../../models/cart.js';
import type { CartV2, CartV2LineItem } from '../../models/cart-v2.js';

const V1 = '/ecom/v1/carts/current';
const V2 = '/ecom/v2/carts/current';

type Body = Record<string, unknown>;

/** A Cart V2 call as the Cart V1 call it stands for. */
export function fromV2Call(
  method: string,
  path: string,
  body: Body,
): { method: string; path: string; body: Body } {
  const action = path.slice(V2.length);
  switch (`${method} ${action}`) {
    case 'POST /add-line-items':
      return {
        method,
        path: `${V1}/add-to-cart`,
        body: {
          lineItems: body.catalogItems,
          ...(body.customItems ? { customLineItems: body.customItems } : {}),
        },
      };
    case 'POST /update-line-items': {
      const lines = body.lineItems as { lineItemId: string; quantity: { newQuantity: number } }[];
      return {
        method,
        path: `${V1}/update-line-items-quantity`,
        body: {
          lineItems: lines.map((line) => ({
            id: line.lineItemId,
            quantity: line.quantity.newQuantity,
          })),
        },
      };
    }
    case 'POST /add-coupon':
      return { method: 'PATCH', path: V1, body: { couponCode: (body.coupon as Body).code } };
    case 'POST /remove-coupon':
      return { method, path: `${V1}/remove-coupon`, body: {} };
    case 'POST /estimate':
      return { method, path: `${V1}/estimate-totals`, body: {} };
    case 'POST /set-delivery-method':
      return {
        method: 'PATCH',
        path: V1,
        body: { cartInfo: { selectedShippingOption: body.deliveryMethod } },
      };
    case 'PATCH ': {
      const cart = body.cart as Body;
      return { method, path: V1, body: { cartInfo: { buyerNote: cart.note } } };
    }
    default:
      return { method, path: V1 + action, body };
  }
}

/** The platform's Cart V1 answer to a Cart V2 call, in Cart V2's shape. */
export async function toV2Answer(
  call: { path: string },
  response: Response | Promise<Response>,
): Promise<Response> {
  const answered = await response;
  if (answered.status !== 200) return answered;
  const body = (await answered.json()) as { cart?: Cart; priceSummary?: Body };
  if (!body.cart) return json(body);
  const cart = cartV2Of(body.cart);
  if (call.path.endsWith('/estimate-totals')) {
    return json({
      cart,
      summary: { priceSummary: { total: body.priceSummary?.total } },
    });
  }
  return json({ cart });
}

function cartV2Of(cart: Cart): CartV2 {
  return {
    ...(cart.id ? { id: cart.id } : {}),
    lineItems: cart.lineItems.map(lineV2Of),
    ...(cart.subtotal ? { subtotal: cart.subtotal } : {}),
    coupons: (cart.appliedDiscounts ?? []).flatMap((discount) =>
      discount.coupon?.code
        ? [{ id: `coupon-${discount.coupon.code}`, code: discount.coupon.code }]
        : [],
    ),
    businessInfo: { currencyCode: cart.currency ?? 'USD' },
    ...(cart.createdDate ? { createdDate: cart.createdDate } : {}),
    ...(cart.updatedDate ? { updatedDate: cart.updatedDate } : {}),
  };
}

function lineV2Of(line: LineItem): CartV2LineItem {
  return {
    id: line.id,
    ...(line.productName ? { name: line.productName } : {}),
    quantityInfo: { requestedQuantity: line.quantity, confirmedQuantity: line.quantity },
    pricing: {
      ...(line.price ? { unitPrice: line.price } : {}),
      ...(line.lineItemPrice ? { totalPrice: line.lineItemPrice } : {}),
    },
    ...(line.catalogReference ? { source: { catalogReference: line.catalogReference } } : {}),
    status: line.availability?.status === 'NOT_AVAILABLE' ? 'OUT_OF_STOCK' : 'IN_STOCK',
  };
}

/**
 * An order in the shape of the platform's eCommerce Orders API (`{order}` of
 * `GET /ecom/v1/orders/{id}`): the fields the emulator knows, named as the platform names them.
 */
import type { OrderRecord } from '../cart/model.js';
import { STORES_APP_ID, STORE_CURRENCY } from '../catalog/model.js';
import { money } from '../catalog/money.js';
import type { WireMoney } from '../catalog/money.js';

/** The emulator's eCommerce order. */
export interface WireOrder {
  id: string;
  number: string;
  checkoutId: string;
  createdDate: string;
  updatedDate: string;
  status: 'APPROVED';
  paymentStatus: 'PAID';
  fulfillmentStatus: 'NOT_FULFILLED';
  currency: string;
  buyerInfo: { visitorId: string } | { memberId: string };
  buyerEmail?: string;
  lineItems: {
    id: string;
    productName: { original: string };
    catalogReference?: { catalogItemId: string; appId: string; options?: { variantId: string } };
    quantity: number;
    price: WireMoney;
    totalPriceBeforeTax: WireMoney;
  }[];
  priceSummary: OrderRecord['priceSummary'];
  shippingInfo?: { code: string; title: string; destinationCountry?: string };
}

function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

/** Renders a recorded order. */
export function renderOrder(order: OrderRecord): WireOrder {
  return {
    id: order.id,
    number: order.number,
    checkoutId: order.checkoutId,
    createdDate: order.createdDate,
    updatedDate: order.createdDate,
    status: 'APPROVED',
    paymentStatus: 'PAID',
    fulfillmentStatus: 'NOT_FULFILLED',
    currency: STORE_CURRENCY,
    buyerInfo: { ...order.buyerInfo },
    ...(order.email !== undefined ? { buyerEmail: order.email } : {}),
    lineItems: order.lineItems.map((line, i) => ({
      id: `${order.id}-${i + 1}`,
      productName: { original: line.productName },
      ...(line.catalogItemId !== undefined
        ? {
            catalogReference: {
              catalogItemId: line.catalogItemId,
              appId: STORES_APP_ID,
              ...(line.variantId !== undefined ? { options: { variantId: line.variantId } } : {}),
            },
          }
        : {}),
      quantity: line.quantity,
      price: money(cents(line.price)),
      totalPriceBeforeTax: money(cents(line.price) * line.quantity),
    })),
    priceSummary: structuredClone(order.priceSummary),
    ...(order.shipping !== undefined ? { shippingInfo: { ...order.shipping } } : {}),
  };
}

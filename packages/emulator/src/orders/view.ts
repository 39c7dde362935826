/**
 * An order in the shape of the platform's eCommerce Orders API (`{order}` of
 * `GET /ecom/v1/orders/{id}`, and each of `orders` of `POST /ecom/v1/orders/search`): the fields
 * the emulator knows, named as the platform names them.
 */
import type { OrderRecord } from '../models/cart.js';
import type { WireImageWithId } from '../models/catalog.js';
import { STORES_APP_ID, STORE_CURRENCY } from '../models/catalog.js';
import { money } from '../catalog/money.js';
import type { WireMoney } from '../models/catalog.js';
import { absoluteUrl } from '../catalog/render.js';

/**
 * The buyer: a visitor, or a member (whose contact id is their member id in the emulator, as a
 * site member's is on the platform), with the email given at checkout.
 */
export type WireBuyerInfo = ({ visitorId: string } | { memberId: string; contactId: string }) & {
  email?: string;
};

/** The emulator's eCommerce order. */
export interface WireOrder {
  id: string;
  number: string;
  checkoutId: string;
  createdDate: string;
  updatedDate: string;
  purchasedDate: string;
  status: 'APPROVED';
  paymentStatus: 'PAID';
  fulfillmentStatus: 'NOT_FULFILLED';
  currency: string;
  buyerInfo: WireBuyerInfo;
  /** The checkout's email, as earlier versions named it; the platform's is `buyerInfo.email`. */
  buyerEmail?: string;
  lineItems: {
    id: string;
    productName: { original: string; translated: string };
    catalogReference?: { catalogItemId: string; appId: string; options?: { variantId: string } };
    quantity: number;
    price: WireMoney;
    totalPriceBeforeTax: WireMoney;
    image?: WireImageWithId;
  }[];
  priceSummary: OrderRecord['priceSummary'];
  shippingInfo?: { code: string; title: string; destinationCountry?: string };
}

function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

function buyerInfo(order: OrderRecord): WireBuyerInfo {
  const email = order.email !== undefined ? { email: order.email } : {};
  return 'memberId' in order.buyerInfo
    ? { memberId: order.buyerInfo.memberId, contactId: order.buyerInfo.memberId, ...email }
    : { visitorId: order.buyerInfo.visitorId, ...email };
}

/** Renders a recorded order; `baseUrl` makes its images' URLs absolute. */
export function renderOrder(order: OrderRecord, baseUrl: string): WireOrder {
  return {
    id: order.id,
    number: order.number,
    checkoutId: order.checkoutId,
    createdDate: order.createdDate,
    updatedDate: order.createdDate,
    purchasedDate: order.createdDate,
    status: 'APPROVED',
    paymentStatus: 'PAID',
    fulfillmentStatus: 'NOT_FULFILLED',
    currency: STORE_CURRENCY,
    buyerInfo: buyerInfo(order),
    ...(order.email !== undefined ? { buyerEmail: order.email } : {}),
    lineItems: order.lineItems.map((line, i) => ({
      id: `${order.id}-${i + 1}`,
      productName: { original: line.productName, translated: line.productName },
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
      ...(line.image
        ? { image: { ...line.image, url: absoluteUrl(baseUrl, line.image.url) } }
        : {}),
    })),
    priceSummary: structuredClone(order.priceSummary),
    ...(order.shipping !== undefined ? { shippingInfo: { ...order.shipping } } : {}),
  };
}

/**
 * Placing an order from a hosted checkout: records it, takes the sold units from tracked stock,
 * empties the cart and emits `cart_updated`. Runs inside the checkout's store transaction
 * (checkout-service.ts), so two clicks on "Place order" cannot both succeed.
 */
import type { Address, CartRecord, CheckoutRecord, OrderRecord } from '../models/cart.js';
import type { Totals } from '../cart/totals.js';
import { renderCart } from '../cart/view.js';
import { storedMediaUrl } from '../catalog/media-files.js';
import { editableProduct, getProduct, saveProduct } from '../catalog/records.js';
import type { EmulatorContext } from '../context.js';
import type { Transaction } from '../models/state.js';
import { randomId } from '../crypto/random.js';
import * as events from '../webhooks/events.js';
import { changeStock } from '../catalog-v3/inventory-service.js';

/**
 * The cart a checkout made from line items stands for: its own lines, under the checkout's id
 * (the current cart is not involved).
 */
export function checkoutCart(checkout: Readonly<CheckoutRecord>): CartRecord {
  return {
    id: checkout.cartId,
    ownerKey: checkout.ownerKey,
    buyerInfo: { ...checkout.buyerInfo },
    lineItems: [...(checkout.lineItems ?? [])],
    merchantDiscounts: [],
    ...(checkout.couponCode !== undefined ? { couponCode: checkout.couponCode } : {}),
    createdDate: checkout.createdDate,
    updatedDate: checkout.createdDate,
  };
}

/**
 * Records the order of `checkout` at the computed `totals` and empties the cart (a checkout made
 * from line items leaves the current cart as it is).
 */
export function placeOrder(
  ctx: EmulatorContext,
  tx: Transaction,
  checkout: CheckoutRecord,
  cart: CartRecord,
  totals: Totals,
  destination: Address | undefined,
): OrderRecord {
  const state = tx.state;
  const order: OrderRecord = {
    id: randomId(),
    number: String(state.nextOrderNumber),
    checkoutId: checkout.id,
    cartId: cart.id,
    buyerInfo: { ...cart.buyerInfo },
    ...(checkout.email !== undefined ? { email: checkout.email } : {}),
    lineItems: totals.lines
      .filter((l) => l.countable > 0)
      .map((l) => ({
        productName: l.wire.productName.original,
        catalogItemId: l.wire.catalogReference.catalogItemId,
        ...(l.wire.catalogReference.options?.variantId !== undefined
          ? { variantId: l.wire.catalogReference.options.variantId }
          : {}),
        quantity: l.countable,
        price: l.wire.price.amount,
        ...(l.wire.image
          ? { image: { ...l.wire.image, url: storedMediaUrl(l.wire.image.url, ctx.baseUrl) } }
          : {}),
      })),
    priceSummary: totals.priceSummary,
    ...(totals.selected
      ? {
          shipping: {
            code: totals.selected.code,
            title: totals.selected.title,
            ...(destination?.country !== undefined
              ? { destinationCountry: destination.country }
              : {}),
          },
        }
      : {}),
    createdDate: ctx.nowIso(),
  };
  state.nextOrderNumber += 1;
  state.orders[order.id] = order;
  const identity =
    'memberId' in cart.buyerInfo
      ? { identityType: 'MEMBER' as const, memberId: cart.buyerInfo.memberId }
      : {
          identityType: 'ANONYMOUS_VISITOR' as const,
          anonymousVisitorId: cart.buyerInfo.visitorId,
        };
  for (const line of cart.lineItems) {
    if (line.kind !== 'catalog') continue;
    const product = getProduct(ctx, line.catalogItemId);
    if (!product) continue;
    const copy = editableProduct(product);
    const variant =
      line.variantId !== undefined
        ? copy.variants.find((v) => v.id === line.variantId)
        : copy.variants[0];
    if (!variant?.trackQuantity) continue;
    const quantity = Math.max(0, variant.quantity - line.quantity);
    // A V3 store's stock is its inventory items: the sale is their change, with their events.
    if (ctx.options.catalog === 'v3')
      changeStock(ctx, tx, identity, copy.id, variant.id, { quantity });
    else {
      variant.quantity = quantity;
      saveProduct(ctx, tx, copy);
    }
  }
  state.checkouts[checkout.id] = { ...checkout, orderId: order.id };
  if (checkout.lineItems) return order;
  const emptied: CartRecord = {
    ...cart,
    lineItems: [],
    merchantDiscounts: [],
    updatedDate: ctx.nowIso(),
  };
  delete emptied.couponCode;
  delete emptied.checkoutId;
  state.carts[cart.ownerKey] = emptied;
  tx.emit(events.cartUpdated(identity, renderCart(ctx, emptied)));
  return order;
}

/**
 * Placing an order for a cart (from the hosted checkout page, or Cart V2's `place-order`): records
 * it, takes the sold units from tracked stock, and marks the cart ordered: it keeps its lines,
 * gets the order's id and is no longer its owner's current cart (the next add starts a new one),
 * which emits the V1 `cart_deleted` (the platform deletes a V1 cart once it is bought) and the
 * V2 `cart_updated` (`orderPlaced: true`). A checkout made from line items (`POST
 * /ecom/v1/checkouts`) has lines of its own and leaves the current cart as it is. On a Catalog V3
 * store the sold units leave the inventory items, with their events. Runs inside the caller's
 * store transaction, so two clicks on "Place order" cannot both succeed.
 */
import type { Address, CartRecord, CheckoutRecord, OrderRecord } from '../models/cart.js';
import { ownerIdentity, saveCart } from '../cart/commit.js';
import type { Totals } from '../cart/totals.js';
import { storedMediaUrl } from '../catalog/media-files.js';
import { editableProduct, getProduct, saveProduct } from '../catalog/records.js';
import type { EmulatorContext } from '../context.js';
import type { Transaction } from '../models/state.js';
import { randomId } from '../crypto/random.js';
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

/** What an order is placed from: the checkout id it records (a V2 cart's own id) and an e-mail. */
export interface OrderSource {
  checkoutId: string;
  email?: string;
}

/**
 * Records the order of `cart` at the computed `totals` and marks the cart ordered.
 * @param current whether the cart is its owner's current cart; `'checkout'` when it is a checkout
 *   made from line items (checkoutCart), which is left alone.
 */
export function placeOrder(
  ctx: EmulatorContext,
  tx: Transaction,
  checkout: OrderSource,
  cart: Readonly<CartRecord>,
  current: boolean | 'checkout',
  totals: Totals,
  destination: Address | undefined,
): OrderRecord {
  const state = tx.state;
  const order: OrderRecord = {
    id: randomId(),
    number: String(state.nextOrderNumber),
    checkoutId: checkout.checkoutId,
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
    if (ctx.options.catalog === 'v3') {
      changeStock(ctx, tx, ownerIdentity(cart), copy.id, variant.id, { quantity });
    } else {
      variant.quantity = quantity;
      saveProduct(ctx, tx, copy);
    }
  }
  if (current === 'checkout') return order;
  const ordered: CartRecord = { ...cart, orderId: order.id, updatedDate: ctx.nowIso() };
  delete ordered.checkoutId;
  saveCart(ctx, tx, ordered, {
    existing: cart,
    current: false,
    wasCurrent: current,
    who: ownerIdentity(cart),
    v1Event: 'deleted',
  });
  return order;
}

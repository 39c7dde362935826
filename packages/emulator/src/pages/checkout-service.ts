/**
 * The hosted checkout's rules: which session, checkout and cart a page shows, the totals for a
 * destination (the checkout's own address or the country chosen on the page), and placing the
 * order in one store transaction, which emits the emptied cart's `cart_updated` once the order is
 * on disk.
 */
import type { Address, CartRecord, CheckoutRecord, OrderRecord } from '../models/cart.js';
import type { Totals } from '../cart/totals.js';
import { computeTotals } from '../cart/totals.js';
import type { EmulatorContext } from '../context.js';
import type { RedirectSessionRecord } from '../models/sessions.js';
import { checkoutCart, placeOrder } from '../orders/place.js';
import { liveSession, useUpSession } from '../redirects/sessions.js';

/** A checkout page's live session, checkout and cart. */
export interface LoadedCheckout {
  session: Readonly<RedirectSessionRecord>;
  checkout: Readonly<CheckoutRecord>;
  cart: Readonly<CartRecord>;
}

/** The live session, its checkout and cart, or why the page cannot go on. */
export function loadCheckout(
  ctx: EmulatorContext,
  sessionId: string,
): LoadedCheckout | { error: string } {
  const session = liveSession(ctx, sessionId, 'ecomCheckout');
  if (!session) return { error: 'This checkout link is unknown, expired or already used.' };
  const checkouts = ctx.store.state.checkouts;
  const checkoutId = session.checkoutId ?? '';
  const checkout = Object.hasOwn(checkouts, checkoutId) ? checkouts[checkoutId] : undefined;
  if (!checkout || checkout.orderId !== undefined)
    return { error: 'This checkout was already completed.' };
  const cart = checkout.lineItems
    ? checkoutCart(checkout)
    : ctx.store.state.carts[checkout.ownerKey];
  if (!cart || cart.id !== checkout.cartId || cart.lineItems.length === 0)
    return { error: 'The cart of this checkout is empty or gone.' };
  return { session, checkout, cart };
}

/** The country the checkout's own address names, if any. */
export function ownCountry({ checkout }: LoadedCheckout): string | undefined {
  return (checkout.shippingAddress ?? checkout.billingAddress)?.country;
}

/** Totals for a destination: the checkout's own address, or the country chosen on the page. */
export function checkoutTotals(
  ctx: EmulatorContext,
  { checkout, cart }: LoadedCheckout,
  country: string | undefined,
  option?: string,
): { totals: Totals; destination: Address | undefined } {
  const own = checkout.shippingAddress ?? checkout.billingAddress;
  const destination: Address | undefined =
    country === undefined || country === own?.country ? own : { country };
  const code = option ?? checkout.selectedShippingOption?.code;
  const totals = computeTotals(ctx, cart, {
    ...(code !== undefined ? { selectedShippingOption: { code } } : {}),
    ...(destination ? { shippingAddress: destination } : {}),
  });
  return { totals, destination };
}

/** Places the order for a destination and delivery option, and uses the session up. */
export function placeCheckoutOrder(
  ctx: EmulatorContext,
  loaded: LoadedCheckout,
  country: string,
  option: string | undefined,
): Promise<OrderRecord> {
  return ctx.store.transaction((tx) => {
    const { totals, destination } = checkoutTotals(ctx, loaded, country, option);
    const order = placeOrder(ctx, tx, loaded.checkout, loaded.cart, totals, destination);
    useUpSession(tx, loaded.session);
    return order;
  });
}

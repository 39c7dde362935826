/**
 * The hosted checkout's rules: which session, checkout and cart a page shows, the totals for a
 * destination (the checkout's own address or the country chosen on the page), and placing the
 * order in one store transaction, whose cart events go out once the order is on disk.
 *
 * A session's checkout id names a V1 checkout (of the current cart, or made from line items, with
 * lines of its own), or (with Cart V2) a V2 cart: a V2 cart's id doubles as its checkout id, as
 * the platform's sample code uses it. Such a cart's page reads its delivery address and method
 * from the cart itself.
 */
import type { Address, CartRecord, CheckoutRecord, OrderRecord } from '../models/cart.js';
import type { Totals } from '../cart/totals.js';
import { computeTotals } from '../cart/totals.js';
import type { EmulatorContext } from '../context.js';
import type { RedirectSessionRecord } from '../models/sessions.js';
import { cartById, currentCartOf } from '../cart/records.js';
import { checkoutCart, placeOrder } from '../orders/place.js';
import { liveSession, useUpSession } from '../redirects/sessions.js';

/** A checkout page's live session, checkout and cart. */
export interface LoadedCheckout {
  session: Readonly<RedirectSessionRecord>;
  checkout: Readonly<CheckoutRecord>;
  cart: Readonly<CartRecord>;
  /**
   * Whether the cart is its owner's current cart; `'checkout'` for a checkout made from line
   * items, whose cart is its own lines.
   */
  current: boolean | 'checkout';
  /** Whether the checkout is a V2 cart's own (no V1 checkout record behind it). */
  ofCartV2: boolean;
}

/** A V2 cart seen as the checkout its id doubles as. */
function cartAsCheckout(cart: Readonly<CartRecord>): CheckoutRecord {
  return {
    id: cart.id,
    cartId: cart.id,
    ownerKey: cart.ownerKey,
    buyerInfo: { ...cart.buyerInfo },
    channelType: 'WEB',
    ...(cart.email !== undefined ? { email: cart.email } : {}),
    ...(cart.contactInfo?.address ? { shippingAddress: cart.contactInfo.address } : {}),
    ...(cart.billingAddress ? { billingAddress: cart.billingAddress } : {}),
    ...(cart.selectedShippingOption ? { selectedShippingOption: cart.selectedShippingOption } : {}),
    createdDate: cart.createdDate,
    ...(cart.orderId !== undefined ? { orderId: cart.orderId } : {}),
  };
}

const COMPLETED = { error: 'This checkout was already completed.' };
const EMPTY = { error: 'The cart of this checkout is empty or gone.' };

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
  if (!checkout) {
    const found = ctx.options.cartV2 ? cartById(ctx, checkoutId) : undefined;
    if (found?.cart.orderId !== undefined) return COMPLETED;
    if (!found || found.cart.lineItems.length === 0) return EMPTY;
    const { cart, current } = found;
    return { session, checkout: cartAsCheckout(cart), cart, current, ofCartV2: true };
  }
  if (checkout.orderId !== undefined) return COMPLETED;
  if (checkout.lineItems) {
    const cart = checkoutCart(checkout);
    if (cart.lineItems.length === 0) return EMPTY;
    return { session, checkout, cart, current: 'checkout', ofCartV2: false };
  }
  const cart = currentCartOf(ctx.store.state, checkout.ownerKey);
  if (!cart || cart.id !== checkout.cartId || cart.lineItems.length === 0) return EMPTY;
  return { session, checkout, cart, current: true, ofCartV2: false };
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
    const { checkout, cart, current } = loaded;
    const source = {
      checkoutId: checkout.id,
      ...(checkout.email ? { email: checkout.email } : {}),
    };
    const order = placeOrder(ctx, tx, source, cart, current, totals, destination);
    if (!loaded.ofCartV2) tx.state.checkouts[checkout.id] = { ...checkout, orderId: order.id };
    useUpSession(tx, loaded.session);
    return order;
  });
}

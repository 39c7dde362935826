/**
 * Cart V2's pricing and purchase: `calculate` and `estimate` (the cart and its summary, which
 * queue `cart_calculated`), `get-checkout-url` (the emulator's hosted checkout page for the cart,
 * whose id doubles as its checkout id) and `place-order` (the order, paid at once: the emulator
 * takes no money).
 */
import type { EmulatorContext } from '../context.js';
import { cartCalculated } from '../cart/commit.js';
import { renderCartV2 } from '../cart/v2-view.js';
import { applicationError } from '../http/errors.js';
import type { WireCartSummary, WireCartV2 } from '../models/cart-v2.js';
import { placeOrder } from '../orders/place.js';
import { createRedirectSession } from '../redirects/session-service.js';
import { identityOf } from '../webhooks/identity.js';
import type { SummaryOptions } from './summary.js';
import { priceToken, summarize } from './summary.js';
import type { CartTarget } from './target.js';
import { locateOpen } from './target.js';

/** `calculate` (everything) and `estimate` (what its flags ask for): the cart and its summary. */
export function calculateCart(
  ctx: EmulatorContext,
  target: CartTarget,
  options: SummaryOptions,
): Promise<{ cart: WireCartV2; summary: WireCartSummary }> {
  return ctx.store.transaction((tx) => {
    const { cart, current } = locateOpen(ctx, target);
    const { summary } = summarize(ctx, cart, options);
    cartCalculated(ctx, tx, cart, current, summary, identityOf(target.caller));
    return { cart: renderCartV2(ctx, cart, current), summary };
  });
}

function emptyCart() {
  return applicationError(428, 'EMPTY_CART', 'Nothing in the cart can be bought');
}

/**
 * `get-checkout-url`: the cart's `customCheckoutUrl` (`{checkout_id}` replaced by its id), else
 * the emulator's hosted checkout page for it (a redirect session of the cart's id).
 * @throws {ApiError} 404, 428 `CART_ALREADY_ORDERED` or `EMPTY_CART`.
 */
export async function checkoutUrl(
  ctx: EmulatorContext,
  target: CartTarget,
): Promise<{ checkoutUrl: string }> {
  const { cart } = locateOpen(ctx, target);
  if (cart.lineItems.length === 0) throw emptyCart();
  if (cart.customCheckoutUrl !== undefined)
    return { checkoutUrl: cart.customCheckoutUrl.replaceAll('{checkout_id}', cart.id) };
  const { redirectSession } = await createRedirectSession(ctx, target.caller, {
    ecomCheckout: { checkoutId: cart.id },
  });
  return { checkoutUrl: redirectSession.fullUrl };
}

/**
 * `place-order`: records the order for the cart at its calculated totals (delivery and tax to the
 * cart's address), takes the stock, and marks the cart ordered.
 * @throws {ApiError} 404; 428 `CART_ALREADY_ORDERED`, `EMPTY_CART`; 400
 *   `INVALID_PRICE_VERIFICATION_TOKEN` when the prices changed since the token's summary.
 */
export function placeCartOrder(
  ctx: EmulatorContext,
  target: CartTarget,
  token: string | undefined,
): Promise<{ orderId: string; completed: boolean }> {
  return ctx.store.transaction((tx) => {
    const { cart, current } = locateOpen(ctx, target);
    const { totals } = summarize(ctx, cart, { calculateDelivery: true, calculateTax: true });
    if (!totals.lines.some((l) => l.countable > 0)) throw emptyCart();
    if (token !== undefined && token !== priceToken(cart, totals.totalCents))
      throw applicationError(
        400,
        'INVALID_PRICE_VERIFICATION_TOKEN',
        'The cart or its prices changed since this token was calculated: calculate again',
      );
    const source = {
      checkoutId: cart.id,
      ...(cart.email !== undefined ? { email: cart.email } : {}),
    };
    const destination = cart.contactInfo?.address ?? cart.billingAddress;
    const order = placeOrder(ctx, tx, source, cart, current, totals, destination);
    return { orderId: order.id, completed: true };
  });
}

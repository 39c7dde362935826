/**
 * The hosted checkout page of `ecomCheckout` sessions. It shows the order; when the destination
 * is not known yet it asks for the country and delivery option ("Review total") before it shows
 * shipping, tax and the total; "Place order" records the order and returns to the shop: to
 * `callbacks.thankYouPageUrl` with `?orderId=…` appended, as the platform does after an
 * eCommerce checkout, else to `callbacks.postFlowUrl`. Both forms carry the flow's anti-forgery
 * token.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { Address } from '../cart/model.js';
import { computeTotals } from '../cart/totals.js';
import type { AppEnv, EmulatorContext } from '../context.js';
import { readForm } from '../http/body.js';
import { acceptsQuery } from '../http/query-params.js';
import { CHECKOUT_COUNTRIES, checkoutBody } from './checkout-view.js';
import { forgedPostReason, formToken } from './form-token.js';
import { esc, htmlPage } from './html.js';
import { placeOrder } from './place-order.js';

type C = Context<AppEnv>;

const COUNTRY_CODES = new Set(CHECKOUT_COUNTRIES.map(([code]) => code));

/** Hosted checkout pages. */
export function checkoutPages(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const errorPage = (c: C, message: string, status: 400 | 403 = 400) =>
    c.html(htmlPage('Cannot continue', `<p class="error">${esc(message)}</p>`), status);

  /** The live session, its checkout and cart, or why the page cannot go on. */
  const load = (id: string) => {
    const sessions = ctx.store.state.redirectSessions;
    const session = Object.hasOwn(sessions, id) ? sessions[id] : undefined;
    if (
      !session ||
      session.kind !== 'ecomCheckout' ||
      session.used ||
      session.expiresAt <= ctx.now()
    )
      return { error: 'This checkout link is unknown, expired or already used.' } as const;
    const checkouts = ctx.store.state.checkouts;
    const checkoutId = session.checkoutId ?? '';
    const checkout = Object.hasOwn(checkouts, checkoutId) ? checkouts[checkoutId] : undefined;
    const cart = checkout ? ctx.store.state.carts[checkout.ownerKey] : undefined;
    if (!checkout || checkout.orderId !== undefined)
      return { error: 'This checkout was already completed.' } as const;
    if (!cart || cart.id !== checkout.cartId || cart.lineItems.length === 0)
      return { error: 'The cart of this checkout is empty or gone.' } as const;
    return { session, checkout, cart } as const;
  };

  type Loaded = Exclude<ReturnType<typeof load>, { error: string }>;

  /** Totals for a destination: the checkout's own address, or the country chosen on the page. */
  const totalsFor = ({ checkout, cart }: Loaded, country: string | undefined, option?: string) => {
    const own = checkout.shippingAddress ?? checkout.billingAddress;
    const destination: Address | undefined =
      country === undefined || country === own?.country ? own : { country };
    const code = option ?? checkout.selectedShippingOption?.code;
    const totals = computeTotals(ctx, cart, {
      ...(code !== undefined ? { selectedShippingOption: { code } } : {}),
      ...(destination ? { shippingAddress: destination } : {}),
    });
    return { totals, destination };
  };

  const page = (
    c: C,
    loaded: Loaded,
    country: string | undefined,
    option?: string,
    error?: string,
  ) => {
    const { totals } = totalsFor(loaded, country, option);
    const known =
      country ?? (loaded.checkout.shippingAddress ?? loaded.checkout.billingAddress)?.country;
    return c.html(
      htmlPage(
        'Review your order',
        checkoutBody({
          totals,
          country: known,
          sessionId: loaded.session.id,
          formToken: formToken(ctx, `checkout:${loaded.session.id}`),
          ...(error !== undefined ? { error } : {}),
        }),
      ),
      error === undefined ? 200 : 400,
    );
  };

  app.get('/checkout', acceptsQuery('redirectSessionId'), (c) => {
    const loaded = load(c.req.query('redirectSessionId') ?? '');
    if ('error' in loaded) return errorPage(c, loaded.error);
    return page(c, loaded, undefined);
  });

  app.post('/checkout', async (c) => {
    const form = await readForm(c);
    const loaded = load((form.get('redirectSessionId') ?? '').slice(0, 100));
    if ('error' in loaded) return errorPage(c, loaded.error);
    const reason = forgedPostReason(ctx, c, form, `checkout:${loaded.session.id}`);
    if (reason !== undefined) return errorPage(c, `${reason} Go back and try again.`, 403);
    const chosen = form.get('country') ?? '';
    const own = (loaded.checkout.shippingAddress ?? loaded.checkout.billingAddress)?.country;
    const country = COUNTRY_CODES.has(chosen) ? chosen : chosen === '' ? own : undefined;
    const option = form.get('shippingOption') ?? undefined;
    const { totals } = totalsFor(loaded, country);
    if (country === undefined)
      return page(c, loaded, undefined, undefined, 'Choose the country the order goes to.');
    if (totals.shippable && !totals.offered.some((o) => o.code === option))
      return page(c, loaded, undefined, undefined, 'Choose a delivery option.');
    if (form.get('intent') !== 'place') return page(c, loaded, country, option);

    const placed = totalsFor(loaded, country, option);
    const order = placeOrder(ctx, loaded.checkout, loaded.cart, placed.totals, placed.destination);
    loaded.session.used = true;
    await ctx.store.commit();
    const { thankYouPageUrl, postFlowUrl } = loaded.session;
    if (thankYouPageUrl !== undefined) {
      const target = new URL(thankYouPageUrl);
      target.searchParams.set('orderId', order.id);
      return c.redirect(target.href, 303);
    }
    if (postFlowUrl !== undefined) return c.redirect(postFlowUrl, 303);
    return c.html(htmlPage('Thank you', `<p>Order #${esc(order.number)} is placed.</p>`));
  });

  return app;
}

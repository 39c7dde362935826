/**
 * The hosted checkout page of `ecomCheckout` sessions. It shows the order; when the destination
 * is not known yet it asks for the country and delivery option ("Review total") before it shows
 * shipping, tax and the total; "Place order" records the order (checkout-service.ts) and returns
 * to the shop: to `callbacks.thankYouPageUrl` with `?orderId=…` appended, as the platform does
 * after an eCommerce checkout, else to `callbacks.postFlowUrl`. Both forms carry the flow's
 * anti-forgery token. The page's HTML is checkout-view.ts.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { acceptsQuery } from '../http/query-params.js';
import { formBody } from '../http/validate.js';
import type { LoadedCheckout } from './checkout-service.js';
import {
  checkoutTotals,
  loadCheckout,
  ownCountry,
  placeCheckoutOrder,
} from './checkout-service.js';
import { checkoutBody } from './checkout-view.js';
import { forgedPostReason, formToken } from './form-token.js';
import { errorPage, esc, htmlPage } from './html.js';
import { checkoutFields } from './inputs.js';

type C = Context<AppEnv>;

/** Hosted checkout pages. */
export function checkoutPages(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const flow = (loaded: LoadedCheckout) => `checkout:${loaded.session.id}`;

  const page = (
    c: C,
    loaded: LoadedCheckout,
    country: string | undefined,
    option?: string,
    error?: string,
  ) => {
    const { totals } = checkoutTotals(ctx, loaded, country, option);
    const body = checkoutBody({
      totals,
      country: country ?? ownCountry(loaded),
      sessionId: loaded.session.id,
      formToken: formToken(ctx, flow(loaded)),
      ...(error !== undefined ? { error } : {}),
    });
    return c.html(htmlPage('Review your order', body), error === undefined ? 200 : 400);
  };

  app.get('/checkout', acceptsQuery('redirectSessionId'), (c) => {
    const loaded = loadCheckout(ctx, c.req.query('redirectSessionId') ?? '');
    if ('error' in loaded) return c.html(errorPage(loaded.error), 400);
    return page(c, loaded, undefined);
  });

  const checkoutForm = formBody({
    guard: (c, form) => {
      const loaded = loadCheckout(ctx, (form.get('redirectSessionId') ?? '').slice(0, 100));
      if ('error' in loaded) return c.html(errorPage(loaded.error), 400);
      const reason = forgedPostReason(ctx, c, form, flow(loaded));
      if (reason !== undefined) return c.html(errorPage(`${reason} Go back and try again.`), 403);
      return loaded;
    },
    fields: checkoutFields,
    invalid: (c, message, loaded) => page(c, loaded, undefined, undefined, message),
  });
  app.post('/checkout', checkoutForm, async (c) => {
    const { subject: loaded, fields } = c.req.valid('form');
    const country = fields.country === '' ? ownCountry(loaded) : fields.country;
    const option = fields.shippingOption;
    const { totals } = checkoutTotals(ctx, loaded, country);
    if (country === undefined)
      return page(c, loaded, undefined, undefined, 'Choose the country the order goes to.');
    if (totals.shippable && !totals.offered.some((o) => o.code === option))
      return page(c, loaded, undefined, undefined, 'Choose a delivery option.');
    if (fields.intent !== 'place') return page(c, loaded, country, option);

    const order = await placeCheckoutOrder(ctx, loaded, country, option);
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

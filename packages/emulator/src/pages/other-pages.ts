/**
 * The simple product page of `storesProduct` sessions and a placeholder for the flows the
 * emulator does not implement (bookings, events, paid plans, login).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { money } from '../catalog/money.js';
import { absoluteUrl } from '../catalog/render.js';
import { allProducts } from '../catalog/records.js';
import { acceptsQuery } from '../http/query-params.js';
import { findSession } from '../redirects/sessions.js';
import { esc, htmlPage } from './html.js';

/** Product and placeholder pages. */
export function otherPages(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/product-page/:slug', acceptsQuery('redirectSessionId'), (c) => {
    const slug = c.req.param('slug');
    const product = allProducts(ctx).find((p) => p.slug === slug);
    if (!product)
      return c.html(
        htmlPage('Not found', '<p class="error">No product has this address.</p>'),
        404,
      );
    const image = product.media[0];
    return c.html(
      htmlPage(
        product.name,
        `${image ? `<img src="${esc(absoluteUrl(ctx.baseUrl, image.url))}" alt="" width="320" height="320">` : ''}<p>${esc(product.description)}</p><p><strong>${esc(money(Math.round(product.price * 100)).formattedAmount)}</strong></p>`,
      ),
    );
  });

  app.get('/flow', acceptsQuery('redirectSessionId'), (c) => {
    const id = c.req.query('redirectSessionId') ?? '';
    const session = findSession(ctx, id);
    if (!session)
      return c.html(
        htmlPage('Cannot continue', '<p class="error">This link is unknown or expired.</p>'),
        400,
      );
    const back =
      session.postFlowUrl !== undefined
        ? `<p><a href="${esc(session.postFlowUrl)}">Continue</a></p>`
        : '';
    return c.html(
      htmlPage(
        'Not emulated',
        `<p>The "${esc(session.section)}" flow is not part of the emulator.</p>${back}`,
      ),
    );
  });

  return app;
}

/**
 * The hosted checkout page of `ecomCheckout` sessions: shows the order and, on "Place order",
 * records it, takes the stock, empties the cart and returns to `postFlowUrl`. Also the simple
 * product page (`storesProduct`) and a placeholder for flows the emulator does not implement.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { CartRecord, OrderRecord } from '../cart/model.js';
import { computeTotals } from '../cart/totals.js';
import type { AppEnv, EmulatorContext } from '../context.js';
import { readForm } from '../http/body.js';
import { acceptsQuery } from '../http/query-params.js';
import { money } from '../catalog/money.js';
import { absoluteUrl } from '../catalog/render.js';
import { allProducts, editableProduct, getProduct, saveProduct } from '../catalog/store.js';
import { randomId } from '../oauth/secrets.js';
import * as events from '../webhooks/events.js';
import { renderCart } from '../cart/view.js';
import { esc, hidden, htmlPage } from './html.js';
import type { RedirectSessionRecord } from './model.js';

type C = Context<AppEnv>;

/** Hosted checkout, product and placeholder pages. */
export function checkoutPages(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const errorPage = (c: C, message: string) =>
    c.html(htmlPage('Cannot continue', `<p class="error">${esc(message)}</p>`), 400);

  const load = (id: string) => {
    const session = Object.hasOwn(ctx.store.state.redirectSessions, id)
      ? ctx.store.state.redirectSessions[id]
      : undefined;
    if (
      !session ||
      session.kind !== 'ecomCheckout' ||
      session.used ||
      session.expiresAt <= ctx.now()
    )
      return { error: 'This checkout link is unknown, expired or already used.' } as const;
    const checkout = ctx.store.state.checkouts[session.checkoutId ?? ''];
    const cart = checkout ? ctx.store.state.carts[checkout.ownerKey] : undefined;
    if (!checkout || checkout.orderId !== undefined)
      return { error: 'This checkout was already completed.' } as const;
    if (!cart || cart.id !== checkout.cartId || cart.lineItems.length === 0)
      return { error: 'The cart of this checkout is empty or gone.' } as const;
    const totals = computeTotals(ctx, cart, {
      ...(checkout.selectedShippingOption
        ? { selectedShippingOption: checkout.selectedShippingOption }
        : {}),
      ...(checkout.shippingAddress ? { shippingAddress: checkout.shippingAddress } : {}),
      ...(checkout.billingAddress ? { billingAddress: checkout.billingAddress } : {}),
    });
    return { session, checkout, cart, totals } as const;
  };

  app.get('/checkout', acceptsQuery('redirectSessionId'), (c) => {
    const loaded = load(c.req.query('redirectSessionId') ?? '');
    if ('error' in loaded) return errorPage(c, loaded.error);
    const { session, totals } = loaded;
    const rows = totals.lines
      .map(
        (l) =>
          `<tr><td>${esc(l.wire.productName.original)}${l.countable < l.wire.quantity ? ` <span class="note">(${l.countable} available)</span>` : ''}</td><td class="n">× ${l.countable}</td><td class="n">${esc(money(l.unitCents * l.countable).formattedAmount)}</td></tr>`,
      )
      .join('');
    const s = totals.priceSummary;
    const summary = [
      ['Subtotal', s.subtotal],
      ['Discount', s.discount],
      ['Shipping', s.shipping],
      ['Tax', s.tax],
      ['Total', s.total],
    ]
      .map(
        ([label, m]) =>
          `<tr><th>${esc(label as string)}</th><td></td><td class="n">${esc((m as { formattedAmount: string }).formattedAmount)}</td></tr>`,
      )
      .join('');
    return c.html(
      htmlPage(
        'Review your order',
        `<table>${rows}${summary}</table><form method="post" action="/checkout">${hidden('redirectSessionId', session.id)}<button type="submit">Place order</button></form>`,
      ),
    );
  });

  app.post('/checkout', async (c) => {
    const form = await readForm(c);
    const loaded = load((form.get('redirectSessionId') ?? '').slice(0, 100));
    if ('error' in loaded) return errorPage(c, loaded.error);
    const { session, checkout, cart, totals } = loaded;
    const state = ctx.store.state;
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
        })),
      priceSummary: totals.priceSummary,
      createdDate: ctx.nowIso(),
    };
    state.nextOrderNumber += 1;
    state.orders[order.id] = order;
    // Take the sold units from tracked stock.
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
      variant.quantity = Math.max(0, variant.quantity - line.quantity);
      saveProduct(ctx, copy);
    }
    const emptied: CartRecord = {
      ...cart,
      lineItems: [],
      merchantDiscounts: [],
      updatedDate: ctx.nowIso(),
    };
    delete emptied.couponCode;
    delete emptied.checkoutId;
    state.carts[cart.ownerKey] = emptied;
    state.checkouts[checkout.id] = { ...checkout, orderId: order.id };
    session.used = true;
    await ctx.store.commit();
    const identity =
      'memberId' in cart.buyerInfo
        ? { identityType: 'MEMBER' as const, memberId: cart.buyerInfo.memberId }
        : {
            identityType: 'ANONYMOUS_VISITOR' as const,
            anonymousVisitorId: cart.buyerInfo.visitorId,
          };
    ctx.webhooks.emit(events.cartUpdated(identity, renderCart(ctx, emptied)));
    if (session.postFlowUrl !== undefined) return c.redirect(session.postFlowUrl, 303);
    return c.html(htmlPage('Thank you', `<p>Order #${esc(order.number)} is placed.</p>`));
  });

  app.get('/product-page/:slug', acceptsQuery('redirectSessionId'), (c) => {
    const slug = c.req.param('slug');
    const product = allProducts(ctx).find((p) => p.slug === slug);
    if (!product) return c.html(htmlPage('Not found', '<p>No product has this address.</p>'), 404);
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
    const session: RedirectSessionRecord | undefined = Object.hasOwn(
      ctx.store.state.redirectSessions,
      id,
    )
      ? ctx.store.state.redirectSessions[id]
      : undefined;
    if (!session) return errorPage(c, 'This link is unknown or expired.');
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

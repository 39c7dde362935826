/**
 * Orders placed on the hosted checkout page, read as the platform's eCommerce Orders API reads
 * them:
 * - `GET /ecom/v1/orders/{id}` is merchant-side: it needs an elevated credential (the API key),
 *   and a shopper's visitor or member token is refused with 403, even with `openWrites`. A shop
 *   learns its new order's id from the checkout's `thankYouPageUrl` (`?orderId=…`) and reads the
 *   order from its server.
 * - `POST /ecom/v1/orders/search` answers the API key every order, and a member their own
 *   orders only (a filter cannot reach another member's), which is how a shop shows a signed-in
 *   member their past orders. A visitor is not a member: 403.
 */
import { Hono } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.js';
import { callerOf, requireElevated } from '../http/auth.js';
import { readJsonObject } from '../http/body.js';
import { applicationError, notFound } from '../http/errors.js';
import { runQuery } from '../catalog/query.js';
import { encodeCursor, parseOrderSearch } from './search.js';
import { renderOrder, type WireOrder } from './view.js';

/** The order routes. */
export function orderRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/ecom/v1/orders/:id', requireElevated(ctx, { openable: false }), (c) => {
    const id = c.req.param('id');
    const order = Object.hasOwn(ctx.store.state.orders, id)
      ? ctx.store.state.orders[id]
      : undefined;
    if (!order) throw notFound('No order has this id');
    return c.json({ order: renderOrder(order, ctx.baseUrl) });
  });

  app.post('/ecom/v1/orders/search', async (c) => {
    const caller = callerOf(c);
    if (caller.role === 'visitor')
      throw applicationError(
        403,
        'PERMISSION_DENIED',
        'Only a member can search their own orders; a visitor is not a member',
      );
    const search = parseOrderSearch(await readJsonObject(c));
    const memberId = caller.role === 'member' ? caller.memberId : undefined;
    // Newest first among equal dates: the state keeps orders in the order they were placed.
    const orders: WireOrder[] = Object.values(ctx.store.state.orders)
      .filter(
        (o) =>
          memberId === undefined ||
          ('memberId' in o.buyerInfo && o.buyerInfo.memberId === memberId),
      )
      .reverse()
      .map((o) => renderOrder(o, ctx.baseUrl));
    const { items, total } = runQuery(orders, search);
    const next = search.offset + items.length;
    const cursorOf = (offset: number) =>
      encodeCursor({ offset, filter: search.filter, sort: search.sortAsSent });
    return c.json({
      orders: items,
      metadata: {
        count: items.length,
        cursors: {
          ...(next < total ? { next: cursorOf(next) } : {}),
          ...(search.offset > 0
            ? { prev: cursorOf(Math.max(0, search.offset - search.limit)) }
            : {}),
        },
        hasNext: next < total,
      },
    });
  });
  return app;
}

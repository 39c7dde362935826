/**
 * `GET /ecom/v1/orders/{id}`: an order placed on the hosted checkout page. As on the platform,
 * reading orders needs an elevated credential (the API key); a shopper's visitor or member token
 * is refused with 403, even with `openWrites`. A shop learns its new order's id from the
 * checkout's `thankYouPageUrl` (`?orderId=…`) and reads the order from its server.
 */
import { Hono } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.js';
import { requireElevated } from '../http/auth.js';
import { notFound } from '../http/errors.js';
import { renderOrder } from './view.js';

/** The order routes. */
export function orderRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/ecom/v1/orders/*', requireElevated(ctx, { openable: false }));
  app.get('/ecom/v1/orders/:id', (c) => {
    const id = c.req.param('id');
    const order = Object.hasOwn(ctx.store.state.orders, id)
      ? ctx.store.state.orders[id]
      : undefined;
    if (!order) throw notFound('No order has this id');
    return c.json({ order: renderOrder(order, ctx.baseUrl) });
  });
  return app;
}

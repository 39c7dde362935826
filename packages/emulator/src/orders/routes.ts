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
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { callerOf, requireElevated } from '../http/auth.js';
import { applicationError } from '../http/errors.js';
import { jsonRequest } from '../http/validate.js';
import { parseOrderSearch } from './search.js';
import { orderById, searchOrders } from './service.js';

/** Middleware: the API key or a member; a visitor is not a member (403). */
function requireMemberOrApp(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (callerOf(c).role === 'visitor')
      throw applicationError(
        403,
        'PERMISSION_DENIED',
        'Only a member can search their own orders; a visitor is not a member',
      );
    await next();
  };
}

/** The order routes: each checks the caller and the request, then calls the order service. */
export function orderRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/ecom/v1/orders/:id', requireElevated(ctx.options, { openable: false }), (c) =>
    c.json(orderById(ctx, c.req.param('id'))),
  );
  app.post('/ecom/v1/orders/search', requireMemberOrApp(), jsonRequest(parseOrderSearch), (c) => {
    const caller = callerOf(c);
    const memberId = caller.role === 'member' ? caller.memberId : undefined;
    return c.json(searchOrders(ctx, memberId, c.req.valid('json')));
  });
  return app;
}

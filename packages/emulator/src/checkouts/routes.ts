/**
 * Checkout V1's create (`POST /ecom/v1/checkouts`, the official client's
 * `@wix/auto_sdk_ecom_checkout` `createCheckout`): a checkout made from line items, for the
 * caller's visitor or member identity (the API key has none: 403).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { identityCallerOf } from '../http/auth.js';
import { jsonBody } from '../http/validate.js';
import { createCheckoutBody } from './inputs.js';
import { createCheckout } from './service.js';

/** The checkout routes. */
export function checkoutRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/ecom/v1/checkouts', jsonBody(createCheckoutBody), async (c) =>
    c.json(await createCheckout(ctx, identityCallerOf(c), c.req.valid('json'))),
  );
  return app;
}

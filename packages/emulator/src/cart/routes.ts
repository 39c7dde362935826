/**
 * The current cart's routes (platform-wire.md "Current cart"): each checks its body, then calls
 * the cart service (service.ts) for the caller's visitor or member identity, and answers.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { identityCallerOf } from '../http/auth.js';
import { emptyBody } from '../http/schema.js';
import { jsonBody } from '../http/validate.js';
import {
  addToCartBody,
  createCheckoutBody,
  estimateBody,
  removeLinesBody,
  updateCartBody,
  updateQuantitiesBody,
} from './inputs.js';
import * as cart from './service.js';

const JSON_TYPE = { 'Content-Type': 'application/json' };

/** The current cart routes. */
export function cartRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = '/ecom/v1/carts/current';

  app.get(base, (c) => c.body(cart.readCart(ctx, identityCallerOf(c)), 200, JSON_TYPE));

  app.post(`${base}/add-to-cart`, jsonBody(addToCartBody), async (c) =>
    c.json(await cart.addToCart(ctx, identityCallerOf(c), c.req.valid('json'))),
  );

  app.patch(base, jsonBody(updateCartBody), async (c) =>
    c.json(await cart.updateCart(ctx, identityCallerOf(c), c.req.valid('json'))),
  );

  app.post(`${base}/remove-line-items`, jsonBody(removeLinesBody), async (c) => {
    const { lineItemIds } = c.req.valid('json');
    return c.json(await cart.removeLineItems(ctx, identityCallerOf(c), lineItemIds));
  });

  app.post(`${base}/update-line-items-quantity`, jsonBody(updateQuantitiesBody), async (c) => {
    const { lineItems } = c.req.valid('json');
    return c.json(await cart.updateQuantities(ctx, identityCallerOf(c), lineItems));
  });

  app.post(`${base}/remove-coupon`, jsonBody(emptyBody), async (c) =>
    c.json(await cart.removeCoupon(ctx, identityCallerOf(c))),
  );

  app.post(`${base}/estimate-totals`, jsonBody(estimateBody), (c) =>
    c.json(cart.estimateTotals(ctx, identityCallerOf(c), c.req.valid('json'))),
  );

  app.post(`${base}/create-checkout`, jsonBody(createCheckoutBody), async (c) =>
    c.json(await cart.createCheckout(ctx, identityCallerOf(c), c.req.valid('json'))),
  );

  app.delete(base, async (c) => {
    await cart.deleteCart(ctx, identityCallerOf(c));
    return c.json({});
  });

  return app;
}

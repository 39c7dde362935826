/**
 * Merchant-side collection routes (platform-wire.md "Catalog write"): each checks its body, calls
 * the collection write service, and answers. Allowed for the API key, like product writes.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { jsonBody } from '../http/validate.js';
import * as collections from './collection-write-service.js';
import { collectionCreateBody, collectionUpdateBody, productIdsBody } from './inputs.js';

/** The collection write routes. */
export function collectionWriteRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = '/stores/v1/collections';

  for (const [suffix, mode] of [
    ['', 'add'],
    ['/delete', 'remove'],
  ] as const) {
    app.post(`${base}/:id/productIds${suffix}`, jsonBody(productIdsBody), async (c) => {
      const { productIds } = c.req.valid('json');
      await collections.changeMembership(ctx, callerOf(c), c.req.param('id'), mode, productIds);
      return c.json({});
    });
  }

  app.post(base, jsonBody(collectionCreateBody), async (c) =>
    c.json(await collections.createCollection(ctx, callerOf(c), c.req.valid('json').collection)),
  );

  app.patch(`${base}/:id`, jsonBody(collectionUpdateBody), async (c) => {
    const input = c.req.valid('json').collection;
    return c.json(await collections.updateCollection(ctx, callerOf(c), c.req.param('id'), input));
  });

  app.delete(`${base}/:id`, async (c) => {
    await collections.deleteCollection(ctx, callerOf(c), c.req.param('id'));
    return c.json({});
  });

  return app;
}

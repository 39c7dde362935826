/**
 * Merchant-side product routes (platform-wire.md "Catalog write"): each checks its body, calls
 * the product, variant or bulk write service, and answers. The API key is required by the app
 * (or any token with `openWrites`).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { emptyBody } from '../http/schema.js';
import { jsonBody } from '../http/validate.js';
import { bulkAdjust, bulkUpdate } from './bulk-write-service.js';
import {
  bulkAdjustBody,
  bulkUpdateBody,
  choiceMediaBody,
  mediaAddBody,
  mediaDeleteBody,
  productCreateBody,
  productUpdateBody,
  variantsUpdateBody,
} from './inputs.js';
import * as products from './product-write-service.js';
import { resetVariants, updateVariants } from './variant-write-service.js';

/** Both paths of each product call: Products V1 and V2 "platformized". */
const PRODUCTS = ['/stores/v1/products', '/stores/v2/products-platformized'];

/** The product write routes. */
export function productWriteRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const id = (c: Context<AppEnv>) => c.req.param('id') ?? '';

  for (const base of PRODUCTS) {
    app.post(base, jsonBody(productCreateBody), async (c) =>
      c.json(await products.createProduct(ctx, callerOf(c), c.req.valid('json').product)),
    );
    app.patch(`${base}/:id`, jsonBody(productUpdateBody), async (c) => {
      const input = c.req.valid('json').product;
      return c.json(await products.updateProduct(ctx, callerOf(c), id(c), input));
    });
    app.delete(`${base}/:id`, async (c) => {
      await products.deleteProduct(ctx, callerOf(c), id(c));
      return c.json({});
    });
  }

  const v1 = '/stores/v1/products/:id';
  app.patch(`${v1}/variants`, jsonBody(variantsUpdateBody), async (c) =>
    c.json(await updateVariants(ctx, callerOf(c), id(c), c.req.valid('json').variants)),
  );
  app.post(`${v1}/variants/resetToDefault`, jsonBody(emptyBody), async (c) => {
    await resetVariants(ctx, callerOf(c), id(c));
    return c.json({});
  });
  app.post(`${v1}/media`, jsonBody(mediaAddBody), async (c) => {
    await products.addMedia(ctx, callerOf(c), id(c), c.req.valid('json').media);
    return c.json({});
  });
  app.post(`${v1}/media/delete`, jsonBody(mediaDeleteBody), async (c) => {
    await products.deleteMedia(ctx, callerOf(c), id(c), c.req.valid('json'));
    return c.json({});
  });
  app.patch(`${v1}/choices/media`, jsonBody(choiceMediaBody), async (c) => {
    await products.changeChoiceMedia(ctx, callerOf(c), id(c), 'add', c.req.valid('json').media);
    return c.json({});
  });
  app.post(`${v1}/choices/media/delete`, jsonBody(choiceMediaBody), async (c) => {
    const media = c.req.valid('json').media;
    await products.changeChoiceMedia(ctx, callerOf(c), id(c), 'remove', media);
    return c.json({});
  });
  app.delete(`${v1}/options`, async (c) => {
    await products.deleteOptions(ctx, callerOf(c), id(c));
    return c.json({});
  });
  for (const label of ['brand', 'ribbon'] as const) {
    app.post(`${v1}/remove-${label}`, jsonBody(emptyBody), async (c) => {
      await products.clearLabel(ctx, callerOf(c), id(c), label);
      return c.json({});
    });
  }

  app.post('/stores/v1/bulk/products/update', jsonBody(bulkUpdateBody), async (c) =>
    c.json(await bulkUpdate(ctx, callerOf(c), c.req.valid('json'))),
  );
  app.post('/stores/v1/bulk/products/adjust-properties', jsonBody(bulkAdjustBody), async (c) =>
    c.json(await bulkAdjust(ctx, callerOf(c), c.req.valid('json'))),
  );

  return app;
}

/**
 * Products V3 read routes (platform-wire-v3.md "Products V3, read"): query, search and count as a
 * GET (`.r` or flat) and a POST; get by id and by slug as flat GETs (`fields` repeated, the path
 * parameter repeated in the query). Any credential may read.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { acceptsQuery } from '../http/query-params.js';
import * as products from './product-read-service.js';
import { readRoute } from './requests.js';

const BASE = '/stores/v3/products';

/** The Products V3 read routes. */
export function productReadRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Before `/:productId`, which their GETs would match too.
  readRoute(app, `${BASE}/query`, { fields: 'list' }, (c, body) =>
    products.queryV3Products(ctx, callerOf(c), body),
  );
  readRoute(app, `${BASE}/search`, { fields: 'list' }, (c, body) =>
    products.searchV3Products(ctx, callerOf(c), body),
  );
  readRoute(app, `${BASE}/count`, { returnNonVisibleProducts: 'boolean' }, (c, body) =>
    products.countV3Products(ctx, callerOf(c), body),
  );
  app.get(`${BASE}/slug/:slug`, acceptsQuery('fields'), (c) =>
    c.json(
      products.getV3ProductBySlug(ctx, callerOf(c), c.req.param('slug'), c.req.queries('fields')),
    ),
  );
  app.get(`${BASE}/:productId`, acceptsQuery('fields'), (c) =>
    c.json(
      products.getV3Product(ctx, callerOf(c), c.req.param('productId'), c.req.queries('fields')),
    ),
  );
  app.get('/stores/v3/all-products-category', (c) => c.json(products.allProductsCategoryAnswer()));
  return app;
}

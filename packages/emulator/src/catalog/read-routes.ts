/**
 * Catalog read routes (platform-wire.md "Catalog read"): each checks its request (the query
 * calls take it from `.r` on a GET or from the body on a POST), calls the read service
 * (read-service.ts) and answers. Every path needs an access token of any role.
 */
import { Hono } from 'hono';
import type { Context, MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { fieldError } from '../http/errors.js';
import { acceptsQuery } from '../http/query-params.js';
import { jsonBody, queryRequest } from '../http/validate.js';
import {
  availabilityBody,
  collectionQueryRequest,
  productQueryRequest,
  productVariantsBody,
  variantQueryRequest,
} from './read-inputs.js';
import * as catalog from './read-service.js';
import { requireProduct } from './records.js';
import type { ProductRecord } from '../models/catalog.js';

const JSON_TYPE = { 'Content-Type': 'application/json' };

/** `includeMerchantSpecificData=true|false` of a product read, as `c.req.valid('query')`. */
function merchantFlag(): MiddlewareHandler<
  AppEnv,
  string,
  { out: { query: { merchant: boolean } } }
> {
  return async (c, next) => {
    const value = c.req.query('includeMerchantSpecificData');
    if (value !== undefined && value !== 'true' && value !== 'false')
      throw fieldError('includeMerchantSpecificData', 'must be true or false', 'VALIDATION');
    c.req.addValidatedData('query', { merchant: value === 'true' });
    await next();
  };
}

/** The path's product, as `c.req.valid('param').product`: it must exist (404) before the body is read. */
function knownProduct(
  ctx: EmulatorContext,
): MiddlewareHandler<AppEnv, string, { out: { param: { product: Readonly<ProductRecord> } } }> {
  return async (c, next) => {
    c.req.addValidatedData('param', { product: requireProduct(ctx, c.req.param('id') ?? '') });
    await next();
  };
}

/** Registers a query call as the platform serves it: a GET with `.r` and a POST with a body. */
function queryRoute<S extends v.GenericSchema>(
  app: Hono<AppEnv>,
  path: string,
  schema: S,
  answer: (c: Context<AppEnv>, request: v.InferOutput<S>) => Response,
): void {
  const validate = queryRequest(schema);
  app.get(path, acceptsQuery('.r'), validate, (c) => answer(c, c.req.valid('json')));
  app.post(path, validate, (c) => answer(c, c.req.valid('json')));
}

/** The catalog read routes. */
export function catalogReadRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  for (const base of ['/v2/collections', '/stores-reader/v1/collections']) {
    queryRoute(app, `${base}/query`, collectionQueryRequest, (c, request) =>
      c.json(catalog.queryCollections(ctx, request)),
    );
    app.get(`${base}/slug/:slug`, (c) =>
      c.json(catalog.collectionBySlug(ctx, c.req.param('slug'))),
    );
    app.get(`${base}/:id`, (c) => c.json(catalog.collectionById(ctx, c.req.param('id'))));
  }

  for (const [path, variantsByDefault] of [
    ['/stores-reader/v1/products/query-platformized', true],
    ['/stores-reader/v1/products/query', false],
  ] as const) {
    queryRoute(app, path, productQueryRequest, (c, request) =>
      c.body(catalog.queryProducts(ctx, request, variantsByDefault), 200, JSON_TYPE),
    );
  }

  const product = '/stores-reader/v1/products/:id';
  app.get(product, acceptsQuery('includeMerchantSpecificData'), merchantFlag(), (c) =>
    c.json(catalog.productById(ctx, c.req.param('id'), c.req.valid('query').merchant)),
  );
  app.post(
    `${product}/productOptionsAvailability`,
    knownProduct(ctx),
    jsonBody(availabilityBody),
    (c) => {
      const found = c.req.valid('param').product;
      return c.json(catalog.optionsAvailability(ctx, found, c.req.valid('json').options ?? {}));
    },
  );
  app.post(`${product}/variants/query`, knownProduct(ctx), jsonBody(productVariantsBody), (c) =>
    c.json(catalog.productVariants(c.req.valid('param').product, c.req.valid('json'))),
  );

  queryRoute(app, '/stores-reader/v1/variants/query', variantQueryRequest, (c, request) =>
    c.json(catalog.queryVariants(ctx, request)),
  );
  app.get('/stores-reader/v1/variants/:id', (c) =>
    c.json(catalog.variantById(ctx, c.req.param('id'))),
  );

  return app;
}

/**
 * The Hono application: cross-cutting middleware (request id, log line, CORS, faults, error
 * shapes) and every route module, with the access-token check on API paths.
 */
import { Hono } from 'hono';
import type { AppEnv, EmulatorContext } from './context.js';
import { cartRoutes } from './cart/routes.js';
import { imageRoutes } from './catalog/images.js';
import { catalogReadRoutes } from './catalog/read-routes.js';
import { collectionWriteRoutes } from './catalog/collection-write-routes.js';
import { productWriteRoutes } from './catalog/product-write-routes.js';
import { faultMiddleware } from './dev/faults.js';
import { devRoutes } from './dev/routes.js';
import { graphqlRoutes } from './graphql/routes.js';
import { requireCaller } from './http/auth.js';
import { ApiError, applicationError, notFound } from './http/errors.js';
import { identityRoutes } from './identity/routes.js';
import { tokenRoutes } from './oauth/token-route.js';
import { randomId } from './oauth/secrets.js';
import { authPages } from './redirects/auth-pages.js';
import { checkoutPages } from './redirects/checkout-page.js';
import { redirectRoutes } from './redirects/routes.js';

/** Header carrying each response's request id. */
export const REQUEST_ID_HEADER = 'x-wix-request-id';

const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/** Paths that are hosted pages, answered with page security headers. */
const PAGE_PREFIXES = [
  '/oauth2/authorize',
  '/oauth2/signup',
  '/oauth2/reset',
  '/oauth2/verify',
  '/oauth2/logout',
  '/checkout',
  '/recovery',
  '/product-page/',
  '/flow',
  '/_api/iam/authentication/v1/logout',
];

function allowOrigin(ctx: EmulatorContext, origin: string): string | null {
  const allowed = ctx.options.corsOrigins;
  if (allowed === '*') return origin;
  if (allowed === undefined) return LOOPBACK_ORIGIN.test(origin) ? origin : null;
  return allowed.includes(origin) ? origin : null;
}

/** Builds the app. `reset` restores the seeded state (for `/_emulator/reset`). */
export function createApp(ctx: EmulatorContext, reset: () => Promise<void>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Headers go on before the handler runs (Hono's prepared headers), which keeps
  // @hono/node-server on its fast path: touching a finished response's headers would make it
  // build a full Response object for every request.
  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = randomId();
    c.header(REQUEST_ID_HEADER, requestId);
    if (PAGE_PREFIXES.some((p) => c.req.path.startsWith(p))) {
      c.header('Referrer-Policy', 'no-referrer');
      c.header('Cache-Control', 'no-store');
      c.header('X-Content-Type-Options', 'nosniff');
      c.header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'",
      );
    }
    const origin = c.req.header('origin');
    const allowed = origin === undefined ? null : allowOrigin(ctx, origin);
    if (allowed !== null) {
      c.header('Access-Control-Allow-Origin', allowed);
      c.header('Access-Control-Expose-Headers', `${REQUEST_ID_HEADER}, Retry-After`);
      c.header('Vary', 'Origin');
    }
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) {
      if (allowed !== null) {
        c.header('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS');
        c.header('Access-Control-Allow-Headers', 'Authorization, Content-Type');
        c.header('Access-Control-Max-Age', '600');
      }
      return c.body(null, 204);
    }
    await next();
    // Only method, path (never the query: it may hold a recovery token), status and time.
    ctx.options.logger?.(
      `${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms ${requestId}`,
    );
  });

  app.use('*', faultMiddleware(ctx.faults));

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.body, error.status, { ...error.headers });
    // Unexpected: answer in the platform's shape, log only the class name (never a message
    // that might quote request data).
    ctx.options.logger?.(`internal error: ${error.name}`);
    const internal = applicationError(
      500,
      'INTERNAL_ERROR',
      'The emulator hit an unexpected error',
    );
    return c.json(internal.body, 500);
  });
  app.notFound((c) => {
    const error = notFound(`No route for ${c.req.method} ${c.req.path.slice(0, 200)}`);
    return c.json(error.body, 404);
  });

  app.route('/', tokenRoutes(ctx));
  app.route('/', imageRoutes());
  app.route('/', authPages(ctx));
  app.route('/', checkoutPages(ctx));
  app.route('/', devRoutes(ctx, reset));
  app.route('/', identityRoutes(ctx));
  app.route('/', redirectRoutes(ctx));

  const api = new Hono<AppEnv>();
  for (const prefix of ['/ecom/*', '/stores-reader/*', '/stores/*', '/v2/*', '/graphql/*'])
    api.use(prefix, requireCaller(ctx));
  api.route('/', cartRoutes(ctx));
  api.route('/', catalogReadRoutes(ctx));
  api.route('/', productWriteRoutes(ctx));
  api.route('/', collectionWriteRoutes(ctx));
  api.route('/', graphqlRoutes());
  app.route('/', api);
  return app;
}

/**
 * The Hono application: cross-cutting middleware (request id, log line, page headers, CORS,
 * request limits, the Host check, the developer-endpoint guard, query and body rules, the
 * credential check, faults, error shapes) and every route module.
 */
import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { dataRoutes } from './absent/data-routes.js';
import type { AppEnv } from './http/app-env.js';
import type { EmulatorContext } from './context.js';
import { cartRoutes } from './cart/routes.js';
import { cartV2Routes } from './cart-v2/routes.js';
import { imageRoutes } from './catalog/images.js';
import { catalogReadRoutes } from './catalog/read-routes.js';
import { catalogVersionGuard, isCatalogV3Read, provisionRoutes } from './catalog-v3/version.js';
import { catalogV3Routes } from './catalog-v3/routes.js';
import { collectionWriteRoutes } from './catalog/collection-write-routes.js';
import { productWriteRoutes } from './catalog/product-write-routes.js';
import { faultMiddleware } from './http/faults.js';
import { DEV_REQUEST_HEADER, devRequestGuard } from './dev/request-guard.js';
import { platformMediaUrls } from './drop-in/media-urls.js';
import { dropInScope } from './drop-in/scope.js';
import { devRoutes } from './dev/routes.js';
import { graphqlRoutes } from './graphql/routes.js';
import { requireCaller, requireElevated } from './http/auth.js';
import { resolveCaller } from './oauth/credentials.js';
import { allowOrigin } from './http/cors.js';
import { ApiError, applicationError, notFound } from './http/errors.js';
import { checkHost } from './http/host-check.js';
import { refuseBodyWhereNone } from './http/no-body.js';
import { PAGE_PREFIXES, pagePolicy, setDevHeaders, setPageHeaders } from './http/page-security.js';
import { refuseUnknownQuery } from './http/query-params.js';
import { requestLimits } from './http/request-limits.js';
import { REQUEST_ID_HEADER } from './http/server-errors.js';
import { identityRoutes } from './identity/routes.js';
import { memberRoutes } from './members/routes.js';
import { tokenRoutes } from './oauth/token-route.js';
import { randomId } from './crypto/random.js';
import { orderRoutes } from './orders/routes.js';
import { checkoutRoutes } from './checkouts/routes.js';
import { recommendationRoutes } from './recommendations/routes.js';
import { authPages } from './pages/auth-pages.js';
import { checkoutPages } from './pages/checkout-page.js';
import { logoutPage } from './pages/logout-page.js';
import { otherPages } from './pages/other-pages.js';
import { redirectRoutes } from './redirects/routes.js';

export { REQUEST_ID_HEADER };

/** Headers the platform's official client adds to its calls, which a browser asks CORS for. */
const OFFICIAL_CLIENT_HEADERS = 'x-wix-bi-gateway, wix-site-id, wix-account-id, x-wix-consistent';

/**
 * The first middleware of every request: its id, the page or developer headers, CORS (and the
 * answer to a preflight), then, once answered, one log line.
 */
function framing(ctx: EmulatorContext): MiddlewareHandler<AppEnv> {
  const policy = pagePolicy(ctx.options);
  // Headers go on before the handler runs (Hono's prepared headers), which keeps
  // @hono/node-server on its fast path: touching a finished response's headers would make it
  // build a full Response object for every request.
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomId();
    c.header(REQUEST_ID_HEADER, requestId);
    const path = c.req.path;
    if (PAGE_PREFIXES.some((p) => path.startsWith(p))) setPageHeaders(c, policy);
    else if (path === '/_emulator' || path.startsWith('/_emulator/')) setDevHeaders(c);
    const origin = c.req.header('origin');
    const allowed = origin === undefined ? null : allowOrigin(ctx.options, origin);
    if (allowed !== null) {
      c.header('Access-Control-Allow-Origin', allowed);
      c.header('Access-Control-Expose-Headers', `${REQUEST_ID_HEADER}, Retry-After`);
      c.header('Vary', 'Origin');
    }
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) {
      if (allowed !== null) {
        c.header('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS');
        c.header(
          'Access-Control-Allow-Headers',
          `Authorization, Content-Type, ${DEV_REQUEST_HEADER}, ${OFFICIAL_CLIENT_HEADERS}`,
        );
        c.header('Access-Control-Max-Age', '600');
      }
      return c.body(null, 204);
    }
    await next();
    // Only method, path (never the query: it may hold a recovery token), status and time.
    ctx.options.logger?.(
      `${c.req.method} ${path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms ${requestId}`,
    );
  };
}

/** Errors in the platform's shape: thrown ones, unexpected ones (a 500), and unknown routes. */
function answerErrors(ctx: EmulatorContext, app: Hono<AppEnv>): void {
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
}

/** `guard` for every call but the Catalog V3 reads, which any credential may make. */
function exceptCatalogV3Reads(guard: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isCatalogV3Read(c.req.method, c.req.path)) return next();
    return guard(c, next);
  };
}

/** The platform's API: every path needs a credential, merchant-side writes the API key. */
function apiRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  for (const prefix of [
    '/ecom/*',
    '/stores-reader/*',
    '/stores/*',
    '/categories/*',
    '/v1/*',
    '/v2/*',
    '/members/*',
    '/graphql/*',
  ])
    api.use(prefix, requireCaller());
  // A call of the other catalog answers 428, whoever makes it.
  for (const prefix of ['/stores-reader/*', '/stores/*', '/categories/*', '/v2/*'])
    api.use(prefix, catalogVersionGuard(ctx));
  // Merchant-side calls: catalog writes and bulk changes need the API key; Catalog V3 reads
  // (products, variants, inventory, categories, the version) are open to any credential.
  for (const prefix of ['/stores/*', '/categories/*'])
    api.use(prefix, exceptCatalogV3Reads(requireElevated(ctx.options)));
  api.route('/', provisionRoutes(ctx));
  if (ctx.options.catalog === 'v3') api.route('/', catalogV3Routes(ctx));
  api.route('/', cartRoutes(ctx));
  // Without Cart V2, its paths answer as any path the platform does not serve (404).
  if (ctx.options.cartV2) api.route('/', cartV2Routes(ctx));
  api.route('/', orderRoutes(ctx));
  api.route('/', checkoutRoutes(ctx));
  api.route('/', memberRoutes(ctx));
  api.route('/', recommendationRoutes(ctx));
  api.route('/', catalogReadRoutes(ctx));
  api.route('/', productWriteRoutes(ctx));
  api.route('/', collectionWriteRoutes(ctx));
  api.route('/', graphqlRoutes());
  return api;
}

/** Builds the app. `reset` restores the seeded state (for `/_emulator/reset`). */
export function createApp(ctx: EmulatorContext, reset: () => Promise<void>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', framing(ctx));
  app.use('*', requestLimits());
  app.use('*', checkHost(ctx.options));
  app.use('*', dropInScope());
  app.use('*', platformMediaUrls(ctx));
  app.use('/_emulator', devRequestGuard(ctx));
  app.use('/_emulator/*', devRequestGuard(ctx));
  app.use('*', refuseUnknownQuery());
  app.use('*', refuseBodyWhereNone());
  app.use('*', resolveCaller(ctx));
  app.use('*', faultMiddleware(ctx.faults));
  answerErrors(ctx, app);

  app.route('/', tokenRoutes(ctx));
  app.route('/', imageRoutes());
  app.route('/', authPages(ctx));
  app.route('/', checkoutPages(ctx));
  app.route('/', otherPages(ctx));
  app.route('/', logoutPage(ctx));
  app.route('/', devRoutes(ctx, reset));
  app.route('/', identityRoutes(ctx));
  app.route('/', redirectRoutes(ctx));
  app.route('/', dataRoutes());
  app.route('/', apiRoutes(ctx));
  return app;
}

/**
 * Which catalog answers: a site runs Catalog V1 or Catalog V3, never both, and the platform
 * answers a call of the other catalog 428 Precondition Required (platform-wire-v3.md
 * "Cross-version answers"). Also the version call itself, which both catalogs answer, and the
 * rule of which V3 calls are reads (open to visitor and member tokens) and which are writes (the
 * API key's).
 */
import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { ApiError } from '../http/errors.js';

/** Catalog V1 paths (on the API host), answered 428 by a Catalog V3 store. */
const V1_PREFIXES = [
  '/stores-reader/v1/',
  '/stores/v1/',
  '/v2/collections',
  '/stores/v2/products-platformized',
];

/** The version call, answered by either store. */
export const PROVISION_VERSION_PATH = '/stores/v3/provision/version';

/** Whether `path` is a Catalog V1 call. */
export function isCatalogV1Path(path: string): boolean {
  return V1_PREFIXES.some(
    (prefix) =>
      path.startsWith(prefix) ||
      // `/v2/collections` and `/stores/v2/products-platformized` are calls as they are, too.
      (!prefix.endsWith('/') && path === prefix),
  );
}

/** Whether `path` is a Catalog V3 call (products, variants, inventory or categories). */
export function isCatalogV3Path(path: string): boolean {
  return (
    (path.startsWith('/stores/v3/') && path !== PROVISION_VERSION_PATH) ||
    path.startsWith('/categories/v1/')
  );
}

const V3_MESSAGE = 'Endpoint belongs to CATALOG_V1, but your site is using CATALOG_V3.';
const V1_MESSAGE =
  'Endpoint belongs to the wrong catalog version. This site is using CATALOG_V1. Read more about catalog versioning: https://dev.wix.com/docs/rest/business-solutions/stores/catalog-versioning/introduction';

/** The platform's 428 to a Catalog V1 call on a Catalog V3 site (as captured in public code). */
function v3SiteCallingV1(): ApiError {
  return new ApiError(428, {
    message: V3_MESSAGE,
    details: {
      applicationError: {
        code: 'CATALOG_V3_CALLING_CATALOG_V1_API',
        description: V3_MESSAGE,
      },
    },
  } as ApiError['body']);
}

/** The platform's 428 to a Catalog V3 call on a Catalog V1 site, verbatim as captured. */
function v1SiteCallingV3(): ApiError {
  return new ApiError(428, {
    message: V1_MESSAGE,
    details: { applicationError: { code: 'CATALOG_V1_SITE_CALLING_CATALOG_V3_API' } },
  } as ApiError['body']);
}

/**
 * Middleware answering a call of the other catalog 428 (after the credential check, before the
 * role's: a wrong-version call is refused whoever makes it). Orders, carts and the rest pass.
 */
export function catalogVersionGuard(ctx: EmulatorContext): MiddlewareHandler<AppEnv> {
  const v3 = ctx.options.catalog === 'v3';
  return async (c, next) => {
    const path = c.req.path;
    if (v3 && isCatalogV1Path(path)) throw v3SiteCallingV1();
    if (!v3 && isCatalogV3Path(path)) throw v1SiteCallingV3();
    await next();
  };
}

/** The reads of Catalog V3 that are GETs. */
const GET_READS = [
  /^\/stores\/v3\/products\/[^/]+$/,
  /^\/stores\/v3\/products\/slug\/[^/]+$/,
  /^\/stores\/v3\/all-products-category$/,
  /^\/stores\/v3\/provision\/version$/,
  /^\/stores\/v3\/inventory-items\/[^/]+$/,
  /^\/categories\/v1\/categories\/[^/]+$/,
  /^\/categories\/v1\/categories\/slug\/[^/]+$/,
  /^\/categories\/v1\/categories\/[^/]+\/(list-items|arranged-items)$/,
];

/** The reads of Catalog V3 that may be POSTs (their POST forms, or POST-only reads). */
const POST_READS = [
  /^\/stores\/v3\/products\/(query|search|count|query-variants|search-variants)$/,
  /^\/stores\/v3\/inventory-items\/(query|search|count)$/,
  /^\/categories\/v1\/categories\/(query|search|count|list-categories-for-item|list-categories-for-items)$/,
  /^\/categories\/v1\/categories\/[^/]+\/list-items$/,
];

/**
 * Whether a call is a Catalog V3 read, open to visitor and member tokens as to the API key
 * (products, variants, inventory items, categories and the version). Every other `/stores` and
 * `/categories` call is merchant-side.
 */
export function isCatalogV3Read(method: string, path: string): boolean {
  if (method === 'GET') return GET_READS.some((pattern) => pattern.test(path));
  if (method === 'POST') return POST_READS.some((pattern) => pattern.test(path));
  return false;
}

/** `GET /stores/v3/provision/version`: the store's catalog, for any credential. */
export function provisionRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const catalogVersion = ctx.options.catalog === 'v3' ? 'V3_CATALOG' : 'V1_CATALOG';
  app.get(PROVISION_VERSION_PATH, (c) => c.json({ catalogVersion }));
  return app;
}

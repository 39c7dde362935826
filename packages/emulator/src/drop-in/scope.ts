/**
 * What each platform host answers behind the drop-in, as on the platform: the media host serves
 * `GET /media/…` and nothing else; the API hosts serve the API, but neither media, the hosted
 * pages (which live on a site's own domain, here the emulator's own URL) nor the developer
 * endpoints.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { notFound } from '../http/errors.js';
import { hostName } from '../http/host-check.js';
import { PAGE_PREFIXES } from '../http/page-security.js';
import { PLATFORM_MEDIA_HOST } from '../http/platform-hosts.js';

const HOSTED_PAGES = PAGE_PREFIXES.filter((prefix) => !prefix.startsWith('/_api/'));

function isMedia(path: string): boolean {
  return path.startsWith('/media/');
}

function isDeveloperPath(path: string): boolean {
  return path === '/_emulator' || path.startsWith('/_emulator/');
}

/** Whether `host` serves `method path` behind the drop-in. */
export function servedBehindDropIn(host: string, method: string, path: string): boolean {
  if (host === PLATFORM_MEDIA_HOST) return isMedia(path) && (method === 'GET' || method === 'HEAD');
  return !isMedia(path) && !isDeveloperPath(path) && !HOSTED_PAGES.some((p) => path.startsWith(p));
}

/** Middleware answering 404 to what a platform host does not serve (after the Host check). */
export function dropInScope(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.env?.dropIn === true) {
      const host = hostName(c.req.header('host') ?? '');
      if (!servedBehindDropIn(host, c.req.method, c.req.path))
        throw notFound(`No route for ${c.req.method} ${c.req.path.slice(0, 200)} on ${host}`);
    }
    await next();
  };
}

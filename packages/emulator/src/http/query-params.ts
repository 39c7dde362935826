/**
 * Query parameters: each route declares the ones it takes with {@link acceptsQuery}; any other
 * parameter is refused with 400 naming it, on every route. A typo'd or stray parameter is a bug in
 * the client, and the emulator says so rather than ignoring it.
 */
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../context.js';
import { fieldError } from './errors.js';

const ACCEPTED = Symbol('acceptedQueryParameters');

type Declaring = MiddlewareHandler<AppEnv> & { [ACCEPTED]?: readonly string[] };

/** Route middleware declaring the query parameters the route takes. */
export function acceptsQuery(...names: string[]): MiddlewareHandler<AppEnv> {
  const declare: Declaring = async (_c, next) => {
    await next();
  };
  declare[ACCEPTED] = names;
  return declare;
}

/** Middleware refusing any query parameter the matched route did not declare. */
export function refuseUnknownQuery(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const mark = url.indexOf('?');
    const routes = matchedRoutes(c);
    // Unknown paths answer 404 whatever their query.
    if (mark >= 0 && routes.some((r) => r.method !== 'ALL')) {
      const accepted = new Set(routes.flatMap((r) => (r.handler as Declaring)[ACCEPTED] ?? []));
      for (const name of new URLSearchParams(url.slice(mark + 1)).keys()) {
        if (!accepted.has(name))
          throw fieldError(name, 'is not a query parameter of this call', 'FIELD_NOT_ALLOWED');
      }
    }
    await next();
  };
}

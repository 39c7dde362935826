/**
 * Query parameters: each route declares the ones it takes with {@link acceptsQuery}; any other
 * parameter is refused with 400 naming it, on every route. A typo'd or stray parameter is a bug in
 * the client, and the emulator says so rather than ignoring it. The one exception is a path
 * parameter repeated in the query with the same value, which the platform's official client sends
 * on every call (path-echoes.ts).
 */
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './app-env.js';
import { fieldError } from './errors.js';
import { isPathEcho, pathParameters } from './path-echoes.js';

const ACCEPTED = Symbol('acceptedQueryParameters');
const ANY = '*';

type Declaring = MiddlewareHandler<AppEnv> & { [ACCEPTED]?: readonly string[] };

/** Route middleware declaring the query parameters the route takes. */
export function acceptsQuery(...names: string[]): MiddlewareHandler<AppEnv> {
  const declare: Declaring = async (_c, next) => {
    await next();
  };
  declare[ACCEPTED] = names;
  return declare;
}

/**
 * Route middleware declaring that the route takes any query parameter: for the answers of apps
 * the emulator does not run (absent/), which act on nothing the parameters could name.
 */
export function acceptsAnyQuery(): MiddlewareHandler<AppEnv> {
  return acceptsQuery(ANY);
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
      if (accepted.has(ANY)) return next();
      // The first route registered for the path answers it (a later pattern may match too).
      const handler = routes.find((r) => r.method !== 'ALL');
      const params = handler ? pathParameters(handler.path, c.req.path) : {};
      for (const [name, value] of new URLSearchParams(url.slice(mark + 1))) {
        if (accepted.has(name) || isPathEcho(params, name, value)) continue;
        throw fieldError(name, 'is not a query parameter of this call', 'FIELD_NOT_ALLOWED');
      }
    }
    await next();
  };
}

/** GET, HEAD and DELETE take no body; one that comes anyway is refused rather than ignored. */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { fieldError } from './errors.js';

/** Middleware refusing a body on GET, HEAD and DELETE, which take none. */
export function refuseBodyWhereNone(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'DELETE') {
      const length = Number(c.req.header('content-length') ?? '0');
      if (length !== 0 || c.req.header('transfer-encoding') !== undefined)
        throw fieldError('body', `must be empty: ${method} takes no body`, 'FIELD_NOT_ALLOWED');
    }
    await next();
  };
}

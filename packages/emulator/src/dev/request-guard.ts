/**
 * The guard of the developer endpoints (`/_emulator/…`): only requests a web page cannot forge
 * from another site. A page can send a cross-site `text/plain` POST without a preflight, so a
 * change needs a JSON content type or the `X-Vitrine-Emulator` header (either makes the browser
 * ask first, and the emulator's CORS answers foreign origins no); and any request carrying a
 * foreign `Origin` is refused outright.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { mediaType } from '../http/body.js';
import { allowOrigin } from '../http/cors.js';
import { applicationError } from '../http/errors.js';

/** The header that marks a developer request as sent on purpose. */
export const DEV_REQUEST_HEADER = 'X-Vitrine-Emulator';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Middleware for `/_emulator` and everything under it. */
export function devRequestGuard(ctx: EmulatorContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && allowOrigin(ctx.options, origin) === null) {
      throw applicationError(
        403,
        'FOREIGN_ORIGIN',
        'The developer endpoints refuse requests from pages of other sites',
      );
    }
    const type = mediaType(c);
    const deliberate =
      type === 'application/json' || c.req.header(DEV_REQUEST_HEADER) !== undefined;
    if (!READS.has(c.req.method) && !deliberate) {
      throw applicationError(
        403,
        'FORGEABLE_REQUEST',
        `Send developer changes as application/json or with an ${DEV_REQUEST_HEADER} header`,
      );
    }
    await next();
  };
}

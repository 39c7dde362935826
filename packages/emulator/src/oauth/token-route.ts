/**
 * `POST /oauth2/token`: checks the request (token-request.ts), runs its grant (token-service.ts)
 * and answers the tokens. Answers carry `Cache-Control: no-store`; errors use the OAuth shape
 * (docs/wire-conventions.md "Token endpoint errors").
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { OAuthError } from '../http/errors.js';
import { tokenRequest } from './token-request.js';
import { grantTokens } from './token-service.js';

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** The token endpoint's routes. */
export function tokenRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError((error, c) => {
    if (!(error instanceof OAuthError)) throw error;
    return c.json(
      { error: error.error, error_description: error.description },
      error.status,
      NO_STORE,
    );
  });
  app.post('/oauth2/token', tokenRequest(), async (c) => {
    const tokens = await grantTokens(ctx, c.req.valid('json'), c.req.header('authorization'));
    return c.json(tokens, 200, NO_STORE);
  });
  return app;
}

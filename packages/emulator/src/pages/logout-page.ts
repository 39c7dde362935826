/**
 * `GET /_api/iam/authentication/v1/logout`, the IAM's logout redirect: a browser navigates to it,
 * so it answers a redirect or a page, and it is served before the identity routes' token check.
 * It cannot carry the token header, so it ends a sign-in only when a token is sent (checked by the
 * credential middleware); an API key ends none.
 */
import { Hono } from 'hono';
import type { EmulatorContext } from '../context.js';
import type { AppEnv } from '../http/app-env.js';
import { acceptsQuery } from '../http/query-params.js';
import * as identity from '../identity/service.js';
import { htmlPage } from './html.js';

/** The logout redirect's route. */
export function logoutPage(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(
    '/_api/iam/authentication/v1/logout',
    acceptsQuery('postLogoutRedirectUri', 'clientId'),
    async (c) => {
      const target = c.req.query('postLogoutRedirectUri');
      identity.checkLogoutTarget(ctx, c.req.query('clientId'), target);
      const caller = c.get('caller');
      if (caller !== undefined && caller.role !== 'app') await identity.logout(ctx, caller);
      c.header('Referrer-Policy', 'no-referrer');
      c.header('Cache-Control', 'no-store');
      if (target !== undefined) return c.redirect(target, 302);
      return c.html(htmlPage('Signed out', '<p>You are signed out.</p>'));
    },
  );
  return app;
}

/**
 * `POST /_api/redirects-api/v1/redirect-session`: checks the body, creates the hosted flow's
 * session (session-service.ts) and answers the page URL to send the browser to.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { callerOf, requireCaller } from '../http/auth.js';
import { jsonBody } from '../http/validate.js';
import { sessionBody } from './inputs.js';
import { createRedirectSession } from './session-service.js';

/** The redirect-session route. */
export function redirectRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const path = '/_api/redirects-api/v1/redirect-session';
  app.use(path, requireCaller());
  app.post(path, jsonBody(sessionBody), async (c) =>
    c.json(await createRedirectSession(ctx, callerOf(c), c.req.valid('json'))),
  );
  return app;
}

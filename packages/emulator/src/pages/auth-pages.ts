/**
 * Hosted sign-in pages: sign in, sign up, reset, email verification, logout and the recovery
 * link's page. Each form POST checks its anti-forgery token, calls the identity service (or the
 * page service for codes and sessions), and answers a page (auth-page-views.ts) or the shop's
 * redirect URI (authorization-response.ts).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { ApiError } from '../http/errors.js';
import { acceptsQuery } from '../http/query-params.js';
import { formBody } from '../http/validate.js';
import type { AuthResponse } from '../models/identity.js';
import { recoveryTokenValid } from '../identity/recovery.js';
import * as identity from '../identity/service.js';
import { hashSecret } from '../crypto/hash.js';
import { codeForSessionToken, endLogoutSession, silentSignIn } from './auth-page-service.js';
import { liveSession } from '../redirects/sessions.js';
import {
  PASSWORD_SAVED_PAGE,
  SIGNED_OUT_PAGE,
  WAITING_FOR_APPROVAL_PAGE,
  recoveryForm,
  recoveryRefusedPage,
  resetForm,
  resetSentPage,
  signInForm,
  signUpForm,
  verifyForm,
} from './auth-page-views.js';
import { answerAuthorization } from './authorization-response.js';
import { forgedPostReason, formTokenField } from './form-token.js';
import { errorPage } from './html.js';
import type { RedirectSessionRecord } from '../models/sessions.js';

type C = Context<AppEnv>;

/** Reads a form field, bounded so an absurd value fails like a wrong one. */
function field(form: URLSearchParams, name: string, max = 500): string {
  const value = form.get(name) ?? '';
  return value.length > max ? '' : value;
}

/** The message of an identity error, for a page. */
function pageMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const details = error.body.details;
  if ('applicationError' in details) return details.applicationError.description;
  return details.validationError.fieldViolations
    .map((v) => `${v.field} ${v.description}`)
    .join('; ');
}

const authFlow = (session: RedirectSessionRecord) => `auth:${session.id}`;
const recoveryFlow = (token: string) => `recovery:${hashSecret(token)}`;

/** The page helpers every sign-in page shares. */
function pageKit(ctx: EmulatorContext) {
  const refuse = (c: C, message: string, status: 400 | 403 = 400) =>
    c.html(errorPage(message), status);
  const field = (session: RedirectSessionRecord) => formTokenField(ctx, authFlow(session));
  return {
    refuse,
    field,
    /** A refusal page when a form POST did not come from its own page, else `undefined`. */
    forged(c: C, form: URLSearchParams, flow: string) {
      const reason = forgedPostReason(ctx, c, form, flow);
      return reason === undefined ? undefined : refuse(c, `${reason} Go back and try again.`, 403);
    },
    /** Continues after a password check, registration or verification. */
    async afterLogin(c: C, session: RedirectSessionRecord, result: AuthResponse) {
      if (result.state === 'SUCCESS' && result.sessionToken !== undefined) {
        const code = await codeForSessionToken(ctx, session, result.sessionToken);
        if (code !== undefined) return answerAuthorization(c, session, { code }, 303);
      }
      if (result.state === 'REQUIRE_EMAIL_VERIFICATION' && result.stateToken !== undefined)
        return c.html(verifyForm(session.id, field(session), result.stateToken));
      return c.html(WAITING_FOR_APPROVAL_PAGE);
    },
  };
}

/** `/oauth2/authorize`: the sign-in page, and a silent answer for `prompt=none`. */
function signInRoutes(ctx: EmulatorContext, app: Hono<AppEnv>): void {
  const kit = pageKit(ctx);
  app.get('/oauth2/authorize', acceptsQuery('redirectSessionId'), async (c) => {
    const session = liveSession(ctx, c.req.query('redirectSessionId') ?? '', 'auth');
    if (!session)
      return kit.refuse(
        c,
        'This sign-in link is unknown, expired or already used. Start again from the store.',
      );
    if (session.auth!.prompt === 'none')
      return answerAuthorization(c, session, await silentSignIn(ctx, session), 302);
    return c.html(signInForm(session.id, kit.field(session)));
  });

  app.post('/oauth2/authorize', formBody(), async (c) => {
    const form = c.req.valid('form');
    const session = liveSession(ctx, field(form, 'redirectSessionId'), 'auth');
    if (!session) return kit.refuse(c, 'This sign-in link is unknown, expired or already used.');
    const refused = kit.forged(c, form, authFlow(session));
    if (refused) return refused;
    const email = field(form, 'email', 320);
    try {
      const result = await identity.login(ctx, email, field(form, 'password', 100));
      return await kit.afterLogin(c, session, result);
    } catch (error) {
      const message = pageMessage(error);
      if (message === undefined) throw error;
      const shown =
        message === 'No member has this email' ? 'The email or password is wrong' : message;
      return c.html(signInForm(session.id, kit.field(session), shown, email), 401);
    }
  });
}

/** `/oauth2/signup`, `/oauth2/reset` and `/oauth2/verify`. */
function accountRoutes(ctx: EmulatorContext, app: Hono<AppEnv>): void {
  const kit = pageKit(ctx);
  app.get('/oauth2/signup', acceptsQuery('redirectSessionId'), (c) => {
    const session = liveSession(ctx, c.req.query('redirectSessionId') ?? '', 'auth');
    if (!session) return kit.refuse(c, 'This sign-up link is unknown, expired or already used.');
    return c.html(signUpForm(session.id, kit.field(session)));
  });

  app.post('/oauth2/signup', formBody(), async (c) => {
    const form = c.req.valid('form');
    const session = liveSession(ctx, field(form, 'redirectSessionId'), 'auth');
    if (!session) return kit.refuse(c, 'This sign-up link is unknown, expired or already used.');
    const refused = kit.forged(c, form, authFlow(session));
    if (refused) return refused;
    const email = field(form, 'email', 320);
    const password = field(form, 'password', 100);
    const problem = !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)
      ? 'Enter a valid email'
      : password.length < 4
        ? 'The password must be at least 4 characters'
        : undefined;
    if (problem !== undefined)
      return c.html(signInForm(session.id, kit.field(session), problem, email), 400);
    try {
      return await kit.afterLogin(c, session, await identity.register(ctx, { email, password }));
    } catch (error) {
      const message = pageMessage(error);
      if (message === undefined) throw error;
      return c.html(signInForm(session.id, kit.field(session), message, email), 400);
    }
  });

  app.get('/oauth2/reset', acceptsQuery('redirectSessionId'), (c) => {
    const session = liveSession(ctx, c.req.query('redirectSessionId') ?? '', 'auth');
    if (!session) return kit.refuse(c, 'This link is unknown, expired or already used.');
    return c.html(resetForm(session.id, kit.field(session)));
  });

  app.post('/oauth2/reset', formBody(), async (c) => {
    const form = c.req.valid('form');
    const session = liveSession(ctx, field(form, 'redirectSessionId'), 'auth');
    if (!session) return kit.refuse(c, 'This link is unknown, expired or already used.');
    const refused = kit.forged(c, form, authFlow(session));
    if (refused) return refused;
    await identity.sendRecovery(ctx, field(form, 'email', 320));
    return c.html(resetSentPage(session.id));
  });

  app.post('/oauth2/verify', formBody(), async (c) => {
    const form = c.req.valid('form');
    const session = liveSession(ctx, field(form, 'redirectSessionId'), 'auth');
    if (!session) return kit.refuse(c, 'This sign-in link is unknown, expired or already used.');
    const refused = kit.forged(c, form, authFlow(session));
    if (refused) return refused;
    const stateToken = field(form, 'stateToken');
    try {
      const result = await identity.verifyEmail(ctx, stateToken, field(form, 'code', 20));
      return await kit.afterLogin(c, session, result);
    } catch (error) {
      const message = pageMessage(error);
      if (message === undefined) throw error;
      return c.html(verifyForm(session.id, kit.field(session), stateToken, message), 400);
    }
  });
}

/** `/oauth2/logout` and the recovery link's `/recovery`. */
function endingRoutes(ctx: EmulatorContext, app: Hono<AppEnv>): void {
  const kit = pageKit(ctx);
  app.get('/oauth2/logout', acceptsQuery('redirectSessionId'), async (c) => {
    const session = liveSession(ctx, c.req.query('redirectSessionId') ?? '', 'logout');
    if (!session) return kit.refuse(c, 'This sign-out link is unknown, expired or already used.');
    await endLogoutSession(ctx, session);
    if (session.postFlowUrl !== undefined) return c.redirect(session.postFlowUrl, 302);
    return c.html(SIGNED_OUT_PAGE);
  });

  app.get('/recovery', acceptsQuery('token'), (c) => {
    const token = c.req.query('token') ?? '';
    if (!recoveryTokenValid(ctx, token))
      return kit.refuse(c, 'This reset link is unknown, used or expired. Ask for a new one.');
    return c.html(recoveryForm(token, formTokenField(ctx, recoveryFlow(token))));
  });

  app.post('/recovery', formBody(), async (c) => {
    const form = c.req.valid('form');
    const token = field(form, 'token');
    const refused = kit.forged(c, form, recoveryFlow(token));
    if (refused) return refused;
    const password = field(form, 'password', 100);
    if (password.length < 4)
      return c.html(recoveryRefusedPage('The password must be 4 to 100 characters'), 400);
    try {
      const { redirectUrl } = await identity.recoverPassword(ctx, token, password);
      if (redirectUrl !== undefined) return c.redirect(redirectUrl, 303);
      return c.html(PASSWORD_SAVED_PAGE);
    } catch (error) {
      const message = pageMessage(error);
      if (message === undefined) throw error;
      return kit.refuse(c, message);
    }
  });
}

/** The hosted sign-in pages. */
export function authPages(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  signInRoutes(ctx, app);
  accountRoutes(ctx, app);
  endingRoutes(ctx, app);
  return app;
}

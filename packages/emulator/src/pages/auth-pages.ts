/**
 * Hosted sign-in pages: sign in, sign up, reset, email verification, logout and the recovery
 * link's page. Each form POST is checked by the form middleware (http/validate.ts `formBody`):
 * its session or link, its anti-forgery token, then its fields (pages/inputs.ts); the handler
 * calls the identity service (or the page service for codes and sessions), and answers a page
 * (auth-page-views.ts) or the shop's redirect URI (authorization-response.ts).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { EmulatorContext } from '../context.js';
import { hashSecret } from '../crypto/hash.js';
import type { AppEnv } from '../http/app-env.js';
import { ApiError } from '../http/errors.js';
import { acceptsQuery } from '../http/query-params.js';
import type { FormRules } from '../http/validate.js';
import { formBody } from '../http/validate.js';
import { recoveryTokenValid } from '../identity/recovery.js';
import * as identity from '../identity/service.js';
import type { AuthResponse } from '../models/identity.js';
import type { RedirectSessionRecord } from '../models/sessions.js';
import { liveSession } from '../redirects/sessions.js';
import { codeForSessionToken, endLogoutSession, silentSignIn } from './auth-page-service.js';
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
import {
  formValue,
  recoveryFields,
  resetFields,
  signInFields,
  signUpFields,
  verifyFields,
} from './inputs.js';

type C = Context<AppEnv>;
type Session = Readonly<RedirectSessionRecord>;

/** The message of an identity error, for a page. */
function pageMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const details = error.body.details;
  if ('applicationError' in details) return details.applicationError.description;
  return details.validationError.fieldViolations
    .map((v) => `${v.field} ${v.description}`)
    .join('; ');
}

/**
 * Runs a page's `work`; an identity error (a wrong password, a taken email, a dead code) answers
 * `show(message)` instead, and any other error goes on.
 */
async function orShown(
  work: () => Promise<Response>,
  show: (message: string) => Response,
): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    const message = pageMessage(error);
    if (message === undefined) throw error;
    return show(message);
  }
}

const authFlow = (session: Session) => `auth:${session.id}`;
const recoveryFlow = (token: string) => `recovery:${hashSecret(token)}`;

/** The page helpers every sign-in page shares. */
function pageKit(ctx: EmulatorContext) {
  const refuse = (c: C, message: string, status: 400 | 403 = 400) =>
    c.html(errorPage(message), status);
  const field = (session: Session) => formTokenField(ctx, authFlow(session));
  /** A refusal page when a form POST did not come from its own page, else `undefined`. */
  const forged = (c: C, form: URLSearchParams, flow: string) => {
    const reason = forgedPostReason(ctx, c, form, flow);
    return reason === undefined ? undefined : refuse(c, `${reason} Go back and try again.`, 403);
  };
  return {
    refuse,
    field,
    forged,
    /**
     * The guard of a sign-in session's forms: the live session the form names (else `lost`), and
     * its own page's token.
     */
    session(lost: string): Pick<FormRules<never, Session>, 'guard'> {
      return {
        guard: (c, form) => {
          const session = liveSession(ctx, formValue(form, 'redirectSessionId'), 'auth');
          if (!session) return refuse(c, lost);
          return forged(c, form, authFlow(session)) ?? session;
        },
      };
    },
    /** Continues after a password check, registration or verification. */
    async afterLogin(c: C, session: Session, result: AuthResponse) {
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

const SIGN_IN_LOST = 'This sign-in link is unknown, expired or already used.';

/** `/oauth2/authorize`: the sign-in page, and a silent answer for `prompt=none`. */
function signInRoutes(ctx: EmulatorContext, app: Hono<AppEnv>): void {
  const kit = pageKit(ctx);
  app.get('/oauth2/authorize', acceptsQuery('redirectSessionId'), async (c) => {
    const session = liveSession(ctx, c.req.query('redirectSessionId') ?? '', 'auth');
    if (!session) return kit.refuse(c, `${SIGN_IN_LOST} Start again from the store.`);
    if (session.auth!.prompt === 'none')
      return answerAuthorization(c, session, await silentSignIn(ctx, session), 302);
    return c.html(signInForm(session.id, kit.field(session)));
  });

  const signIn = formBody({ ...kit.session(SIGN_IN_LOST), fields: signInFields });
  app.post('/oauth2/authorize', signIn, async (c) => {
    const { subject: session, fields } = c.req.valid('form');
    return orShown(
      async () =>
        kit.afterLogin(c, session, await identity.login(ctx, fields.email, fields.password)),
      (message) => {
        const shown =
          message === 'No member has this email' ? 'The email or password is wrong' : message;
        return c.html(signInForm(session.id, kit.field(session), shown, fields.email), 401);
      },
    );
  });
}

/** `/oauth2/signup` and `/oauth2/reset`. */
function accountRoutes(ctx: EmulatorContext, app: Hono<AppEnv>): void {
  const kit = pageKit(ctx);
  app.get('/oauth2/signup', acceptsQuery('redirectSessionId'), (c) => {
    const session = liveSession(ctx, c.req.query('redirectSessionId') ?? '', 'auth');
    if (!session) return kit.refuse(c, 'This sign-up link is unknown, expired or already used.');
    return c.html(signUpForm(session.id, kit.field(session)));
  });

  const signUp = formBody({
    ...kit.session('This sign-up link is unknown, expired or already used.'),
    fields: signUpFields,
    invalid: (c, message, session, form) =>
      c.html(
        signInForm(session.id, kit.field(session), message, formValue(form, 'email', 320)),
        400,
      ),
  });
  app.post('/oauth2/signup', signUp, async (c) => {
    const { subject: session, fields } = c.req.valid('form');
    return orShown(
      async () => kit.afterLogin(c, session, await identity.register(ctx, fields)),
      (message) => c.html(signInForm(session.id, kit.field(session), message, fields.email), 400),
    );
  });

  const LOST = 'This link is unknown, expired or already used.';
  app.get('/oauth2/reset', acceptsQuery('redirectSessionId'), (c) => {
    const session = liveSession(ctx, c.req.query('redirectSessionId') ?? '', 'auth');
    if (!session) return kit.refuse(c, LOST);
    return c.html(resetForm(session.id, kit.field(session)));
  });

  app.post('/oauth2/reset', formBody({ ...kit.session(LOST), fields: resetFields }), async (c) => {
    const { subject: session, fields } = c.req.valid('form');
    await identity.sendRecovery(ctx, fields.email);
    return c.html(resetSentPage(session.id));
  });
}

/** `/oauth2/verify`: the verification code of a sign-in. */
function verifyRoutes(ctx: EmulatorContext, app: Hono<AppEnv>): void {
  const kit = pageKit(ctx);
  const verify = formBody({ ...kit.session(SIGN_IN_LOST), fields: verifyFields });
  app.post('/oauth2/verify', verify, async (c) => {
    const { subject: session, fields } = c.req.valid('form');
    return orShown(
      async () =>
        kit.afterLogin(c, session, await identity.verifyEmail(ctx, fields.stateToken, fields.code)),
      (message) =>
        c.html(verifyForm(session.id, kit.field(session), fields.stateToken, message), 400),
    );
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

  const recovery = formBody({
    guard: (c, form) => {
      const token = formValue(form, 'token');
      return kit.forged(c, form, recoveryFlow(token)) ?? token;
    },
    fields: recoveryFields,
    invalid: (c, message) => c.html(recoveryRefusedPage(message), 400),
  });
  app.post('/recovery', recovery, async (c) => {
    const { subject: token, fields } = c.req.valid('form');
    return orShown(
      async () => {
        const { redirectUrl } = await identity.recoverPassword(ctx, token, fields.password);
        if (redirectUrl !== undefined) return c.redirect(redirectUrl, 303);
        return c.html(PASSWORD_SAVED_PAGE);
      },
      (message) => kit.refuse(c, message),
    );
  });
}

/** The hosted sign-in pages. */
export function authPages(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  signInRoutes(ctx, app);
  accountRoutes(ctx, app);
  verifyRoutes(ctx, app);
  endingRoutes(ctx, app);
  return app;
}

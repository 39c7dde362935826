/**
 * Hosted sign-in pages: sign in, sign up, reset, email verification, logout and the recovery
 * link's page. A completed sign-in answers `code` and `state` to the exact registered redirect
 * URI by query, fragment or `web_message` (docs/wire-conventions.md "Hosted pages").
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.js';
import { readForm } from '../http/body.js';
import { ApiError } from '../http/errors.js';
import { acceptsQuery } from '../http/query-params.js';
import {
  checkCredentials,
  continueLogin,
  consumeSessionToken,
  createMember,
  findMemberByEmail,
  recoverPassword,
  recoveryTokenValid,
  sendRecoveryMail,
  sessionTokenValid,
  verifyCode,
} from '../identity/service.js';
import type { AuthResponse } from '../identity/model.js';
import { hashSecret, randomToken } from '../oauth/secrets.js';
import { errorBanner, esc, hidden, htmlPage, scriptJson } from './html.js';
import { forgedPostReason, formTokenField } from './form-token.js';
import type { RedirectSessionRecord } from './model.js';

type C = Context<AppEnv>;

/** Authorization codes live 60 seconds. */
export const CODE_TTL_MS = 60 * 1000;

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

/** The hosted sign-in pages. */
export function authPages(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const errorPage = (c: C, message: string, status: 400 | 403 | 404 = 400) =>
    c.html(htmlPage('Cannot continue', `<p class="error">${esc(message)}</p>`), status);

  /** A refusal page when a form POST did not come from its own page, else `undefined`. */
  const forged = (c: C, form: URLSearchParams, flow: string) => {
    const reason = forgedPostReason(ctx, c, form, flow);
    return reason === undefined ? undefined : errorPage(c, `${reason} Go back and try again.`, 403);
  };
  const authFlow = (session: RedirectSessionRecord) => `auth:${session.id}`;

  const liveSession = (
    id: string,
    kind: RedirectSessionRecord['kind'],
  ): RedirectSessionRecord | undefined => {
    const session = Object.hasOwn(ctx.store.state.redirectSessions, id)
      ? ctx.store.state.redirectSessions[id]
      : undefined;
    if (!session || session.kind !== kind || session.used || session.expiresAt <= ctx.now())
      return undefined;
    return session;
  };

  /** Sends the OAuth answer (a code or an error) to the session's redirect URI. */
  const answer = (
    c: C,
    session: RedirectSessionRecord,
    result: Record<string, string>,
    status: 302 | 303,
  ) => {
    const auth = session.auth!;
    const params = { ...result, state: auth.state };
    if (auth.responseMode === 'web_message') {
      const nonce = randomToken('');
      const origin = new URL(auth.redirectUri).origin;
      // The one page meant for a frame: the shop's hidden iframe, and no one else's.
      c.header(
        'Content-Security-Policy',
        `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors ${origin}`,
      );
      c.header('X-Frame-Options', undefined);
      const script = `window.parent.postMessage(${scriptJson({ type: 'authorization_response', response: params })}, ${scriptJson(origin)});`;
      return c.html(htmlPage('Signing you in', '<p>You can close this window.</p>', nonce, script));
    }
    const target = new URL(auth.redirectUri);
    if (auth.responseMode === 'query') {
      for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
      return c.redirect(target.href, status);
    }
    target.hash = new URLSearchParams(params).toString();
    return c.redirect(target.href, status);
  };

  /** Issues a one-time code for a member and answers it. */
  const answerCode = async (
    c: C,
    session: RedirectSessionRecord,
    memberId: string,
    status: 302 | 303,
  ) => {
    const auth = session.auth!;
    const code = randomToken('ac_');
    ctx.store.state.authCodes[hashSecret(code)] = {
      clientId: auth.clientId,
      redirectUri: auth.redirectUri,
      codeChallenge: auth.codeChallenge,
      memberId,
      expiresAt: ctx.now() + CODE_TTL_MS,
      used: false,
    };
    session.used = true;
    await ctx.store.commit();
    return answer(c, session, { code }, status);
  };

  const signInForm = (session: RedirectSessionRecord, error?: string, email = '') => {
    const id = session.id;
    return htmlPage(
      'Sign in',
      `${errorBanner(error)}<form method="post" action="/oauth2/authorize">${hidden('redirectSessionId', id)}${formTokenField(ctx, authFlow(session))}
      <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${esc(email)}">
      <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
      <button type="submit">Sign in</button></form>
      <nav><p><a href="/oauth2/signup?redirectSessionId=${esc(id)}">Create an account</a><a href="/oauth2/reset?redirectSessionId=${esc(id)}">Forgot your password?</a></p></nav>`,
    );
  };

  const verifyForm = (session: RedirectSessionRecord, stateToken: string, error?: string) =>
    htmlPage(
      'Verify your email',
      `${errorBanner(error)}<p>We sent a 6-digit code to your email (read it in the emulator's outbox: <a href="/_emulator/outbox">/_emulator/outbox</a>).</p>
      <form method="post" action="/oauth2/verify">${hidden('redirectSessionId', session.id)}${formTokenField(ctx, authFlow(session))}${hidden('stateToken', stateToken)}
      <label for="code">Code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
      <button type="submit">Verify</button></form>`,
    );

  /** Continues after a password check, registration or verification. */
  const afterLogin = async (c: C, session: RedirectSessionRecord, result: AuthResponse) => {
    await ctx.store.commit();
    if (result.state === 'SUCCESS' && result.sessionToken !== undefined) {
      const memberId = consumeSessionToken(ctx, hashSecret(result.sessionToken));
      if (memberId !== undefined) return answerCode(c, session, memberId, 303);
    }
    if (result.state === 'REQUIRE_EMAIL_VERIFICATION' && result.stateToken !== undefined)
      return c.html(verifyForm(session, result.stateToken));
    return c.html(
      htmlPage(
        'Waiting for approval',
        '<p>The site owner must approve your account before you can sign in. Try again once approved.</p>',
      ),
    );
  };

  app.get('/oauth2/authorize', acceptsQuery('redirectSessionId'), async (c) => {
    const session = liveSession(c.req.query('redirectSessionId') ?? '', 'auth');
    if (!session)
      return errorPage(
        c,
        'This sign-in link is unknown, expired or already used. Start again from the store.',
      );
    const auth = session.auth!;
    if (auth.prompt === 'none') {
      const memberId =
        auth.sessionTokenHash !== undefined && sessionTokenValid(ctx, auth.sessionTokenHash)
          ? consumeSessionToken(ctx, auth.sessionTokenHash)
          : undefined;
      if (memberId !== undefined) return answerCode(c, session, memberId, 302);
      session.used = true;
      await ctx.store.commit();
      return answer(
        c,
        session,
        {
          error: 'login_required',
          error_description: 'No valid session token; the member must sign in',
        },
        302,
      );
    }
    return c.html(signInForm(session));
  });

  app.post('/oauth2/authorize', async (c) => {
    const form = await readForm(c);
    const session = liveSession(field(form, 'redirectSessionId'), 'auth');
    if (!session) return errorPage(c, 'This sign-in link is unknown, expired or already used.');
    const refused = forged(c, form, authFlow(session));
    if (refused) return refused;
    const email = field(form, 'email', 320);
    try {
      const member = await checkCredentials(ctx, email, field(form, 'password', 100));
      return await afterLogin(c, session, continueLogin(ctx, member));
    } catch (error) {
      const message = pageMessage(error);
      if (message === undefined) throw error;
      return c.html(
        signInForm(
          session,
          message === 'No member has this email' ? 'The email or password is wrong' : message,
          email,
        ),
        401,
      );
    }
  });

  app.get('/oauth2/signup', acceptsQuery('redirectSessionId'), (c) => {
    const session = liveSession(c.req.query('redirectSessionId') ?? '', 'auth');
    if (!session) return errorPage(c, 'This sign-up link is unknown, expired or already used.');
    return c.html(
      htmlPage(
        'Create an account',
        `<form method="post" action="/oauth2/signup">${hidden('redirectSessionId', session.id)}${formTokenField(ctx, authFlow(session))}
        <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>
        <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="4" required>
        <button type="submit">Create account</button></form><p><a href="/oauth2/authorize?redirectSessionId=${esc(session.id)}">Already a member? Sign in</a></p>`,
      ),
    );
  });

  app.post('/oauth2/signup', async (c) => {
    const form = await readForm(c);
    const session = liveSession(field(form, 'redirectSessionId'), 'auth');
    if (!session) return errorPage(c, 'This sign-up link is unknown, expired or already used.');
    const refused = forged(c, form, authFlow(session));
    if (refused) return refused;
    const email = field(form, 'email', 320);
    const password = field(form, 'password', 100);
    const problem = !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)
      ? 'Enter a valid email'
      : password.length < 4
        ? 'The password must be at least 4 characters'
        : undefined;
    try {
      if (problem !== undefined) return c.html(signInForm(session, problem, email), 400);
      const member = await createMember(ctx, { email, password });
      return await afterLogin(c, session, continueLogin(ctx, member));
    } catch (error) {
      const message = pageMessage(error);
      if (message === undefined) throw error;
      return c.html(signInForm(session, message, email), 400);
    }
  });

  app.get('/oauth2/reset', acceptsQuery('redirectSessionId'), (c) => {
    const session = liveSession(c.req.query('redirectSessionId') ?? '', 'auth');
    if (!session) return errorPage(c, 'This link is unknown, expired or already used.');
    return c.html(
      htmlPage(
        'Reset your password',
        `<form method="post" action="/oauth2/reset">${hidden('redirectSessionId', session.id)}${formTokenField(ctx, authFlow(session))}
        <label for="email">Email</label><input id="email" name="email" type="email" required>
        <button type="submit">Send reset link</button></form>`,
      ),
    );
  });

  app.post('/oauth2/reset', async (c) => {
    const form = await readForm(c);
    const session = liveSession(field(form, 'redirectSessionId'), 'auth');
    if (!session) return errorPage(c, 'This link is unknown, expired or already used.');
    const refused = forged(c, form, authFlow(session));
    if (refused) return refused;
    const member = findMemberByEmail(ctx, field(form, 'email', 320));
    if (member) sendRecoveryMail(ctx, member, 'recovery');
    await ctx.store.commit();
    return c.html(
      htmlPage(
        'Check your email',
        `<p>If an account uses this email, a reset link is on its way (see <a href="/_emulator/outbox">the outbox</a>).</p><p><a href="/oauth2/authorize?redirectSessionId=${esc(session.id)}">Back to sign in</a></p>`,
      ),
    );
  });

  app.post('/oauth2/verify', async (c) => {
    const form = await readForm(c);
    const session = liveSession(field(form, 'redirectSessionId'), 'auth');
    if (!session) return errorPage(c, 'This sign-in link is unknown, expired or already used.');
    const refused = forged(c, form, authFlow(session));
    if (refused) return refused;
    const stateToken = field(form, 'stateToken');
    try {
      return await afterLogin(c, session, verifyCode(ctx, stateToken, field(form, 'code', 20)));
    } catch (error) {
      await ctx.store.commit();
      const message = pageMessage(error);
      if (message === undefined) throw error;
      return c.html(verifyForm(session, stateToken, message), 400);
    }
  });

  app.get('/oauth2/logout', acceptsQuery('redirectSessionId'), async (c) => {
    const session = liveSession(c.req.query('redirectSessionId') ?? '', 'logout');
    if (!session) return errorPage(c, 'This sign-out link is unknown, expired or already used.');
    session.used = true;
    await ctx.store.commit();
    if (session.postFlowUrl !== undefined) return c.redirect(session.postFlowUrl, 302);
    return c.html(htmlPage('Signed out', '<p>You are signed out.</p>'));
  });

  const recoveryFlow = (token: string) => `recovery:${hashSecret(token)}`;

  app.get('/recovery', acceptsQuery('token'), (c) => {
    const token = c.req.query('token') ?? '';
    if (!recoveryTokenValid(ctx, token))
      return errorPage(c, 'This reset link is unknown, used or expired. Ask for a new one.');
    return c.html(
      htmlPage(
        'Choose a new password',
        `<form method="post" action="/recovery">${hidden('token', token)}${formTokenField(ctx, recoveryFlow(token))}
        <label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="4" required>
        <button type="submit">Save password</button></form>`,
      ),
    );
  });

  app.post('/recovery', async (c) => {
    const form = await readForm(c);
    const token = field(form, 'token');
    const refused = forged(c, form, recoveryFlow(token));
    if (refused) return refused;
    const password = field(form, 'password', 100);
    if (password.length < 4)
      return c.html(
        htmlPage('Choose a new password', errorBanner('The password must be 4 to 100 characters')),
        400,
      );
    try {
      const { redirectUrl } = await recoverPassword(ctx, token, password);
      await ctx.store.commit();
      if (redirectUrl !== undefined) return c.redirect(redirectUrl, 303);
      return c.html(
        htmlPage(
          'Password saved',
          '<p>Your password was changed. You can sign in with it now.</p>',
        ),
      );
    } catch (error) {
      const message = pageMessage(error);
      if (message === undefined) throw error;
      return errorPage(c, message);
    }
  });

  return app;
}

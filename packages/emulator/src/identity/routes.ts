/**
 * IAM calls (platform-wire.md "Authentication", "Recovery and verification"). Every path needs
 * an access token, except the logout redirect, which a browser navigates to.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.js';
import { callerOf, requireCaller, requireElevated, requireMember } from '../http/auth.js';
import { readBody } from '../http/body.js';
import { acceptsQuery } from '../http/query-params.js';
import { fieldError, notFound } from '../http/errors.js';
import { findClient, isRegisteredUri } from '../oauth/clients.js';
import { randomId } from '../oauth/secrets.js';
import { revokeFamily } from '../oauth/tokens.js';
import { htmlPage } from '../redirects/html.js';
import type { ProfileRecord } from './model.js';
import {
  activationBody,
  changePasswordBody,
  loginV1Body,
  loginV2Body,
  recoverBody,
  registerV1Body,
  registerV2Body,
  sendRecoveryBody,
  signOnBody,
  ssoBody,
  stateTokenBody,
  verificationStartBody,
  verifyBody,
} from './inputs.js';
import {
  changePassword,
  checkCaptcha,
  checkCredentials,
  continueLogin,
  createMember,
  findMemberByEmail,
  proceed,
  recoverPassword,
  resendCode,
  sendRecoveryMail,
  startVerification,
  verifyCode,
} from './service.js';

/** The identity routes. */
export function identityRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = '/_api/iam/authentication';
  const recovery = '/_api/iam/recovery';
  const verification = '/_api/iam/verification';

  // The logout redirect is a browser navigation: it cannot carry the token header, so it is
  // served before the token check and revokes a session only when a token is sent.
  app.get(`${auth}/v1/logout`, acceptsQuery('postLogoutRedirectUri', 'clientId'), async (c) => {
    const clientId = c.req.query('clientId');
    const target = c.req.query('postLogoutRedirectUri');
    const client = clientId === undefined ? undefined : findClient(ctx, clientId);
    if (clientId !== undefined && !client)
      throw fieldError('clientId', 'is not a registered client', 'VALIDATION');
    if (target !== undefined && (!client || !isRegisteredUri(client, target))) {
      throw fieldError(
        'postLogoutRedirectUri',
        'is not a registered redirect URI of the client',
        'VALIDATION',
      );
    }
    // The credential was checked by the authorization middleware; an API key ends no session.
    const caller = c.get('caller');
    if (caller !== undefined && caller.role !== 'app') {
      revokeFamily(ctx, caller.familyId);
      await ctx.store.commit();
    }
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
    if (target !== undefined) return c.redirect(target, 302);
    return c.html(htmlPage('Signed out', '<p>You are signed out.</p>'));
  });

  app.use(`${auth}/v2/change-password`, requireMember());
  // Signing a member on by email alone is a server's call: it needs the API key.
  app.use(`${auth}/v2/sign-on`, requireElevated(ctx));
  app.use(`${auth}/*`, requireCaller());
  app.use(`${recovery}/*`, requireCaller());
  app.use(`${verification}/*`, requireCaller());

  const respond = async <T>(c: Context<AppEnv>, body: T) => {
    await ctx.store.commit();
    return c.json(body as Record<string, unknown>);
  };

  app.post(`${auth}/v2/register`, async (c) => {
    const body = await readBody(c, registerV2Body);
    checkCaptcha(ctx, body.captchaTokens);
    const member = await createMember(ctx, {
      email: body.loginId.email,
      password: body.password,
      ...(body.profile ? { profile: body.profile } : {}),
    });
    return respond(c, continueLogin(ctx, member));
  });

  app.post(`${auth}/v1/register`, async (c) => {
    const body = await readBody(c, registerV1Body);
    const email = body.identity.loginId?.email ?? body.identity.email?.address;
    if (email === undefined)
      throw fieldError('identity.loginId.email', 'is required', 'REQUIRED_FIELD', {
        type: 'EMAIL',
      });
    checkCaptcha(ctx, body.captchaTokens);
    const profile = body.identity.identityProfile as ProfileRecord | undefined;
    const member = await createMember(ctx, {
      email,
      password: body.inputs,
      ...(profile ? { profile } : {}),
    });
    return respond(c, continueLogin(ctx, member));
  });

  app.post(`${auth}/v2/login`, async (c) => {
    const body = await readBody(c, loginV2Body);
    checkCaptcha(ctx, body.captchaTokens);
    const member = await checkCredentials(ctx, body.loginId.email, body.password);
    return respond(c, continueLogin(ctx, member));
  });

  app.post(`${auth}/v1/login`, async (c) => {
    const body = await readBody(c, loginV1Body);
    const email = body.identifier?.email ?? body.loginId?.email;
    if (email === undefined)
      throw fieldError('identifier.email', 'is required', 'REQUIRED_FIELD', { type: 'EMAIL' });
    checkCaptcha(ctx, body.captchaTokens);
    const member = await checkCredentials(ctx, email, body.inputs);
    return respond(c, continueLogin(ctx, member));
  });

  app.post(`${auth}/v2/change-password`, async (c) => {
    const body = await readBody(c, changePasswordBody);
    const caller = callerOf(c);
    if (caller.role !== 'member' || caller.memberId === undefined)
      throw notFound('No member is signed in');
    await changePassword(ctx, caller.memberId, body.newPassword, caller.familyId);
    return respond(c, {});
  });

  app.post(`${auth}/v1/sso/login-with-token-params`, async (c) => {
    const body = await readBody(c, ssoBody);
    // The emulated identity provider trusts the token parameters: `email` names the member.
    const email = body.tokenParams.email;
    if (email === undefined || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw fieldError('tokenParams.email', 'must be a valid email', 'FORMAT', { type: 'EMAIL' });
    }
    const member =
      findMemberByEmail(ctx, email) ?? (await createMember(ctx, { email, verified: true }));
    return respond(c, continueLogin(ctx, member));
  });

  app.post(`${auth}/v1/state/proceed`, async (c) => {
    const body = await readBody(c, stateTokenBody);
    return respond(c, proceed(ctx, body.stateToken));
  });

  app.post(`${auth}/v2/sign-on`, async (c) => {
    const body = await readBody(c, signOnBody);
    const profile = body.profile as ProfileRecord | undefined;
    const member =
      findMemberByEmail(ctx, body.loginId.email) ??
      (await createMember(ctx, {
        email: body.loginId.email,
        verified: body.verifyEmail !== true,
        ...(profile ? { profile } : {}),
      }));
    return respond(c, continueLogin(ctx, member));
  });

  app.post(`${recovery}/v1/send-email`, async (c) => {
    const body = await readBody(c, sendRecoveryBody);
    if (body.redirect) {
      const client = findClient(ctx, body.redirect.clientId);
      if (!client)
        throw fieldError('redirect.clientId', 'is not a registered client', 'VALIDATION');
      if (!isRegisteredUri(client, body.redirect.url))
        throw fieldError(
          'redirect.url',
          'is not a registered redirect URI of the client',
          'VALIDATION',
        );
    }
    // Answers the same whether or not the email is known, so it cannot be used to probe.
    const member = findMemberByEmail(ctx, body.email);
    if (member) sendRecoveryMail(ctx, member, 'recovery', body.redirect?.url);
    return respond(c, {});
  });

  app.post(`${recovery}/v1/activation-email`, async (c) => {
    const body = await readBody(c, activationBody);
    const member = ctx.store.state.members[body.identityId];
    if (!member || !Object.hasOwn(ctx.store.state.members, body.identityId))
      throw notFound('No identity has this id');
    sendRecoveryMail(ctx, member, 'activation');
    return respond(c, {});
  });

  app.post(`${recovery}/v1/recover`, async (c) => {
    const body = await readBody(c, recoverBody);
    // The platform answers the state machine's next step, as after a sign-in (the official
    // client reads `state`): the member may go on with the new password at once.
    const { member } = await recoverPassword(ctx, body.recoveryToken, body.password);
    return respond(c, continueLogin(ctx, member));
  });

  const start = async (c: Context<AppEnv>) => {
    const body = await readBody(c, verificationStartBody);
    const member = Object.hasOwn(ctx.store.state.members, body.identityId)
      ? ctx.store.state.members[body.identityId]
      : undefined;
    if (!member) throw notFound('No identity has this id');
    return respond(c, { verificationId: randomId(), stateToken: startVerification(ctx, member) });
  };
  app.post(`${verification}/v1/start`, start);
  app.post(`${verification}/v1/Start`, start);

  app.post(`${verification}/v1/auth/verify`, async (c) => {
    const body = await readBody(c, verifyBody);
    try {
      return await respond(c, verifyCode(ctx, body.stateToken, body.code));
    } finally {
      // A wrong code still counts an attempt, which must survive a restart.
      await ctx.store.commit();
    }
  });

  app.post(`${verification}/v1/auth/resend`, async (c) => {
    const body = await readBody(c, stateTokenBody);
    resendCode(ctx, body.stateToken);
    return respond(c, {});
  });

  return app;
}

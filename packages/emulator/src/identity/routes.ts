/**
 * IAM routes (platform-wire.md "Authentication", "Recovery and verification"): each checks its
 * body, calls the identity service (service.ts), and answers. Every path needs an access token;
 * the logout redirect, which a browser navigates to, is a hosted page (pages/logout-page.ts).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { identityCallerOf, requireCaller, requireElevated, requireMember } from '../http/auth.js';
import { fieldError } from '../http/errors.js';
import { jsonBody } from '../http/validate.js';
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
import type { ProfileRecord } from '../models/identity.js';
import * as identity from './service.js';

const AUTH = '/_api/iam/authentication';
const RECOVERY = '/_api/iam/recovery';
const VERIFICATION = '/_api/iam/verification';

/** Registration, login, password change and sign-on. */
function authenticationRoutes(ctx: EmulatorContext, app: Hono<AppEnv>): void {
  app.post(`${AUTH}/v2/register`, jsonBody(registerV2Body), async (c) => {
    const body = c.req.valid('json');
    const member = {
      email: body.loginId.email,
      password: body.password,
      ...(body.profile ? { profile: body.profile } : {}),
    };
    return c.json(await identity.register(ctx, member, { tokens: body.captchaTokens }));
  });

  app.post(`${AUTH}/v1/register`, jsonBody(registerV1Body), async (c) => {
    const body = c.req.valid('json');
    const email = body.identity.loginId?.email ?? body.identity.email?.address;
    if (email === undefined)
      throw fieldError('identity.loginId.email', 'is required', 'REQUIRED_FIELD', {
        type: 'EMAIL',
      });
    const profile = body.identity.identityProfile as ProfileRecord | undefined;
    const member = { email, password: body.inputs, ...(profile ? { profile } : {}) };
    return c.json(await identity.register(ctx, member, { tokens: body.captchaTokens }));
  });

  app.post(`${AUTH}/v2/login`, jsonBody(loginV2Body), async (c) => {
    const { loginId, password, captchaTokens } = c.req.valid('json');
    return c.json(await identity.login(ctx, loginId.email, password, { tokens: captchaTokens }));
  });

  app.post(`${AUTH}/v1/login`, jsonBody(loginV1Body), async (c) => {
    const body = c.req.valid('json');
    const email = body.identifier?.email ?? body.loginId?.email;
    if (email === undefined)
      throw fieldError('identifier.email', 'is required', 'REQUIRED_FIELD', { type: 'EMAIL' });
    return c.json(await identity.login(ctx, email, body.inputs, { tokens: body.captchaTokens }));
  });

  app.post(`${AUTH}/v2/change-password`, jsonBody(changePasswordBody), async (c) => {
    await identity.changePassword(ctx, identityCallerOf(c), c.req.valid('json').newPassword);
    return c.json({});
  });

  app.post(`${AUTH}/v1/sso/login-with-token-params`, jsonBody(ssoBody), async (c) => {
    // The emulated identity provider signs in only whom its connection's token vouches for
    // (identity/idp.ts); other token parameters, an `email` among them, are not trusted.
    const { idpConnectionId, tokenParams } = c.req.valid('json');
    const email = await ctx.idp.verifiedEmail(idpConnectionId, tokenParams.token, ctx.now());
    return c.json(await identity.trustedLogin(ctx, { email, verified: true }));
  });

  app.post(`${AUTH}/v1/state/proceed`, jsonBody(stateTokenBody), async (c) =>
    c.json(await identity.proceedLogin(ctx, c.req.valid('json').stateToken)),
  );

  app.post(`${AUTH}/v2/sign-on`, jsonBody(signOnBody), async (c) => {
    const body = c.req.valid('json');
    const profile = body.profile as ProfileRecord | undefined;
    const member = {
      email: body.loginId.email,
      verified: body.verifyEmail !== true,
      ...(profile ? { profile } : {}),
    };
    return c.json(await identity.trustedLogin(ctx, member));
  });
}

/** Recovery and activation mail, and the password reset. */
function recoveryRoutes(ctx: EmulatorContext, app: Hono<AppEnv>): void {
  app.post(`${RECOVERY}/v1/send-email`, jsonBody(sendRecoveryBody), async (c) => {
    const { email, redirect } = c.req.valid('json');
    await identity.sendRecovery(ctx, email, redirect);
    return c.json({});
  });

  app.post(`${RECOVERY}/v1/activation-email`, jsonBody(activationBody), async (c) => {
    await identity.sendActivation(ctx, c.req.valid('json').identityId);
    return c.json({});
  });

  app.post(`${RECOVERY}/v1/recover`, jsonBody(recoverBody), async (c) => {
    const { recoveryToken, password } = c.req.valid('json');
    return c.json(await identity.recoverAndLogin(ctx, recoveryToken, password));
  });
}

/** Email verification outside a login. */
function verificationRoutes(ctx: EmulatorContext, app: Hono<AppEnv>): void {
  // The official client sends `Start`; older callers `start`.
  for (const start of ['start', 'Start'])
    app.post(`${VERIFICATION}/v1/${start}`, jsonBody(verificationStartBody), async (c) =>
      c.json(await identity.startEmailVerification(ctx, c.req.valid('json').identityId)),
    );

  app.post(`${VERIFICATION}/v1/auth/verify`, jsonBody(verifyBody), async (c) => {
    const { stateToken, code } = c.req.valid('json');
    return c.json(await identity.verifyEmail(ctx, stateToken, code));
  });

  app.post(`${VERIFICATION}/v1/auth/resend`, jsonBody(stateTokenBody), async (c) => {
    await identity.resendVerification(ctx, c.req.valid('json').stateToken);
    return c.json({});
  });
}

/** The identity routes. */
export function identityRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(`${AUTH}/v2/change-password`, requireMember());
  // Signing a member on by email alone is a server's call: it needs the API key.
  app.use(`${AUTH}/v2/sign-on`, requireElevated(ctx.options));
  app.use(`${AUTH}/*`, requireCaller());
  app.use(`${RECOVERY}/*`, requireCaller());
  app.use(`${VERIFICATION}/*`, requireCaller());
  authenticationRoutes(ctx, app);
  recoveryRoutes(ctx, app);
  verificationRoutes(ctx, app);
  return app;
}

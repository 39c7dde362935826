/**
 * Checklist C (item 13): canary secrets planted in every flow and failure never appear in a log
 * line or an error answer. Item 14: pages send no referrer, tokens only travel in headers or
 * bodies (never in a URL the emulator builds).
 */
import { describe, expect, it } from 'vitest';
import type { Reply } from './helpers.js';
import {
  REDIRECT_URI,
  authSession,
  call,
  codeFor,
  pathOf,
  pkce,
  start,
  visitor,
} from './helpers.js';

const CANARY = {
  password: 'CANARYpassword7f3a',
  newPassword: 'CANARYnewpass9b1c',
  apiKey: 'CANARYapikey55d2',
  accessToken: 'CANARYaccess0c4e',
  refreshToken: 'CANARYrefresh81aa',
  code: 'CANARYcode3d9f',
  verifier: 'CANARYverifier-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  stateToken: 'CANARYstatetoken6e0b',
  recoveryToken: 'CANARYrecovery2f7d',
  sessionToken: 'CANARYsession4a8c',
  captcha: 'CANARYcaptcha11ee',
};

describe('secrets', () => {
  describe('canaries', () => {
    it('never appear in logs or answers, across flows and failures', async () => {
      const logs: string[] = [];
      const emu = await start({ apiKey: CANARY.apiKey, logger: (line) => logs.push(line) });
      const replies: Reply[] = [];
      const track = async (p: Promise<Reply>) => {
        const r = await p;
        replies.push(r);
        return r;
      };
      const { access_token } = await visitor(emu);
      const issued = [access_token];
      const auth = '/_api/iam/authentication';
      // Registration and login, right and wrong.
      const reg = await track(
        call(emu, 'POST', `${auth}/v2/register`, {
          token: access_token,
          body: { loginId: { email: 'canary@example.com' }, password: CANARY.password },
        }),
      );
      await track(
        call(emu, 'POST', `${auth}/v2/register`, {
          token: access_token,
          body: { loginId: { email: 'canary@example.com' }, password: CANARY.password },
        }),
      );
      await track(
        call(emu, 'POST', `${auth}/v2/register`, {
          token: access_token,
          body: { loginId: { email: 'not-an-email' }, password: CANARY.password },
        }),
      );
      await track(
        call(emu, 'POST', `${auth}/v2/login`, {
          token: access_token,
          body: { loginId: { email: 'canary@example.com' }, password: CANARY.password },
        }),
      );
      await track(
        call(emu, 'POST', `${auth}/v2/login`, {
          token: access_token,
          body: { loginId: { email: 'canary@example.com' }, password: `${CANARY.password}x` },
        }),
      );
      await track(
        call(emu, 'POST', `${auth}/v2/login`, {
          token: access_token,
          body: {
            loginId: { email: 'canary@example.com' },
            password: 'x'.repeat(200) + CANARY.password,
          },
        }),
      );
      await emu.setModes({ captchaRequired: true });
      await track(
        call(emu, 'POST', `${auth}/v2/login`, {
          token: access_token,
          body: {
            loginId: { email: 'canary@example.com' },
            password: CANARY.password,
            captchaTokens: [{ Recaptcha: CANARY.captcha }],
          },
        }),
      );
      await emu.setModes({ captchaRequired: false });
      // Tokens: bad access, refresh, code, verifier, API key.
      await track(call(emu, 'GET', '/ecom/v1/carts/current', { token: CANARY.accessToken }));
      await track(
        call(emu, 'GET', '/ecom/v1/carts/current', { token: `Bearer ${CANARY.accessToken}` }),
      );
      await track(
        call(emu, 'POST', '/oauth2/token', {
          body: {
            clientId: emu.clientId,
            grantType: 'refresh_token',
            refreshToken: CANARY.refreshToken,
          },
        }),
      );
      await track(
        call(emu, 'POST', '/oauth2/token', {
          body: {
            clientId: emu.clientId,
            grantType: 'authorization_code',
            redirectUri: REDIRECT_URI,
            code: CANARY.code,
            codeVerifier: CANARY.verifier,
          },
        }),
      );
      const code = await codeFor(emu, reg.body.sessionToken, pkce().challenge);
      await track(
        call(emu, 'POST', '/oauth2/token', {
          body: {
            clientId: emu.clientId,
            grantType: 'authorization_code',
            redirectUri: REDIRECT_URI,
            code,
            codeVerifier: CANARY.verifier,
          },
        }),
      );
      await track(
        call(emu, 'POST', '/oauth2/token', {
          headers: { authorization: `${access_token},${CANARY.apiKey}x` },
          body: {
            grant_type: 'authorized_client',
            scope: 'offline_access',
            member_id: reg.body.identity.id,
          },
        }),
      );
      const good = await track(
        call(emu, 'POST', '/oauth2/token', {
          headers: { authorization: `${access_token},${CANARY.apiKey}` },
          body: {
            grant_type: 'authorized_client',
            scope: 'offline_access',
            member_id: reg.body.identity.id,
          },
        }),
      );
      issued.push(good.body.access_token, good.body.refresh_token);
      await track(
        call(emu, 'POST', `${auth}/v2/change-password`, {
          token: good.body.access_token,
          body: { newPassword: CANARY.newPassword },
        }),
      );
      // One-time tokens of the IAM flows.
      await track(
        call(emu, 'POST', `${auth}/v1/state/proceed`, {
          token: access_token,
          body: { stateToken: CANARY.stateToken },
        }),
      );
      await track(
        call(emu, 'POST', '/_api/iam/verification/v1/auth/verify', {
          token: access_token,
          body: { code: '123456', stateToken: CANARY.stateToken },
        }),
      );
      await track(
        call(emu, 'POST', '/_api/iam/recovery/v1/recover', {
          token: access_token,
          body: { recoveryToken: CANARY.recoveryToken, password: CANARY.password },
        }),
      );
      await track(
        call(emu, 'POST', '/_api/iam/recovery/v1/recover', {
          token: access_token,
          body: { recoveryToken: CANARY.recoveryToken, password: 'x' },
        }),
      );
      // The hosted page with a canary session token and a canary password.
      const session = await track(
        authSession(emu, access_token, {
          challenge: pkce().challenge,
          sessionToken: CANARY.sessionToken,
          prompt: 'none',
        }),
      );
      await track(call(emu, 'GET', pathOf(session.body.redirectSession.fullUrl)));
      const login = await track(authSession(emu, access_token, { challenge: pkce().challenge }));
      await track(
        call(emu, 'POST', '/oauth2/authorize', {
          raw: new URLSearchParams({
            redirectSessionId: login.body.redirectSession.id,
            email: 'canary@example.com',
            password: CANARY.password,
          }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      );
      // An unknown recovery token gets an error page that does not quote it.
      const recoveryPage = await track(call(emu, 'GET', `/recovery?token=${CANARY.recoveryToken}`));
      expect(recoveryPage.status).toBe(400);
      await track(
        call(emu, 'POST', '/recovery', {
          raw: `token=${CANARY.recoveryToken}&password=${CANARY.password}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      );

      expect(logs.length).toBeGreaterThan(20);
      const everything = [
        ...logs,
        ...replies.map((r) => `${r.text} ${JSON.stringify([...r.headers])}`),
      ].join('\n');
      for (const canary of Object.values(CANARY)) expect(everything).not.toContain(canary);
      for (const token of issued) expect(logs.join('\n')).not.toContain(token);
      expect(JSON.stringify(emu.dumpState())).not.toContain(CANARY.password);
    });
  });

  describe('addresses', () => {
    it('pages send Referrer-Policy: no-referrer and session URLs carry no token', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const session = await authSession(emu, access_token, {
        challenge: pkce().challenge,
        sessionToken: CANARY.sessionToken,
      });
      expect(session.body.redirectSession.fullUrl).not.toContain(CANARY.sessionToken);
      expect(session.body.redirectSession.fullUrl).not.toContain('codeChallenge');
      for (const path of [
        pathOf(session.body.redirectSession.fullUrl),
        '/recovery?token=x',
        '/oauth2/logout?redirectSessionId=x',
        '/checkout?redirectSessionId=x',
      ]) {
        expect((await call(emu, 'GET', path)).headers.get('referrer-policy')).toBe('no-referrer');
      }
    });
  });
});

import { describe, expect, it } from 'vitest';
import { json } from '../../../__tests__/helpers.js';
import { StoreSystemError } from '../../../http/errors/system-error.js';
import { isStoreApiError } from '../../../http/errors/type-guards.js';
import { T0, clientOn, fakePlatform } from '../../__tests__/fake-platform.js';

const OK = () => json({ state: 'SUCCESS' });

describe('identity api', () => {
  describe('store.identity', () => {
    it('sends every call of spec §7 to its wire path with its body', async () => {
      const platform = fakePlatform();
      platform.routes = new Proxy({}, { get: () => OK });
      const store = clientOn(platform, { now: T0 });
      const { authentication, recovery, verification } = store.identity;
      await authentication.register({ authenticatorId: 'pw', inputs: [{ id: 'x' }] });
      await authentication.login({ identifier: { email: 'a@b.co' }, authenticatorId: 'pw' });
      await authentication.registerV2({ loginId: { email: 'a@b.co' }, password: 'pw-1' });
      await authentication.loginV2({ loginId: { email: 'a@b.co' }, password: 'pw-1' });
      await authentication.changePassword('pw-2');
      await authentication.loginWithTokenParams({
        idpConnectionId: 'idp',
        tokenParams: { t: 'v' },
      });
      await authentication.proceed('stt-1');
      await authentication.signOn({ loginId: { email: 'a@b.co' }, verifyEmail: true });
      await recovery.sendEmail({
        email: 'a@b.co',
        language: 'en',
        redirect: { url: 'http://localhost:5173/' },
      });
      await recovery.sendActivationEmail({ identityId: 'id-1' });
      await recovery.recover({ recoveryToken: 'rt-1', password: 'pw-3' });
      await verification.start({ identityId: 'id-1' });
      await verification.verify({ code: '123456', stateToken: 'stt-2' });
      await verification.resend('stt-3');

      const calls = platform.requests
        .filter((r) => r.url.pathname !== '/oauth2/token')
        .map((r) => [r.method, r.url.href, JSON.parse(r.body), r.headers.get('authorization')]);
      expect(calls).toEqual([
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/authentication/v1/register',
          { authenticatorId: 'pw', inputs: [{ id: 'x' }] },
          'at_1',
        ],
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/authentication/v1/login',
          { identifier: { email: 'a@b.co' }, authenticatorId: 'pw' },
          'at_1',
        ],
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/authentication/v2/register',
          { loginId: { email: 'a@b.co' }, password: 'pw-1' },
          'at_1',
        ],
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/authentication/v2/login',
          { loginId: { email: 'a@b.co' }, password: 'pw-1' },
          'at_1',
        ],
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/authentication/v2/change-password',
          { newPassword: 'pw-2' },
          'at_1',
        ],
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/authentication/v1/sso/login-with-token-params',
          { idpConnectionId: 'idp', tokenParams: { t: 'v' } },
          'at_1',
        ],
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/authentication/v1/state/proceed',
          { stateToken: 'stt-1' },
          'at_1',
        ],
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/authentication/v2/sign-on',
          { loginId: { email: 'a@b.co' }, verifyEmail: true },
          'at_1',
        ],
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/recovery/v1/send-email',
          {
            email: 'a@b.co',
            language: 'en',
            redirect: { url: 'http://localhost:5173/', clientId: 'c1' },
          },
          'at_1',
        ],
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/recovery/v1/activation-email',
          { identityId: 'id-1' },
          'at_1',
        ],
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/recovery/v1/recover',
          { recoveryToken: 'rt-1', password: 'pw-3' },
          'at_1',
        ],
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/verification/v1/start',
          { target: 'EMAIL', identityId: 'id-1' },
          'at_1',
        ],
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/verification/v1/auth/verify',
          { code: '123456', stateToken: 'stt-2' },
          'at_1',
        ],
        [
          'POST',
          'http://127.0.0.1:4010/_api/iam/verification/v1/auth/resend',
          { stateToken: 'stt-3' },
          'at_1',
        ],
      ]);
    });

    it('builds the logout address without calling', () => {
      const platform = fakePlatform();
      const store = clientOn(platform, { now: T0 });
      expect(
        store.identity.authentication.logoutUrl({
          postLogoutRedirectUri: 'http://localhost:5173/',
        }),
      ).toBe(
        'http://127.0.0.1:4010/_api/iam/authentication/v1/logout?postLogoutRedirectUri=http%3A%2F%2Flocalhost%3A5173%2F&clientId=c1',
      );
      expect(platform.requests).toHaveLength(0);
    });

    it.each([
      ['an empty 200', () => new Response('', { status: 200 })],
      ['HTML', () => new Response('<html>', { status: 200 })],
      ['a JSON array', () => new Response('[1]', { status: 200 })],
      ['a huge body', () => new Response('x'.repeat(2_000_000), { status: 200 })],
      [
        '__proto__ keys',
        () => new Response('{"__proto__":{"polluted":1},"state":5}', { status: 200 }),
      ],
      ['a 500 with HTML', () => new Response('<html>', { status: 500 })],
    ])('turns %s into a typed error (checklist B11)', async (_label, answer) => {
      const platform = fakePlatform({ '/_api/iam/authentication/v2/login': answer });
      const store = clientOn(platform, { now: T0 });
      const error = await store.identity.authentication
        .loginV2({ loginId: { email: 'a@b.co' }, password: 'pw' })
        .catch((e: unknown) => e);
      expect(isStoreApiError(error)).toBe(true);
      expect(error).toBeInstanceOf(StoreSystemError);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('store.redirects', () => {
    it('creates a session with any section and returns it', async () => {
      const platform = fakePlatform({
        '/_api/redirects-api/v1/redirect-session': () =>
          json({ redirectSession: { id: 'r1', fullUrl: 'http://127.0.0.1:4010/checkout?x=1' } }),
      });
      const store = clientOn(platform, { now: T0 });
      const input = {
        ecomCheckout: { checkoutId: 'co-1' },
        callbacks: {
          postFlowUrl: 'http://localhost:5173/',
          thankYouPageUrl: 'http://localhost:5173/thanks',
        },
        preferences: { useGenericWixPages: false, additionalQueryParameters: { a: '1' } },
      };
      const { redirectSession } = await store.redirects.createSession(input);
      expect(redirectSession).toEqual({ id: 'r1', fullUrl: 'http://127.0.0.1:4010/checkout?x=1' });
      const sent = platform.requests.at(-1)!;
      expect(sent.url.href).toBe('http://127.0.0.1:4010/_api/redirects-api/v1/redirect-session');
      expect(JSON.parse(sent.body)).toEqual(input);
    });

    it('refuses an answer without a fullUrl', async () => {
      const platform = fakePlatform({
        '/_api/redirects-api/v1/redirect-session': () => json({ redirectSession: {} }),
      });
      const store = clientOn(platform, { now: T0 });
      await expect(store.redirects.createSession({ login: {} })).rejects.toBeInstanceOf(
        StoreSystemError,
      );
    });
  });
});

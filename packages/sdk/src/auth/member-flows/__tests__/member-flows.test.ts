import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { StoreAuthError } from '../../store-auth-error.js';
import { json } from '../../../__tests__/helpers.js';
import type { LoginResult } from '../../../models/login.js';
import {
  BASE,
  SESSION_PATH,
  T0,
  clientOn,
  fakePlatform,
  withHostedPages,
  type FakePlatform,
  type Handler,
} from '../../__tests__/fake-platform.js';

const LOGIN = '/_api/iam/authentication/v2/login';
const REGISTER = '/_api/iam/authentication/v2/register';
const VERIFY = '/_api/iam/verification/v1/auth/verify';
const REDIRECT_URI = 'http://localhost:5173/callback';

function applicationError(code: string, status = 400): Response {
  return json(
    { message: 'Refused', details: { applicationError: { code, description: `code ${code}` } } },
    { status },
  );
}

function setup(routes: Record<string, Handler> = {}) {
  const platform = withHostedPages(fakePlatform(routes));
  const store = clientOn(platform, { now: T0 }, { redirectUri: REDIRECT_URI });
  return { platform, store };
}

function bodiesOf(platform: FakePlatform, path: string): Record<string, unknown>[] {
  return platform.requests.filter((r) => r.url.pathname === path).map((r) => JSON.parse(r.body));
}

describe('member flows', () => {
  describe('at call time, before their code has loaded', () => {
    it('login shows signing-in the moment it is called', async () => {
      const { store } = setup({ [LOGIN]: () => json({ state: 'REQUIRE_OWNER_APPROVAL' }) });
      const login = store.auth.login({ email: 'a@b.co', password: 'pw' });
      expect(store.auth.getState().status).toBe('signing-in');
      await login;
      expect(store.auth.getState().status).toBe('idle');
    });

    it('logout signs out locally the moment it is called, whatever comes next', async () => {
      const platform = withHostedPages(fakePlatform());
      const store = clientOn(
        platform,
        { now: T0 },
        {
          redirectUri: REDIRECT_URI,
          tokens: {
            accessToken: { value: 'at_member', expiresAt: T0 / 1000 + 3600 },
            refreshToken: { value: 'rt_member', role: 'member' },
          },
        },
      );
      const logout = store.auth.logout('http://localhost:5173/');
      expect(store.auth.getState()).toMatchObject({
        role: 'none',
        tokens: undefined,
        status: 'signing-out',
      });
      const { logoutUrl } = await logout;
      expect(logoutUrl).toBe(`${BASE}/oauth2/logout?redirectSessionId=rs1`);
      expect(store.auth.getState()).toMatchObject({ role: 'none', status: 'idle' });
    });
  });

  describe('login (spec §4 state table)', () => {
    it('SUCCESS: signs in with the session token (redirect flow outside browsers) and stores member tokens', async () => {
      const { platform, store } = setup({
        [LOGIN]: () => json({ state: 'SUCCESS', sessionToken: 'st_abc', identity: { id: 'm1' } }),
      });
      const events: string[] = [];
      store.auth.onIdentityChange((event) => events.push(event.reason));
      const result = await store.auth.login({ email: 'a@b.co', password: 'pw-secret' });
      expect(result).toEqual({ loginState: 'SUCCESS', data: { identity: { id: 'm1' } } });
      expect(bodiesOf(platform, LOGIN)).toEqual([
        { loginId: { email: 'a@b.co' }, password: 'pw-secret' },
      ]);
      // The session token went to the hosted page as prompt=none, responseMode=query.
      const authorize = platform.requests.find((r) => r.url.pathname === '/oauth2/authorize')!;
      expect(authorize.method).toBe('GET');
      expect(bodiesOf(platform, '/_api/redirects-api/v1/redirect-session')[0]).toMatchObject({
        auth: {
          prompt: 'none',
          authRequest: { responseMode: 'query', sessionToken: 'st_abc', redirectUri: REDIRECT_URI },
        },
      });
      expect(platform.grants('authorization_code')[0]).toMatchObject({
        code: 'code-for-st_abc',
        redirectUri: REDIRECT_URI,
      });
      expect(store.auth.getState()).toMatchObject({
        role: 'member',
        isLoggedIn: true,
        loginState: 'SUCCESS',
        status: 'idle',
      });
      expect(events).toEqual(['visitor', 'login']);
    });

    it.each<[string, Record<string, unknown>, LoginResult]>([
      [
        'REQUIRE_OWNER_APPROVAL',
        { state: 'REQUIRE_OWNER_APPROVAL' },
        { loginState: 'OWNER_APPROVAL_REQUIRED', data: {} },
      ],
      [
        'REQUIRE_EMAIL_VERIFICATION',
        { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'stt_1' },
        { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'stt_1' } },
      ],
      [
        'STATUS_CHECK',
        { state: 'STATUS_CHECK' },
        { loginState: 'FAILURE', error: 'Unknown _state' },
      ],
      [
        'an unknown state',
        { state: 'SOMETHING_NEW' },
        { loginState: 'FAILURE', error: 'Unknown _state' },
      ],
    ])('%s', async (_label, answer, expected) => {
      const { platform, store } = setup({ [LOGIN]: () => json(answer) });
      expect(await store.auth.login({ email: 'a@b.co', password: 'pw' })).toEqual(expected);
      expect(store.auth.getState().loginState).toBe(expected.loginState);
      expect(store.auth.isLoggedIn()).toBe(false);
      expect(platform.grants('authorization_code')).toHaveLength(0);
    });

    it('SUCCESS whose session cannot be turned into tokens throws, handing back the session token', async () => {
      const platform = withHostedPages(
        fakePlatform({
          [LOGIN]: () => json({ state: 'SUCCESS', sessionToken: 'st_secret-session' }),
        }),
        (auth) => `${auth.redirectUri}?error=login_required&state=${auth.state}`,
      );
      const store = clientOn(platform, { now: T0 }, { redirectUri: REDIRECT_URI });
      const error = await store.auth
        .login({ email: 'a@b.co', password: 'pw' })
        .catch((e: unknown) => e as StoreAuthError);
      expect(error).toMatchObject({
        name: 'StoreAuthError',
        code: 'AUTHORIZATION_ERROR',
        sessionToken: 'st_secret-session',
      });
      expect((error as Error).message).toMatch(/getMemberTokensForDirectLogin/);
      // The token is for the app's code only: never in the message, a log or JSON.
      expect((error as Error).message).not.toContain('st_secret-session');
      expect(JSON.stringify(error)).not.toContain('st_secret-session');
      expect(Object.keys(error as object)).not.toContain('sessionToken');
      expect(inspect(error)).not.toContain('st_secret-session');
      expect(store.auth.getState().loginState).toBe('INITIAL');

      // The app finishes the sign-in with it once the set-up is right.
      platform.routes['GET /oauth2/authorize'] = (request) => {
        const id = new URL(request.url).searchParams.get('redirectSessionId');
        const body = JSON.parse(
          platform.requests.filter((r) => r.url.pathname === SESSION_PATH)[
            Number(id!.slice(2)) - 1
          ]!.body,
        ) as { auth: { authRequest: { redirectUri: string; state: string } } };
        const { redirectUri, state } = body.auth.authRequest;
        return new Response(null, {
          status: 302,
          headers: { location: `${redirectUri}?code=c1&state=${state}` },
        });
      };
      await store.auth.getMemberTokensForDirectLogin((error as StoreAuthError).sessionToken!);
      expect(store.auth.isLoggedIn()).toBe(true);
    });

    it.each(['login', 'register', 'processVerification'] as const)(
      '%s on a server with no redirect URI throws a set-up error before asking the platform',
      async (flow) => {
        const platform = withHostedPages(
          fakePlatform({ [LOGIN]: () => json({ state: 'SUCCESS', sessionToken: 'st_x' }) }),
        );
        const store = clientOn(platform, { now: T0 });
        const call =
          flow === 'processVerification'
            ? store.auth.processVerification(
                { code: '123456' },
                { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'stt' } },
              )
            : store.auth[flow]({ email: 'a@b.co', password: 'pw' });
        await expect(call).rejects.toMatchObject({
          name: 'StoreAuthError',
          code: 'NOT_SUPPORTED',
          message: expect.stringContaining('redirectUri') as string,
        });
        expect(platform.requests).toEqual([]);
      },
    );
  });

  describe('login failures (spec §8)', () => {
    it.each([
      ['-19971', 'missingCaptchaToken'],
      ['-19970', 'invalidCaptchaToken'],
      ['-19976', 'invalidPassword'],
      ['-19973', 'resetPassword'],
      ['-12345', 'invalidEmail'],
    ])('application code %s → %s', async (code, errorCode) => {
      const { store } = setup({ [LOGIN]: () => applicationError(code) });
      expect(await store.auth.login({ email: 'a@b.co', password: 'pw' })).toEqual({
        loginState: 'FAILURE',
        error: `Refused: code ${code}`,
        errorCode,
      });
      expect(store.auth.getState().loginState).toBe('FAILURE');
    });

    it('a network failure is a FAILURE with a clear error and no code (checklist B12)', async () => {
      const { store } = setup({ [LOGIN]: () => Promise.reject(new TypeError('fetch failed')) });
      const result = await store.auth.login({ email: 'a@b.co', password: 'pw' });
      expect(result).toEqual({
        loginState: 'FAILURE',
        error: `System error occurred: network error (POST ${LOGIN})`,
      });
    });

    it.each([
      ['a 503', () => json({ message: 'down' }, { status: 503 })],
      ['an HTML 500', () => new Response('<html>', { status: 500 })],
      ['a 404 without details', () => json({}, { status: 404 })],
      ['a 200 that is not JSON', () => new Response('<html>', { status: 200 })],
      ['a 200 with no state', () => json({ hello: 1 })],
    ])('%s is not mislabelled (checklist B12)', async (_label, answer) => {
      const { store } = setup({ [LOGIN]: answer });
      const result = await store.auth.login({ email: 'a@b.co', password: 'pw' });
      expect(result.loginState).toBe('FAILURE');
      expect(result.errorCode).toBeUndefined();
      expect(result.error).toEqual(expect.any(String));
    });

    it('sends captcha tokens of either kind', async () => {
      const { platform, store } = setup({
        [LOGIN]: () => json({ state: 'REQUIRE_OWNER_APPROVAL' }),
      });
      await store.auth.login({
        email: 'a@b.co',
        password: 'pw',
        captchaTokens: { recaptchaToken: 'v-tok' },
      });
      await store.auth.login({
        email: 'a@b.co',
        password: 'pw',
        captchaTokens: { invisibleRecaptchaToken: 'i-tok' },
      });
      expect(bodiesOf(platform, LOGIN).map((b) => b.captchaTokens)).toEqual([
        [{ Recaptcha: 'v-tok' }],
        [{ InvisibleRecaptcha: 'i-tok' }],
      ]);
    });
  });

  describe('register', () => {
    it('sends the v2 body and handles the answer like login', async () => {
      const { platform, store } = setup({
        [REGISTER]: () => json({ state: 'SUCCESS', sessionToken: 'st_reg' }),
      });
      const result = await store.auth.register({
        email: 'new@b.co',
        password: 'pw-new',
        profile: { firstName: 'Ada' },
        captchaTokens: { recaptchaToken: 'v', invisibleRecaptchaToken: 'i' },
      });
      expect(result.loginState).toBe('SUCCESS');
      expect(bodiesOf(platform, REGISTER)).toEqual([
        {
          loginId: { email: 'new@b.co' },
          password: 'pw-new',
          profile: { firstName: 'Ada' },
          captchaTokens: [{ Recaptcha: 'v' }, { InvisibleRecaptcha: 'i' }],
        },
      ]);
      expect(store.auth.isLoggedIn()).toBe(true);
    });

    it.each([
      ['-19971', 'missingCaptchaToken'],
      ['-19995', 'emailAlreadyExists'],
      ['-19970', 'invalidCaptchaToken'],
    ])('application code %s → %s', async (code, errorCode) => {
      const { store } = setup({ [REGISTER]: () => applicationError(code) });
      expect(await store.auth.register({ email: 'a@b.co', password: 'pw' })).toMatchObject({
        loginState: 'FAILURE',
        errorCode,
      });
    });

    it('an EMAIL field violation → invalidEmail, named as the caller named it', async () => {
      const { store } = setup({
        [REGISTER]: () =>
          json(
            {
              message: 'bad',
              details: {
                validationError: {
                  fieldViolations: [
                    {
                      field: 'loginId.email',
                      description: 'must be a valid email',
                      violatedRule: 'FORMAT',
                      data: { type: 'EMAIL' },
                    },
                  ],
                },
              },
            },
            { status: 400 },
          ),
      });
      expect(await store.auth.register({ email: 'nope', password: 'pw' })).toEqual({
        loginState: 'FAILURE',
        error: 'INVALID_ARGUMENT: "email" must be a valid email',
        errorCode: 'invalidEmail',
      });
    });

    it('anything else carries its message only', async () => {
      const { store } = setup({ [REGISTER]: () => applicationError('-1') });
      const result = await store.auth.register({ email: 'a@b.co', password: 'pw' });
      expect(result).toEqual({ loginState: 'FAILURE', error: 'Refused: code -1' });
    });
  });

  describe('processVerification', () => {
    it('sends the code with the pending state token, then signs in', async () => {
      const { platform, store } = setup({
        [LOGIN]: () => json({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'stt_pending' }),
        [VERIFY]: () => json({ state: 'SUCCESS', sessionToken: 'st_verified' }),
      });
      await store.auth.login({ email: 'a@b.co', password: 'pw' });
      const result = await store.auth.processVerification({ code: '123456' });
      expect(result.loginState).toBe('SUCCESS');
      expect(bodiesOf(platform, VERIFY)).toEqual([{ code: '123456', stateToken: 'stt_pending' }]);
      expect(store.auth.isLoggedIn()).toBe(true);
    });

    it('accepts the earlier result as state (another client started the sign-in)', async () => {
      const { platform, store } = setup({
        [VERIFY]: () => json({ state: 'REQUIRE_OWNER_APPROVAL' }),
      });
      const result = await store.auth.processVerification(
        { code: '1' },
        { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'stt_given' } },
      );
      expect(result).toEqual({ loginState: 'OWNER_APPROVAL_REQUIRED', data: {} });
      expect(bodiesOf(platform, VERIFY)[0]).toEqual({ code: '1', stateToken: 'stt_given' });
    });

    it("is refused with 'Unknown _state' unless a sign-in waits for a code", async () => {
      const { platform, store } = setup({
        [LOGIN]: () => json({ state: 'REQUIRE_OWNER_APPROVAL' }),
      });
      expect(await store.auth.processVerification({ code: '1' })).toEqual({
        loginState: 'FAILURE',
        error: 'Unknown _state',
      });
      await store.auth.login({ email: 'a@b.co', password: 'pw' });
      expect(await store.auth.processVerification({ code: '1' })).toMatchObject({
        error: 'Unknown _state',
      });
      expect(
        await store.auth.processVerification({ code: '1' }, { loginState: 'FAILURE' }),
      ).toMatchObject({ error: 'Unknown _state' });
      expect(bodiesOf(platform, VERIFY)).toHaveLength(0);
    });

    it('a wrong code fails, and the right one can still be sent', async () => {
      let tries = 0;
      const { store } = setup({
        [LOGIN]: () => json({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'stt_p' }),
        [VERIFY]: () =>
          ++tries === 1
            ? applicationError('-19980')
            : json({ state: 'SUCCESS', sessionToken: 'st_ok' }),
      });
      await store.auth.login({ email: 'a@b.co', password: 'pw' });
      expect(await store.auth.processVerification({ code: 'bad' })).toMatchObject({
        loginState: 'FAILURE',
        error: 'Refused: code -19980',
      });
      expect(store.auth.getState().loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
      expect((await store.auth.processVerification({ code: 'good' })).loginState).toBe('SUCCESS');
    });
  });

  describe('recovery', () => {
    it('sends the reset email and recovers the password', async () => {
      const { platform, store } = setup();
      await store.auth.sendPasswordResetEmail('a@b.co', 'http://localhost:5173/');
      await store.auth.recoverPassword('rec_token', 'new-password');
      expect(bodiesOf(platform, '/_api/iam/recovery/v1/send-email')).toEqual([
        { email: 'a@b.co', redirect: { url: 'http://localhost:5173/', clientId: 'c1' } },
      ]);
      expect(bodiesOf(platform, '/_api/iam/recovery/v1/recover')).toEqual([
        { recoveryToken: 'rec_token', password: 'new-password' },
      ]);
    });
  });

  describe('getMemberTokensForExternalLogin', () => {
    it('uses the current access token and the API key, and signs the member in', async () => {
      const { platform, store } = setup();
      const tokens = await store.auth.getMemberTokensForExternalLogin('member-1', 'key-abcdef');
      expect(tokens.refreshToken.role).toBe('member');
      const request = platform.requests.filter((r) => r.url.pathname === '/oauth2/token')[1]!;
      expect(request.headers.get('authorization')).toBe('at_1,key-abcdef');
      expect(store.auth.getState().loginState).toBe('SUCCESS');
    });
  });

  describe('captchaSiteKeys', () => {
    it('are the configured ones', () => {
      const platform = fakePlatform();
      const store = clientOn(
        platform,
        { now: T0 },
        { captchaSiteKeys: { visible: 'v', invisible: 'i' } },
      );
      expect(store.auth.captchaSiteKeys).toEqual({ visible: 'v', invisible: 'i' });
      expect(BASE).toBe('http://127.0.0.1:4010');
    });
  });
});

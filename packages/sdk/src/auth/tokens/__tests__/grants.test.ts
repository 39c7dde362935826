import { describe, expect, it } from 'vitest';
import { json } from '../../../__tests__/helpers.js';
import { StoreAuthError } from '../../store-auth-error.js';
import {
  T0,
  clientOn,
  fakePlatform,
  oauthError,
  tokenResponse,
  tokensOf,
} from '../../__tests__/fake-platform.js';

describe('grants', () => {
  describe('wire format (spec §7, platform-wire.md)', () => {
    it('sends the four grants as the platform expects', async () => {
      const platform = fakePlatform();
      const clock = { now: T0 };
      const store = clientOn(platform, clock);

      await store.auth.generateVisitorTokens();
      await store.auth.renewToken(store.auth.getTokens()!.refreshToken);
      const data = store.auth.generateOAuthData('http://localhost:5173/callback');
      await store.auth.getMemberTokens('the-code', data.state, data);
      await store.auth.getMemberTokensForExternalLogin('member-7', 'api-key-123');

      const tokenRequests = platform.requests.filter((r) => r.url.pathname === '/oauth2/token');
      expect(tokenRequests.map((r) => r.url.href)).toEqual(
        Array(4).fill('http://127.0.0.1:4010/oauth2/token'),
      );
      expect(tokenRequests.map((r) => JSON.parse(r.body))).toEqual([
        { clientId: 'c1', grantType: 'anonymous' },
        { clientId: 'c1', grantType: 'refresh_token', refreshToken: 'rt_1' },
        {
          clientId: 'c1',
          grantType: 'authorization_code',
          redirectUri: 'http://localhost:5173/callback',
          code: 'the-code',
          codeVerifier: data.codeVerifier,
        },
        { grant_type: 'authorized_client', scope: 'offline_access', member_id: 'member-7' },
      ]);
      expect(tokenRequests.map((r) => r.headers.get('authorization'))).toEqual([
        null,
        null,
        null,
        'at_3,api-key-123',
      ]);
      expect(tokenRequests.every((r) => r.headers.get('content-type') === 'application/json')).toBe(
        true,
      );
      expect(store.auth.getTokens()).toEqual({
        accessToken: { value: 'at_4', expiresAt: Math.floor(T0 / 1000) + 3600 },
        refreshToken: { value: 'rt_4', role: 'member' },
      });
    });
  });

  describe('hostile token responses (checklist B10)', () => {
    const cases: [string, () => Response][] = [
      ['HTML', () => new Response('<html>oops</html>', { status: 200 })],
      ['truncated JSON', () => new Response('{"access_token":"at_x","refr', { status: 200 })],
      ['null', () => new Response('null', { status: 200 })],
      ['[]', () => new Response('[]', { status: 200 })],
      ['{}', () => json({})],
      ['an empty body', () => new Response('', { status: 200 })],
      [
        'a numeric access_token',
        () => json({ access_token: 42, refresh_token: 'rt', expires_in: 60 }),
      ],
      [
        'an empty access_token',
        () => json({ access_token: '', refresh_token: 'rt', expires_in: 60 }),
      ],
      ['a missing expires_in', () => json({ access_token: 'at', refresh_token: 'rt' })],
      [
        'a negative expires_in',
        () => json({ access_token: 'at', refresh_token: 'rt', expires_in: -5 }),
      ],
      ['a zero expires_in', () => json({ access_token: 'at', refresh_token: 'rt', expires_in: 0 })],
      [
        'an absurd expires_in',
        () => json({ access_token: 'at', refresh_token: 'rt', expires_in: 1e12 }),
      ],
      [
        'a string expires_in',
        () => json({ access_token: 'at', refresh_token: 'rt', expires_in: '3600' }),
      ],
      [
        'a non-numeric expires_in',
        () => new Response('{"access_token":"at","refresh_token":"rt","expires_in":"soon"}'),
      ],
      [
        'a token with a newline',
        () => json({ access_token: 'at\nx', refresh_token: 'rt', expires_in: 60 }),
      ],
    ];

    it.each(cases)('%s: a typed error, storage unchanged', async (_label, answer) => {
      const platform = fakePlatform();
      platform.token = answer;
      const before = tokensOf('visitor', 'v', T0, -1);
      const store = clientOn(platform, { now: T0 }, { tokens: before });
      const stored = () => store.auth.getTokens();
      const error = await store.auth.getAuthHeaders().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreAuthError);
      expect(error).toMatchObject({ code: 'INVALID_TOKEN_RESPONSE' });
      expect(stored()).toEqual(before);
      expect(Number.isFinite(stored()!.accessToken.expiresAt)).toBe(true);
    });

    it.each([
      ['a missing refresh_token', { access_token: 'at', expires_in: 60 }],
      [
        'an overflowing expires_in',
        '{"access_token":"at","refresh_token":"rt","expires_in":1e400}',
      ],
    ])('reads a fresh grant the same way (%s), leaving role none', async (_label, body) => {
      const platform = fakePlatform();
      platform.token = () =>
        typeof body === 'string' ? new Response(body, { status: 200 }) : json(body);
      const store = clientOn(platform, { now: T0 });
      await expect(store.auth.generateVisitorTokens()).rejects.toMatchObject({
        code: 'INVALID_TOKEN_RESPONSE',
      });
      expect(store.auth.role).toBe('none');
    });
  });

  describe('failures (spec §7: any status but 200 is "something went wrong")', () => {
    it.each([400, 401, 403, 404, 429, 500, 502])('%i', async (status) => {
      const platform = fakePlatform();
      platform.token = () => oauthError('invalid_client', status);
      const store = clientOn(platform, { now: T0 });
      const error = await store.auth.generateVisitorTokens().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreAuthError);
      expect(error).toMatchObject({ message: 'something went wrong', status });
    });

    it('a failed code exchange is "Failed to get member tokens", carrying the grant error', async () => {
      const platform = fakePlatform();
      platform.token = () => oauthError('invalid_grant');
      const store = clientOn(platform, { now: T0 });
      const data = store.auth.generateOAuthData('http://localhost:5173/callback');
      const error = await store.auth
        .getMemberTokens('c', data.state, data)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: 'StoreAuthError',
        message: 'Failed to get member tokens',
        code: 'MEMBER_TOKENS_FAILED',
        oauthError: 'invalid_grant',
      });
      expect((error as Error).cause).toMatchObject({ message: 'something went wrong' });
    });
  });

  describe('retries (checklist D16)', () => {
    it('retries the anonymous, refresh and external grants on 503, never the code exchange', async () => {
      const platform = fakePlatform();
      let failNext = true;
      platform.token = (_r, body) => {
        if (failNext) {
          failNext = false;
          return json({}, { status: 503 });
        }
        failNext = true;
        return tokenResponse(String(body.grantType ?? body.grant_type));
      };
      const store = clientOn(platform, { now: T0 }, { retry: { limit: 1, backoffLimit: 1 } });
      await store.auth.generateVisitorTokens();
      await store.auth.renewToken(store.auth.getTokens()!.refreshToken);
      await store.auth.getMemberTokensForExternalLogin('m1', 'key-123456');
      const data = store.auth.generateOAuthData('http://localhost:5173/callback');
      await expect(store.auth.getMemberTokens('code', data.state, data)).rejects.toMatchObject({
        code: 'MEMBER_TOKENS_FAILED',
        status: 503,
        retryable: true,
      });
      expect(platform.grants().map((g) => g.grantType ?? g.grant_type)).toEqual([
        'anonymous',
        'anonymous',
        'refresh_token',
        'refresh_token',
        'authorized_client',
        'authorized_client',
        'authorization_code',
      ]);
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { hangingFetch, json } from '../../../__tests__/helpers.js';
import { StoreClientError } from '../../../http/errors/client-error.js';
import type { IdentityChangeEvent } from '../../auth-state.js';
import { StoreAuthError } from '../../store-auth-error.js';
import { memoryStorage } from '../../storage/memory.js';
import {
  T0,
  apiAuthorizations,
  clientOn,
  deferred,
  fakePlatform,
  oauthError,
  tokenResponse,
  tokensOf,
} from '../../__tests__/fake-platform.js';

const PATH = '/v2/collections/c1';

afterEach(() => {
  vi.useRealTimers();
});

describe('renewal', () => {
  describe('single flight (checklist A1–A3)', () => {
    it('A1: 20 calls on empty storage make exactly one anonymous grant and share its token', async () => {
      const platform = fakePlatform();
      const clock = { now: T0 };
      const store = clientOn(platform, clock);
      await Promise.all(Array.from({ length: 20 }, () => store.fetch(PATH)));
      expect(platform.grants()).toEqual([{ clientId: 'c1', grantType: 'anonymous' }]);
      expect(new Set(apiAuthorizations(platform))).toEqual(new Set(['at_1']));
      expect(apiAuthorizations(platform)).toHaveLength(20);
      expect(store.auth.role).toBe('visitor');
    });

    it('A2: 20 calls with an expired access token make exactly one refresh', async () => {
      const platform = fakePlatform();
      const clock = { now: T0 };
      const store = clientOn(platform, clock, { tokens: tokensOf('member', 'old', T0, -10) });
      await Promise.all(Array.from({ length: 20 }, () => store.fetch(PATH)));
      expect(platform.grants()).toEqual([
        { clientId: 'c1', grantType: 'refresh_token', refreshToken: 'rt_old' },
      ]);
      expect(new Set(apiAuthorizations(platform))).toEqual(new Set(['at_1']));
      expect(store.auth.role).toBe('member');
    });

    it('A3: when the one grant fails every waiter gets the same typed error, and the next call tries again', async () => {
      const platform = fakePlatform();
      platform.token = () => json({ message: 'down' }, { status: 500 });
      const store = clientOn(platform, { now: T0 });
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => store.fetch(PATH)));
      const reasons = results.map((r) => (r.status === 'rejected' ? r.reason : undefined));
      expect(reasons[0]).toBeInstanceOf(StoreAuthError);
      expect(reasons[0]).toMatchObject({
        message: 'something went wrong',
        code: 'TOKEN_REQUEST_FAILED',
        status: 500,
        retryable: true,
      });
      expect(new Set(reasons).size).toBe(1);
      expect(platform.grants()).toHaveLength(1);
      expect(store.auth.getState().error).toBe(reasons[0]);

      platform.token = () => tokenResponse('again');
      await store.fetch(PATH);
      expect(platform.grants()).toHaveLength(2);
      expect(apiAuthorizations(platform)).toEqual(['at_again']);
      expect(store.auth.getState().error).toBeUndefined();
    });
  });

  describe('sign-in and sign-out during a grant (checklist A4)', () => {
    it('a sign-in that lands during a visitor grant is not overwritten by it', async () => {
      const platform = fakePlatform();
      const held = deferred<Response>();
      platform.token = (_request, body) =>
        body.grantType === 'anonymous' ? held.promise : tokenResponse('member');
      const store = clientOn(platform, { now: T0 });
      const call = store.fetch(PATH);
      await vi.waitFor(() => expect(platform.grants('anonymous')).toHaveLength(1));

      const data = store.auth.generateOAuthData('http://localhost:5173/callback');
      await store.auth.getMemberTokens('code-1', data.state, data);
      expect(store.auth.role).toBe('member');

      held.resolve(tokenResponse('visitor'));
      await call;
      expect(store.auth.getTokens()?.accessToken.value).toBe('at_member');
      expect(store.auth.role).toBe('member');
      expect(apiAuthorizations(platform)).toEqual(['at_member']);
    });

    it('a sign-out that lands during a refresh is not overwritten by it', async () => {
      const platform = fakePlatform({
        '/_api/redirects-api/v1/redirect-session': () =>
          json({ redirectSession: { fullUrl: 'http://127.0.0.1:4010/oauth2/logout?x=1' } }),
      });
      const held = deferred<void>();
      let refreshes = 0;
      platform.token = (_request, body) =>
        body.grantType === 'refresh_token'
          ? held.promise.then(() => tokenResponse(`refreshed${++refreshes}`))
          : tokenResponse('visitor');
      const clock = { now: T0 };
      const store = clientOn(platform, clock, { tokens: tokensOf('member', 'm', T0, -1) });
      const pending = store.fetch(PATH);
      await vi.waitFor(() => expect(platform.grants('refresh_token')).toHaveLength(1));

      const loggingOut = store.auth.logout('http://localhost:5173/');
      expect(store.auth.role).toBe('none');
      held.resolve();
      await Promise.all([pending, loggingOut]);

      // The refresh that was in flight never became the client's tokens, nor authorized the call.
      const calls = platform.requests.filter((r) => r.url.pathname === PATH);
      expect(calls.map((r) => r.headers.get('authorization'))).toEqual(['at_visitor']);
      expect(store.auth.getTokens()?.accessToken.value).toBe('at_visitor');
      expect(store.auth.role).toBe('visitor');
      // The expired member session was refreshed once more only to end it on the platform.
      const logoutCall = platform.requests.find((r) =>
        r.url.pathname.endsWith('redirect-session'),
      )!;
      expect(logoutCall.headers.get('authorization')).toMatch(/^at_refreshed/);
    });

    it('logout asks for the logout session with the departing member token', async () => {
      const platform = fakePlatform({
        '/_api/redirects-api/v1/redirect-session': () =>
          json({ redirectSession: { fullUrl: 'http://127.0.0.1:4010/oauth2/logout?x=1' } }),
      });
      const store = clientOn(platform, { now: T0 }, { tokens: tokensOf('member', 'm', T0) });
      const { logoutUrl } = await store.auth.logout('http://localhost:5173/');
      expect(logoutUrl).toBe('http://127.0.0.1:4010/oauth2/logout?x=1');
      expect(platform.grants()).toHaveLength(0);
      expect(platform.requests[0]!.headers.get('authorization')).toBe('at_m');
      expect(JSON.parse(platform.requests[0]!.body)).toEqual({
        logout: { clientId: 'c1' },
        callbacks: { postFlowUrl: 'http://localhost:5173/' },
      });
      expect(store.auth.getState()).toMatchObject({
        tokens: undefined,
        role: 'none',
        isLoggedIn: false,
        loginState: 'INITIAL',
        status: 'idle',
      });
    });
  });

  describe('refresh failures (checklist A5)', () => {
    it.each([
      ['a 503', () => json({ message: 'unavailable' }, { status: 503 }), 'TOKEN_REQUEST_FAILED'],
      ['a 500', () => json({}, { status: 500 }), 'TOKEN_REQUEST_FAILED'],
      [
        'a network error',
        () => Promise.reject(new TypeError('fetch failed')),
        'TOKEN_ENDPOINT_UNREACHABLE',
      ],
    ])(
      '%s keeps the member and throws a retryable error, with no visitor grant',
      async (_l, answer, code) => {
        const platform = fakePlatform();
        platform.token = answer;
        const events: IdentityChangeEvent[] = [];
        const tokens = tokensOf('member', 'm', T0, -5);
        const store = clientOn(platform, { now: T0 }, { tokens });
        store.auth.onIdentityChange((event) => events.push(event));
        const error = await store.fetch(PATH).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(StoreAuthError);
        expect(error).toMatchObject({ code, retryable: true });
        expect(store.auth.role).toBe('member');
        expect(store.auth.isLoggedIn()).toBe(true);
        expect(store.auth.getTokens()).toEqual(tokens);
        expect(platform.grants('anonymous')).toHaveLength(0);
        expect(events).toEqual([]);
      },
    );

    it('a timeout keeps the member, throws a retryable error and frees the slot (D15)', async () => {
      vi.useFakeTimers();
      const hanging = hangingFetch();
      const tokens = tokensOf('member', 'm', T0, -5);
      const clock = { now: T0 };
      const store = clientOn(hanging, clock, { tokens, timeout: 1000 });
      const first = store.fetch(PATH).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1000);
      const error = await first;
      expect(error).toMatchObject({
        name: 'StoreAuthError',
        code: 'TOKEN_ENDPOINT_UNREACHABLE',
        retryable: true,
      });
      expect(store.auth.role).toBe('member');
      const second = store.fetch(PATH).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1000);
      await second;
      // The second call started its own grant: the slot was freed.
      expect(hanging.requests.filter((r) => r.url.pathname === '/oauth2/token')).toHaveLength(2);
    });

    it('invalid_grant ends the member session with an event, and never mints a visitor in that call', async () => {
      const platform = fakePlatform();
      platform.token = (_r, body) =>
        body.grantType === 'refresh_token' ? oauthError('invalid_grant') : tokenResponse('v');
      const events: IdentityChangeEvent[] = [];
      const tokens = tokensOf('member', 'm', T0, -5);
      const store = clientOn(platform, { now: T0 }, { tokens });
      store.auth.onIdentityChange((event) => events.push(event));
      const error = await store.fetch(PATH).catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: 'StoreAuthError',
        code: 'SESSION_ENDED',
        oauthError: 'invalid_grant',
        retryable: false,
      });
      expect(store.auth.role).toBe('none');
      expect(store.auth.getTokens()).toBeUndefined();
      expect(platform.grants('anonymous')).toHaveLength(0);
      expect(events).toEqual([
        { reason: 'session-ended', role: 'none', previousRole: 'member', previousTokens: tokens },
      ]);

      // The next call is a new visitor, announced as such.
      await store.fetch(PATH);
      expect(store.auth.role).toBe('visitor');
      expect(events.map((e) => e.reason)).toEqual(['session-ended', 'visitor']);
    });

    it('invalid_grant after another client of the browser stored a newer pair uses that pair, not end the session', async () => {
      // Two clients on one browser's storage that do not talk to each other (a server request
      // and the page, or two tabs without tab sync), both holding the same expiring tokens.
      const storage = memoryStorage();
      const platform = fakePlatform();
      let refreshes = 0;
      platform.token = (_r, body) =>
        body.refreshToken === 'rt_m' && refreshes++ === 0
          ? tokenResponse('rotated')
          : oauthError('invalid_grant');
      const clock = { now: T0 };
      const tokens = tokensOf('member', 'm', T0, 30);
      storage.setItem('vitrine:c1:tokens', JSON.stringify({ v: 1, tokens, identity: 'member-1' }));
      const first = clientOn(platform, clock, { storage });
      const second = clientOn(platform, clock, { storage });
      const events: string[] = [];
      second.auth.onIdentityChange((event) => events.push(event.reason));
      await first.fetch(PATH);
      await second.fetch(PATH);
      expect(second.auth.role).toBe('member');
      expect(apiAuthorizations(platform)).toEqual(['at_rotated', 'at_rotated']);
      expect(events).not.toContain('session-ended');
    });

    it("invalid_grant on a visitor's refresh gets a new visitor in the same call", async () => {
      const platform = fakePlatform();
      platform.token = (_r, body) =>
        body.grantType === 'refresh_token' ? oauthError('invalid_grant') : tokenResponse('v2');
      const store = clientOn(platform, { now: T0 }, { tokens: tokensOf('visitor', 'v1', T0, -5) });
      const events: string[] = [];
      store.auth.onIdentityChange((event) => events.push(event.reason));
      await store.fetch(PATH);
      expect(apiAuthorizations(platform)).toEqual(['at_v2']);
      expect(events).toEqual(['session-ended', 'visitor']);
    });

    it('another 4xx of the token endpoint is "something went wrong" and keeps the session', async () => {
      const platform = fakePlatform();
      platform.token = () => oauthError('invalid_request');
      const tokens = tokensOf('member', 'm', T0, -5);
      const store = clientOn(platform, { now: T0 }, { tokens });
      const error = await store.fetch(PATH).catch((e: unknown) => e);
      expect(error).toMatchObject({
        message: 'something went wrong',
        code: 'TOKEN_REQUEST_FAILED',
        oauthError: 'invalid_request',
        status: 400,
        retryable: false,
      });
      expect(store.auth.getTokens()).toEqual(tokens);
    });
  });

  describe('expiry (checklist A7)', () => {
    it('stores expiry as local receive time + expires_in', async () => {
      const platform = fakePlatform();
      const store = clientOn(platform, { now: T0 + 500 });
      const tokens = await store.auth.generateVisitorTokens();
      expect(tokens.accessToken.expiresAt).toBe(Math.floor(T0 / 1000) + 3600);
    });

    it('renews a margin before expiry, not before', async () => {
      const platform = fakePlatform();
      const clock = { now: T0 };
      const store = clientOn(platform, clock, { tokens: tokensOf('visitor', 'v', T0, 120) });
      await store.fetch(PATH);
      expect(platform.grants()).toHaveLength(0);
      clock.now += 61_000; // 59 s left: inside the 60 s margin
      await store.fetch(PATH);
      expect(platform.grants('refresh_token')).toHaveLength(1);
      expect(apiAuthorizations(platform)).toEqual(['at_v', 'at_1']);
    });

    it('a just-issued short-lived token is used, and renewal never loops', async () => {
      const platform = fakePlatform();
      platform.token = () => tokenResponse(platform.grants().length, 1);
      const clock = { now: T0 };
      const store = clientOn(platform, clock);
      await store.fetch(PATH);
      await store.fetch(PATH);
      expect(platform.grants()).toHaveLength(1);
      clock.now += 600; // past half of its 1 s life
      await store.fetch(PATH);
      expect(platform.grants()).toHaveLength(2);
      expect(apiAuthorizations(platform)).toEqual(['at_1', 'at_1', 'at_2']);
    });

    it('expires_in of 0 is a typed error after one request, not a loop', async () => {
      const platform = fakePlatform();
      platform.token = () => tokenResponse('zero', 0);
      const store = clientOn(platform, { now: T0 });
      const error = await store.fetch(PATH).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'StoreAuthError', code: 'INVALID_TOKEN_RESPONSE' });
      expect(platform.requests).toHaveLength(1);
      expect(store.auth.getTokens()).toBeUndefined();
    });
  });

  describe('401 (checklist A8)', () => {
    it('renews once and replays once with the new token', async () => {
      let calls = 0;
      const platform = fakePlatform({
        [PATH]: () =>
          ++calls === 1 ? json({ message: 'Unauthorized' }, { status: 401 }) : json({ ok: 1 }),
      });
      const store = clientOn(platform, { now: T0 }, { tokens: tokensOf('member', 'm', T0) });
      const response = await store.fetch(PATH);
      expect(await response.json()).toEqual({ ok: 1 });
      expect(platform.grants('refresh_token')).toHaveLength(1);
      expect(apiAuthorizations(platform)).toEqual(['at_m', 'at_1']);
    });

    it('surfaces a second 401', async () => {
      const platform = fakePlatform({
        [PATH]: () => json({ message: 'Unauthorized' }, { status: 401 }),
      });
      const store = clientOn(platform, { now: T0 }, { tokens: tokensOf('member', 'm', T0) });
      const error = await store.fetch(PATH).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreClientError);
      expect((error as StoreClientError).status).toBe(401);
      expect(apiAuthorizations(platform)).toEqual(['at_m', 'at_1']);
      expect(platform.grants()).toHaveLength(1);
    });

    it('concurrent 401s share one renewal', async () => {
      const platform = fakePlatform({
        [PATH]: (request) =>
          request.headers.get('authorization') === 'at_m'
            ? json({ message: 'Unauthorized' }, { status: 401 })
            : json({}),
      });
      const store = clientOn(platform, { now: T0 }, { tokens: tokensOf('member', 'm', T0) });
      await Promise.all(Array.from({ length: 5 }, () => store.fetch(PATH)));
      expect(platform.grants()).toHaveLength(1);
    });
  });

  describe('rotation (checklist A9)', () => {
    it('a rotated refresh token replaces the old one, which is never sent again', async () => {
      const platform = fakePlatform();
      const clock = { now: T0 };
      const store = clientOn(platform, clock, { tokens: tokensOf('member', 'm', T0, -1) });
      await store.fetch(PATH);
      clock.now += 3600_000;
      await store.fetch(PATH);
      expect(platform.grants().map((g) => g.refreshToken)).toEqual(['rt_m', 'rt_1']);
      expect(store.auth.getTokens()?.refreshToken).toEqual({ value: 'rt_2', role: 'member' });
    });

    it('keeps the refresh token when a refresh answer has none', async () => {
      const platform = fakePlatform();
      platform.token = () => json({ access_token: 'at_new', expires_in: 3600 });
      const store = clientOn(platform, { now: T0 }, { tokens: tokensOf('member', 'm', T0, -1) });
      await store.fetch(PATH);
      expect(store.auth.getTokens()?.refreshToken).toEqual({ value: 'rt_m', role: 'member' });
    });

    it('does not announce a refresh as an identity change', async () => {
      const platform = fakePlatform();
      const store = clientOn(platform, { now: T0 }, { tokens: tokensOf('member', 'm', T0, -1) });
      const events: unknown[] = [];
      store.auth.onIdentityChange((event) => events.push(event));
      await store.auth.renewToken(store.auth.getTokens()!.refreshToken);
      await store.fetch(PATH);
      expect(platform.grants()).toHaveLength(1);
      expect(events).toEqual([]);
    });
  });

  describe('abort', () => {
    it('one waiter giving up does not cancel the shared grant', async () => {
      const platform = fakePlatform();
      const held = deferred<Response>();
      platform.token = () => held.promise;
      const store = clientOn(platform, { now: T0, ...{} }, { storage: memoryStorage() });
      const controller = new AbortController();
      const aborted = store.fetch(PATH, { signal: controller.signal }).catch((e: unknown) => e);
      const other = store.fetch(PATH);
      controller.abort(new Error('user left'));
      expect(await aborted).toMatchObject({ message: 'user left' });
      held.resolve(tokenResponse('shared'));
      await other;
      expect(apiAuthorizations(platform)).toEqual(['at_shared']);
    });
  });
});

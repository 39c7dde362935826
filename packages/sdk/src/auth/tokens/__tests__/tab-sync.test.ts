// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentityChangeEvent } from '../../auth-state.js';
import { browserStorage } from '../../storage/browser.js';
import { ADOPT_WAIT_MS } from '../../hosted-login/hosted-login.js';
import { json } from '../../../__tests__/helpers.js';
import {
  BASE,
  SESSION_PATH,
  T0,
  clientOn,
  deferred,
  fakeLocks,
  fakePlatform,
  sessionBodies,
  tokenResponse,
  tokensOf,
} from '../../__tests__/fake-platform.js';

const clients: { auth: { dispose(): void } }[] = [];
function tab(platform: ReturnType<typeof fakePlatform>, clock = { now: T0 }) {
  const client = clientOn(platform, clock, { storage: browserStorage() });
  clients.push(client);
  return client;
}

let locks: ReturnType<typeof fakeLocks>;
beforeEach(() => {
  localStorage.clear();
  locks = fakeLocks();
  vi.stubGlobal('navigator', { ...navigator, locks });
});

afterEach(() => {
  for (const client of clients.splice(0)) client.auth.dispose();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('tab sync', () => {
  describe('one renewal across tabs (checklist A6)', () => {
    it('two tabs sharing storage make one refresh; the other adopts its result', async () => {
      const platform = fakePlatform();
      const held = deferred<Response>();
      platform.token = () => held.promise;
      const a = tab(platform);
      a.auth.setTokens(tokensOf('member', 'm', T0, -1));
      const b = tab(platform);
      expect(b.auth.getTokens()?.accessToken.value).toBe('at_m');
      const events: IdentityChangeEvent[] = [];
      b.auth.onIdentityChange((event) => events.push(event));

      const fromA = a.auth.getAuthHeaders();
      const fromB = b.auth.getAuthHeaders();
      await vi.waitFor(() => expect(platform.grants()).toHaveLength(1));
      held.resolve(tokenResponse('shared'));
      expect((await fromA).headers.Authorization).toBe('at_shared');
      expect((await fromB).headers.Authorization).toBe('at_shared');
      expect(platform.grants()).toEqual([
        { clientId: 'c1', grantType: 'refresh_token', refreshToken: 'rt_m' },
      ]);
      expect(b.auth.getTokens()?.refreshToken.value).toBe('rt_shared');
      // Adopting a refresh of the same identity is not an identity change.
      expect(events).toEqual([]);
      expect(locks.requests).toBe(2);
    });

    it('a lock held forever by another tab ends in a typed, retryable error', async () => {
      vi.useFakeTimers();
      const platform = fakePlatform();
      const a = tab(platform);
      a.auth.setTokens(tokensOf('member', 'm', T0, -1));
      void locks.request('vitrine-auth-renewal:c1', {}, () => new Promise(() => {}));
      let outcome: unknown = 'pending';
      void a.auth.getAuthHeaders().catch((e: unknown) => {
        outcome = e;
      });
      await vi.advanceTimersByTimeAsync(59_999);
      expect(outcome).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toMatchObject({
        name: 'StoreAuthError',
        code: 'LOCK_TIMEOUT',
        retryable: true,
      });
      expect(platform.grants()).toHaveLength(0);
      expect(a.auth.role).toBe('member');
    });

    it('an invalid_grant caused by another tab’s rotation adopts its tokens instead of ending the session', async () => {
      const platform = fakePlatform();
      vi.stubGlobal('navigator', {}); // no Web Locks: the race is possible
      const a = tab(platform);
      a.auth.setTokens(tokensOf('member', 'm', T0, -1));
      platform.token = () => {
        // Another tab refreshed first and wrote its result.
        const record = JSON.parse(localStorage.getItem('vitrine:c1:tokens')!);
        record.tokens = tokensOf('member', 'other-tab', T0, 3600);
        localStorage.setItem('vitrine:c1:tokens', JSON.stringify(record));
        return Response.json({ error: 'invalid_grant' }, { status: 400 });
      };
      const { headers } = await a.auth.getAuthHeaders();
      expect(headers.Authorization).toBe('at_other-tab');
      expect(a.auth.role).toBe('member');
    });
  });

  describe('sign-in and sign-out reach other tabs (checklist H29)', () => {
    it('within a second, as an other-tab identity change', async () => {
      const platform = fakePlatform();
      const a = tab(platform);
      const b = tab(platform);
      const events: IdentityChangeEvent[] = [];
      b.auth.onIdentityChange((event) => events.push(event));

      await a.auth.generateVisitorTokens();
      await vi.waitFor(() => expect(b.auth.role).toBe('visitor'), { timeout: 1000 });
      const visitor = b.auth.getTokens();

      await a.auth.getMemberTokensForExternalLogin('m1', 'key-123456');
      await vi.waitFor(() => expect(b.auth.isLoggedIn()).toBe(true), { timeout: 1000 });
      expect(b.auth.getTokens()).toEqual(a.auth.getTokens());

      a.auth.setTokens(tokensOf('member', 'someone-else', T0));
      await vi.waitFor(
        () => expect(b.auth.getTokens()?.accessToken.value).toBe('at_someone-else'),
        {
          timeout: 1000,
        },
      );

      // Sign-out, the way another tab's logout leaves storage.
      localStorage.removeItem('vitrine:c1:tokens');
      window.dispatchEvent(new StorageEvent('storage', { key: 'vitrine:c1:tokens' }));
      expect(b.auth.role).toBe('none');

      expect(events.map((e) => [e.reason, e.previousRole, e.role])).toEqual([
        ['other-tab', 'none', 'visitor'],
        ['other-tab', 'visitor', 'member'],
        ['other-tab', 'member', 'member'],
        ['other-tab', 'member', 'none'],
      ]);
      expect(events[1]!.previousTokens).toEqual(visitor);
    });

    it('a refresh in one tab reaches the other silently', async () => {
      const platform = fakePlatform();
      const a = tab(platform);
      a.auth.setTokens(tokensOf('visitor', 'v', T0));
      const b = tab(platform);
      const events: IdentityChangeEvent[] = [];
      b.auth.onIdentityChange((event) => events.push(event));
      await a.auth.renewToken(a.auth.getTokens()!.refreshToken);
      await vi.waitFor(() => expect(b.auth.getTokens()?.accessToken.value).toBe('at_1'), {
        timeout: 1000,
      });
      expect(events).toEqual([]);
    });

    it('does nothing across tabs when tabSync is off', async () => {
      const platform = fakePlatform();
      const a = clientOn(platform, { now: T0 }, { storage: browserStorage(), tabSync: false });
      const b = clientOn(platform, { now: T0 }, { storage: browserStorage(), tabSync: false });
      await a.auth.generateVisitorTokens();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(b.auth.role).toBe('none');
      expect(locks.requests).toBe(0);
    });
  });

  describe('one hosted-login return handled in two tabs', () => {
    async function startHostedLogin() {
      vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
      const platform = fakePlatform({
        [SESSION_PATH]: () =>
          json({
            redirectSession: {
              id: 'rs1',
              fullUrl: `${BASE}/oauth2/authorize?redirectSessionId=rs1`,
              urlDetails: { endpoint: `${BASE}/oauth2/authorize` },
            },
          }),
      });
      const clock = { now: T0 };
      const a = tab(platform, clock);
      a.auth.setTokens(tokensOf('visitor', 'v', T0));
      await a.auth.loginWithRedirect({
        redirectUri: 'http://localhost:3000/callback',
        originalUri: '/account',
      });
      const state = sessionBodies(platform)[0]!.auth.authRequest.state as string;
      const callback = `http://localhost:3000/callback#code=the-code&state=${state}`;
      return { platform, clock, a, callback };
    }

    it('a tab called while the other exchanges the code takes its session: one exchange', async () => {
      const { platform, clock, a, callback } = await startHostedLogin();
      const b = tab(platform, clock);
      const held = deferred<Response>();
      platform.token = () => held.promise;

      const fromA = a.auth.handleRedirectCallback(callback);
      await vi.waitFor(() => expect(platform.grants('authorization_code')).toHaveLength(1));
      // Tab A has taken the login out and waits for the exchange when tab B gets the return.
      const fromB = b.auth.handleRedirectCallback(callback);
      held.resolve(tokenResponse('member'));
      const results = await Promise.all([fromA, fromB]);
      expect(results.map((r) => [r.tokens.refreshToken, r.originalUri])).toEqual([
        [{ value: 'rt_member', role: 'member' }, '/account'],
        [{ value: 'rt_member', role: 'member' }, '/account'],
      ]);
      expect(platform.grants('authorization_code')).toHaveLength(1);
      expect(b.auth.role).toBe('member');
    });

    it('a tab that gets the return after the exchange took it takes the session too, for a short while; replays are refused', async () => {
      const { platform, clock, a, callback } = await startHostedLogin();
      await a.auth.handleRedirectCallback(callback);
      const verifier = platform.grants('authorization_code')[0]!.codeVerifier as string;
      expect(JSON.stringify({ ...localStorage })).not.toContain(verifier);

      // A tab opened on the same address a minute later: the browser's member session.
      clock.now += 60_000;
      const late = tab(platform, clock);
      await expect(late.auth.handleRedirectCallback(callback)).resolves.toMatchObject({
        originalUri: '/account',
        tokens: { refreshToken: { role: 'member' } },
      });
      // The tab that exchanged it: a replay.
      await expect(a.auth.handleRedirectCallback(callback)).rejects.toMatchObject({
        code: 'INVALID_STATE',
      });
      // Past the short while: a replay anywhere.
      clock.now += 61_000;
      const later = tab(platform, clock);
      await expect(later.auth.handleRedirectCallback(callback)).rejects.toMatchObject({
        code: 'INVALID_STATE',
      });
      expect(platform.grants('authorization_code')).toHaveLength(1);
    });

    /**
     * Another tab's view of the shared storage, in which what other tabs write after it was
     * built arrives only when `arrive()` is called (all of it, or only the keys `lagging` names):
     * a browser shows one tab's writes to another a moment later, so the lock can let a tab in
     * before the other tab's writes have reached it.
     */
    function laggingStorage(lagging: (key: string) => boolean = () => true) {
      const shown = new Map<string, string | null>();
      for (const key of Object.keys(localStorage)) shown.set(key, localStorage.getItem(key));
      const listeners = new Set<() => void>();
      return {
        getItem: (key: string) =>
          lagging(key) ? (shown.get(key) ?? null) : localStorage.getItem(key),
        setItem(key: string, value: string) {
          shown.set(key, value);
          localStorage.setItem(key, value);
        },
        removeItem(key: string) {
          shown.set(key, null);
          localStorage.removeItem(key);
        },
        watch(listener: () => void) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        arrive() {
          shown.clear();
          for (const key of Object.keys(localStorage)) shown.set(key, localStorage.getItem(key));
          for (const listener of listeners) listener();
        },
      };
    }

    it('a tab whose storage still shows the verifier the other tab took does not exchange the code again (regression: a second exchange in the two-tab browser test)', async () => {
      const { platform, clock, a, callback } = await startHostedLogin();
      const storage = laggingStorage();
      const b = clientOn(platform, clock, { storage });
      clients.push(b);
      await a.auth.handleRedirectCallback(callback);

      // Tab B's storage shows nothing of A's exchange yet: the login still pending, verifier and all.
      const fromB = b.auth.handleRedirectCallback(callback);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(platform.grants('authorization_code')).toHaveLength(1);
      storage.arrive();
      await expect(fromB).resolves.toMatchObject({
        originalUri: '/account',
        tokens: { refreshToken: { role: 'member' } },
      });
      expect(b.auth.getTokens()).toEqual(a.auth.getTokens());
      expect(platform.grants('authorization_code')).toHaveLength(1);
    });

    it('the flag of a failed exchange is dropped: the return is forgotten everywhere', async () => {
      const { platform, a, callback } = await startHostedLogin();
      platform.token = () => json({ error: 'invalid_grant' }, { status: 400 });
      await expect(a.auth.handleRedirectCallback(callback)).rejects.toMatchObject({
        code: 'MEMBER_TOKENS_FAILED',
      });
      expect((await locks.query()).held).toEqual([]);
    });

    it('a tab whose storage sees the other tab’s tokens only later still takes its session (regression: INVALID_STATE in the two-tab browser test)', async () => {
      const { platform, clock, a, callback } = await startHostedLogin();
      const storage = laggingStorage((key) => key === 'vitrine:c1:tokens');
      const b = clientOn(platform, clock, { storage });
      clients.push(b);
      await a.auth.handleRedirectCallback(callback);

      // Tab B gets the lock after A: it sees the login taken, not yet A's member tokens.
      let settled = false;
      const fromB = b.auth.handleRedirectCallback(callback).finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(settled).toBe(false);
      storage.arrive();
      await expect(fromB).resolves.toMatchObject({
        originalUri: '/account',
        tokens: { refreshToken: { role: 'member' } },
      });
      // The one session tab A made.
      expect(b.auth.getTokens()).toEqual(a.auth.getTokens());
      expect(b.auth.role).toBe('member');
      expect(platform.grants('authorization_code')).toHaveLength(1);
    });

    it('a tab that never sees the other tab’s session gives up after a bounded wait', async () => {
      const { platform, clock, a, callback } = await startHostedLogin();
      const b = clientOn(platform, clock, {
        storage: laggingStorage((key) => key === 'vitrine:c1:tokens'),
      });
      clients.push(b);
      await a.auth.handleRedirectCallback(callback);
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      let settled = false;
      const fromB = b.auth.handleRedirectCallback(callback).finally(() => {
        settled = true;
      });
      const outcome = expect(fromB).rejects.toMatchObject({ code: 'INVALID_STATE' });
      // Still looking just before the bound, refused just after it.
      await vi.advanceTimersByTimeAsync(ADOPT_WAIT_MS - 100);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(settled).toBe(true);
      await outcome;
      expect(platform.grants('authorization_code')).toHaveLength(1);
    });

    it('a return the platform refused is forgotten: another tab cannot take it', async () => {
      const { platform, clock, a, callback } = await startHostedLogin();
      platform.token = () => json({ error: 'invalid_grant' }, { status: 400 });
      await expect(a.auth.handleRedirectCallback(callback)).rejects.toMatchObject({
        name: 'StoreAuthError',
      });
      const b = tab(platform, clock);
      await expect(b.auth.handleRedirectCallback(callback)).rejects.toMatchObject({
        code: 'INVALID_STATE',
      });
      expect(Object.keys(localStorage).filter((key) => key.includes('oauth'))).toEqual([]);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { json } from '../../../__tests__/helpers.js';
import { resolveStoreClientOptions } from '../../../client/options.js';
import { StoreArgumentError } from '../../../errors/argument-error.js';
import type { Tokens } from '../../../models/tokens.js';
import type { AuthState, IdentityChangeEvent } from '../../auth-state.js';
import { memoryStorage } from '../../storage/memory.js';
import type { TokenStorage } from '../../storage/types.js';
import { T0, clientOn, fakePlatform, oauthError, tokensOf } from '../../__tests__/fake-platform.js';

describe('token store', () => {
  describe('roles (spec §4)', () => {
    it('none without tokens, visitor after the anonymous grant, member after a sign-in, none after logout', async () => {
      const platform = fakePlatform({
        '/_api/redirects-api/v1/redirect-session': () =>
          json({ redirectSession: { fullUrl: 'http://127.0.0.1:4010/oauth2/logout' } }),
      });
      const store = clientOn(platform, { now: T0 });
      expect([store.auth.role, store.auth.isLoggedIn(), store.auth.getTokens()]).toEqual([
        'none',
        false,
        undefined,
      ]);
      await store.auth.generateVisitorTokens();
      expect([store.auth.role, store.auth.isLoggedIn()]).toEqual(['visitor', false]);
      await store.auth.getMemberTokensForExternalLogin('m1', 'key-123456');
      expect([store.auth.role, store.auth.isLoggedIn()]).toEqual(['member', true]);
      await store.auth.logout('http://localhost:5173/');
      expect([store.auth.role, store.auth.isLoggedIn(), store.auth.getTokens()]).toEqual([
        'none',
        false,
        undefined,
      ]);
    });
  });

  describe('getState / subscribe', () => {
    it('returns the same frozen snapshot until something changes', async () => {
      const platform = fakePlatform();
      const store = clientOn(platform, { now: T0 });
      const first = store.auth.getState();
      expect(store.auth.getState()).toBe(first);
      expect(first).toEqual({
        tokens: undefined,
        role: 'none',
        isLoggedIn: false,
        loginState: 'INITIAL',
        status: 'idle',
        error: undefined,
      });
      const seen: [AuthState, AuthState][] = [];
      const stop = store.auth.subscribe((state, previous) => seen.push([state, previous]));
      await store.auth.generateVisitorTokens();
      const after = store.auth.getState();
      expect(after).not.toBe(first);
      expect(store.auth.getState()).toBe(after);
      expect(Object.isFrozen(after.tokens)).toBe(true);
      expect(Object.isFrozen(after.tokens!.accessToken)).toBe(true);
      // renewing → committed → idle
      expect(seen.map(([state]) => [state.status, state.role])).toEqual([
        ['renewing', 'none'],
        ['renewing', 'visitor'],
        ['idle', 'visitor'],
      ]);
      expect(seen[0]![1]).toBe(first);
      stop();
      store.auth.setTokens(tokensOf('member', 'x', T0));
      expect(seen).toHaveLength(3);
    });

    it('a listener that throws does not stop the others', () => {
      const store = clientOn(fakePlatform(), { now: T0 });
      const heard: string[] = [];
      store.auth.subscribe(() => {
        throw new Error('bad listener');
      });
      store.auth.onIdentityChange(() => {
        throw new Error('bad listener');
      });
      store.auth.subscribe((state) => heard.push(state.role));
      store.auth.onIdentityChange((event) => heard.push(event.reason));
      store.auth.setTokens(tokensOf('member', 'x', T0));
      expect(heard).toEqual(['member', 'tokens-set']);
    });
  });

  describe('onIdentityChange', () => {
    it('fires for each identity change with role, previous role and previous tokens, never for a refresh', async () => {
      const platform = fakePlatform({
        '/_api/redirects-api/v1/redirect-session': () =>
          json({ redirectSession: { fullUrl: 'http://127.0.0.1:4010/oauth2/logout' } }),
      });
      const clock = { now: T0 };
      const store = clientOn(platform, clock);
      const events: IdentityChangeEvent[] = [];
      store.auth.onIdentityChange((event) => events.push(event));

      const visitor = await store.auth.generateVisitorTokens();
      await store.auth.renewToken(visitor.refreshToken); // refresh: no event
      const refreshed = store.auth.getTokens();
      const member = await store.auth.getMemberTokensForExternalLogin('m1', 'key-123456');
      store.auth.setTokens({ ...member }); // same identity: no event
      const other = tokensOf('member', 'other', T0);
      store.auth.setTokens(other);
      await store.auth.logout('http://localhost:5173/');

      expect(events).toEqual([
        { reason: 'visitor', role: 'visitor', previousRole: 'none', previousTokens: undefined },
        { reason: 'login', role: 'member', previousRole: 'visitor', previousTokens: refreshed },
        { reason: 'tokens-set', role: 'member', previousRole: 'member', previousTokens: member },
        { reason: 'logout', role: 'none', previousRole: 'member', previousTokens: other },
      ]);
    });

    it('fires session-ended when a refresh gets invalid_grant', async () => {
      const platform = fakePlatform();
      platform.token = () => oauthError('invalid_grant');
      const member = tokensOf('member', 'm', T0, -1);
      const store = clientOn(platform, { now: T0 }, { tokens: member });
      const events: IdentityChangeEvent[] = [];
      store.auth.onIdentityChange((event) => events.push(event));
      await store.auth.getAuthHeaders().catch(() => undefined);
      expect(events).toEqual([
        { reason: 'session-ended', role: 'none', previousRole: 'member', previousTokens: member },
      ]);
      expect(store.auth.getState().loginState).toBe('INITIAL');
    });
  });

  describe('setTokens', () => {
    it.each([
      ['null', null],
      ['a string', 'at_1'],
      ['a missing refresh token', { accessToken: { value: 'a', expiresAt: 1 } }],
      [
        'an empty access token',
        { accessToken: { value: '', expiresAt: 1 }, refreshToken: { value: 'r', role: 'visitor' } },
      ],
      [
        'a NaN expiry',
        {
          accessToken: { value: 'a', expiresAt: NaN },
          refreshToken: { value: 'r', role: 'visitor' },
        },
      ],
      [
        'an unknown role',
        { accessToken: { value: 'a', expiresAt: 1 }, refreshToken: { value: 'r', role: 'admin' } },
      ],
      [
        'role none',
        { accessToken: { value: 'a', expiresAt: 1 }, refreshToken: { value: 'r', role: 'none' } },
      ],
    ])('refuses %s', (_label, tokens) => {
      const store = clientOn(fakePlatform(), { now: T0 });
      expect(() => store.auth.setTokens(tokens as unknown as Tokens)).toThrow(StoreArgumentError);
      expect(store.auth.getTokens()).toBeUndefined();
    });

    it('keeps its own copy: changing the object given changes nothing', () => {
      const store = clientOn(fakePlatform(), { now: T0 });
      const given = tokensOf('visitor', 'v', T0);
      store.auth.setTokens(given);
      given.accessToken.value = 'at_mutated';
      expect(store.auth.getTokens()?.accessToken.value).toBe('at_v');
    });

    it('uses initial tokens from the options and stores them on first use', async () => {
      const storage = memoryStorage();
      const platform = fakePlatform();
      const store = clientOn(
        platform,
        { now: T0 },
        { storage, tokens: tokensOf('member', 'm', T0) },
      );
      expect(store.auth.isLoggedIn()).toBe(true);
      const { headers } = await store.auth.getAuthHeaders();
      expect(headers).toEqual({ Authorization: 'at_m' });
      expect(platform.requests).toHaveLength(0);
      const again = clientOn(platform, { now: T0 }, { storage });
      expect(again.auth.getTokens()?.accessToken.value).toBe('at_m');
    });

    it('refuses invalid initial tokens', () => {
      expect(() =>
        clientOn(fakePlatform(), { now: T0 }, { tokens: { accessToken: 1 } as unknown as Tokens }),
      ).toThrow(StoreArgumentError);
    });
  });

  describe('generateVisitorTokens', () => {
    it('stores given tokens and renews them when needed', async () => {
      const platform = fakePlatform();
      const store = clientOn(platform, { now: T0 });
      const tokens = await store.auth.generateVisitorTokens(tokensOf('visitor', 'given', T0, -1));
      expect(tokens.accessToken.value).toBe('at_1');
      expect(platform.grants('refresh_token')).toEqual([
        { clientId: 'c1', grantType: 'refresh_token', refreshToken: 'rt_given' },
      ]);
    });

    it('turns a lone refresh token into tokens', async () => {
      const platform = fakePlatform();
      const store = clientOn(platform, { now: T0 });
      const tokens = await store.auth.generateVisitorTokens({
        refreshToken: { value: 'rt_lone', role: 'visitor' },
      });
      expect(tokens).toEqual(store.auth.getTokens());
      expect(store.auth.role).toBe('visitor');
    });
  });

  describe('storage', () => {
    it('namespaces keys by client id and removes everything on logout (checklist H27)', async () => {
      const values = new Map<string, string>();
      const storage: TokenStorage = {
        getItem: (key) => values.get(key),
        setItem: (key, value) => void values.set(key, value),
        removeItem: (key) => void values.delete(key),
      };
      const platform = fakePlatform({
        '/_api/redirects-api/v1/redirect-session': () =>
          json({ redirectSession: { fullUrl: 'http://127.0.0.1:4010/oauth2/authorize?x' } }),
      });
      const store = clientOn(platform, { now: T0 }, { storage });
      await store.auth.generateVisitorTokens();
      await store.auth.loginWithRedirect({ redirectUri: 'http://localhost:5173/callback' });
      expect([...values.keys()].every((key) => key.startsWith('vitrine:c1:'))).toBe(true);
      expect([...values.keys()].some((key) => key.startsWith('vitrine:c1:oauth:'))).toBe(true);
      await store.auth.logout('http://localhost:5173/');
      expect([...values.keys()]).toEqual([]);
    });

    it('reads corrupt or partial stored data as no tokens (checklist H27)', () => {
      for (const text of [
        '{not json',
        'null',
        '{"v":1}',
        '{"v":1,"identity":"i","tokens":{"accessToken":{"value":"a","expiresAt":1}}}',
        '{"v":2,"identity":"i","tokens":{"accessToken":{"value":"a","expiresAt":1},"refreshToken":{"value":"r","role":"visitor"}}}',
      ]) {
        const storage = memoryStorage();
        storage.setItem('vitrine:c1:tokens', text);
        const store = clientOn(fakePlatform(), { now: T0 }, { storage });
        expect(store.auth.getTokens()).toBeUndefined();
      }
    });

    it('keeps tokens in memory when the storage refuses to write', async () => {
      const storage: TokenStorage = {
        getItem: () => null,
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError');
        },
        removeItem: () => {},
      };
      const platform = fakePlatform();
      const store = clientOn(platform, { now: T0 }, { storage });
      await store.auth.generateVisitorTokens();
      await store.auth.getAuthHeaders();
      expect(store.auth.getTokens()?.accessToken.value).toBe('at_1');
      expect(platform.grants()).toHaveLength(1);
    });

    it('two clients never share a storage by default', () => {
      const a = resolveStoreClientOptions({ clientId: 'c1' });
      const b = resolveStoreClientOptions({ clientId: 'c1' });
      expect(a.auth.storage).not.toBe(b.auth.storage);
      a.auth.storage.setItem('vitrine:c1:tokens', 'x');
      expect(b.auth.storage.getItem('vitrine:c1:tokens')).toBeUndefined();
      expect(a.tabSync).toBe(false);
    });
  });
});

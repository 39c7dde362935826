// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../__tests__/helpers.js';
import { browserStorage } from '../../storage/browser.js';
import { toSameOriginPath } from '../same-origin-path.js';
import {
  BASE,
  T0,
  clientOn,
  fakePlatform,
  type FakePlatform,
} from '../../__tests__/fake-platform.js';

const REDIRECT_URI = 'http://localhost:3000/callback';
const SESSION_PATH = '/_api/redirects-api/v1/redirect-session';

function hostedPlatform(fullUrl = `${BASE}/oauth2/authorize?redirectSessionId=rs1`): FakePlatform {
  return fakePlatform({
    [SESSION_PATH]: () =>
      json({
        redirectSession: {
          id: 'rs1',
          fullUrl,
          urlDetails: { endpoint: `${BASE}/oauth2/authorize` },
        },
      }),
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire bodies, read loosely
function sessionBodies(platform: FakePlatform): Record<string, any>[] {
  return platform.requests
    .filter((r) => r.url.pathname === SESSION_PATH)
    .map((r) => JSON.parse(r.body));
}

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  assign = vi.fn();
  vi.stubGlobal('location', {
    ...window.location,
    href: window.location.href,
    origin: window.location.origin,
    assign,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Puts the browser on the return address. */
function returnTo(path: string): void {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', path);
}

function client(platform: FakePlatform) {
  return clientOn(platform, { now: T0 }, { storage: browserStorage(), tabSync: false });
}

describe('hosted login', () => {
  describe('loginWithRedirect', () => {
    it('asks for an auth redirect session, keeps the OAuth data by state and sends the browser', async () => {
      const platform = hostedPlatform();
      const store = client(platform);
      const { authUrl } = await store.auth.loginWithRedirect({
        redirectUri: REDIRECT_URI,
        originalUri: '/account',
      });
      expect(authUrl).toBe(`${BASE}/oauth2/authorize?redirectSessionId=rs1`);
      expect(assign).toHaveBeenCalledWith(authUrl);
      const [body] = sessionBodies(platform);
      expect(body).toEqual({
        auth: {
          authRequest: {
            redirectUri: REDIRECT_URI,
            clientId: 'c1',
            codeChallenge: expect.stringMatching(/^[\w-]{43}$/),
            codeChallengeMethod: 'S256',
            responseMode: 'fragment',
            responseType: 'code',
            scope: 'offline_access',
            state: expect.stringMatching(/^[\w.~-]{43}$/),
          },
          prompt: 'login',
        },
      });
      const state = body!.auth.authRequest.state as string;
      expect(localStorage.getItem(`vitrine:c1:oauth:${state}`)).toContain(REDIRECT_URI);
    });

    it.each([
      ['a foreign host', 'https://evil.example/oauth2/authorize'],
      ['plain http on a public host', 'http://example.com/oauth2/authorize'],
      ['javascript:', 'javascript:alert(1)'],
      ['data:', 'data:text/html,hi'],
      ['credentials in the URL', 'http://user:pw@127.0.0.1:4010/oauth2/authorize'],
    ])('never loads %s (checklist F24)', async (_label, fullUrl) => {
      const store = client(hostedPlatform(fullUrl));
      await expect(
        store.auth.loginWithRedirect({ redirectUri: REDIRECT_URI }),
      ).rejects.toMatchObject({ name: 'StoreAuthError', code: 'UNSAFE_URL' });
      expect(assign).not.toHaveBeenCalled();
      expect(Object.keys(localStorage).filter((k) => k.includes('oauth:'))).toEqual([]);
    });
  });

  describe('handleRedirectCallback', () => {
    async function startLogin(platform: FakePlatform, originalUri = '/account') {
      const store = client(platform);
      await store.auth.loginWithRedirect({ redirectUri: REDIRECT_URI, originalUri });
      const body = sessionBodies(platform).at(-1)!;
      return { store, state: body.auth.authRequest.state as string };
    }

    it('checks the state, exchanges the code, stores member tokens and cleans the address bar', async () => {
      const platform = hostedPlatform();
      const { store, state } = await startLogin(platform);
      const events: string[] = [];
      store.auth.onIdentityChange((event) => events.push(event.reason));
      returnTo(`/callback?keep=1#code=the-code&state=${state}`);

      const result = await store.auth.handleRedirectCallback();
      expect(result.originalUri).toBe('/account');
      expect(result.tokens.refreshToken.role).toBe('member');
      expect(store.auth.isLoggedIn()).toBe(true);
      expect(events).toEqual(['login']);
      const [exchange] = platform.grants('authorization_code');
      expect(exchange).toMatchObject({ code: 'the-code', redirectUri: REDIRECT_URI });
      expect(exchange!.codeVerifier).toMatch(/^[\w.~-]{43}$/);
      // Checklist C14: code and state are gone from the address bar.
      expect(window.location.href).toBe('http://localhost:3000/callback?keep=1');
      expect(window.location.href).not.toContain('the-code');
      // One-time: the code verifier is gone from storage (only the return address stays, a short
      // while, for another tab handling the same return), and a replay in this tab is refused
      // without a token request.
      expect(JSON.stringify({ ...localStorage })).not.toContain(exchange!.codeVerifier);
      await expect(
        store.auth.handleRedirectCallback(`${REDIRECT_URI}#code=the-code&state=${state}`),
      ).rejects.toMatchObject({ message: 'Invalid _state', code: 'INVALID_STATE' });
      expect(platform.grants('authorization_code')).toHaveLength(1);
    });

    it('cleans the address bar the moment it is called, before its code has loaded', async () => {
      const platform = hostedPlatform();
      const { store, state } = await startLogin(platform);
      returnTo(`/callback#code=the-code&state=${state}`);
      const handled = store.auth.handleRedirectCallback();
      expect(window.location.href).toBe('http://localhost:3000/callback');
      await expect(handled).resolves.toMatchObject({ originalUri: '/account' });
    });

    it.each([
      ['no state', (_s: string) => '#code=c1', 'Missing code or _state'],
      ['no code', (s: string) => `#state=${s}`, 'Missing code or _state'],
      ['a wrong state', (_s: string) => '#code=c1&state=not-ours', 'Invalid _state'],
      ['a duplicated state', (s: string) => `#code=c1&state=${s}&state=${s}`, 'Invalid _state'],
      ['a duplicated code', (s: string) => `#code=c1&code=c2&state=${s}`, 'Invalid _state'],
    ])(
      'refuses %s with the documented error and no token request (checklist E20)',
      async (_l, hash, message) => {
        const platform = hostedPlatform();
        const { store, state } = await startLogin(platform);
        await expect(
          store.auth.handleRedirectCallback(REDIRECT_URI + hash(state)),
        ).rejects.toMatchObject({
          name: 'StoreAuthError',
          message,
        });
        expect(platform.grants('authorization_code')).toHaveLength(0);
      },
    );

    it('reads a query return too', async () => {
      const platform = hostedPlatform();
      const { store, state } = await startLogin(platform);
      await store.auth.handleRedirectCallback(`${REDIRECT_URI}?code=q&state=${state}`);
      expect(platform.grants('authorization_code')[0]).toMatchObject({ code: 'q' });
    });

    it('two login tabs do not overwrite each other', async () => {
      const platform = hostedPlatform();
      const first = await startLogin(platform, '/first');
      const second = await startLogin(platform, '/second');
      expect(first.state).not.toBe(second.state);
      const result = await first.store.auth.handleRedirectCallback(
        `${REDIRECT_URI}#code=a&state=${first.state}`,
      );
      expect(result.originalUri).toBe('/first');
      const other = await second.store.auth.handleRedirectCallback(
        `${REDIRECT_URI}#code=b&state=${second.state}`,
      );
      expect(other.originalUri).toBe('/second');
    });

    it('forgets pending logins on logout', async () => {
      const platform = hostedPlatform();
      const { store, state } = await startLogin(platform);
      platform.routes[SESSION_PATH] = () =>
        json({ redirectSession: { fullUrl: `${BASE}/oauth2/logout` } });
      await store.auth.logout('http://localhost:3000/');
      await expect(
        store.auth.handleRedirectCallback(`${REDIRECT_URI}#code=a&state=${state}`),
      ).rejects.toMatchObject({ message: 'Invalid _state' });
      expect(platform.grants('authorization_code')).toHaveLength(0);
    });

    it('keeps the data apart per client id', async () => {
      const platform = hostedPlatform();
      const { state } = await startLogin(platform);
      const otherClient = clientOn(
        platform,
        { now: T0 },
        { clientId: 'c2', storage: browserStorage(), tabSync: false },
      );
      await expect(
        otherClient.auth.handleRedirectCallback(`${REDIRECT_URI}#code=a&state=${state}`),
      ).rejects.toMatchObject({ message: 'Invalid _state' });
    });

    it('turns an error return into a typed error and drops the pending login', async () => {
      const platform = hostedPlatform();
      const { store, state } = await startLogin(platform);
      await expect(
        store.auth.handleRedirectCallback(
          `${REDIRECT_URI}#error=access_denied&error_description=no&state=${state}`,
        ),
      ).rejects.toMatchObject({ code: 'AUTHORIZATION_ERROR', oauthError: 'access_denied' });
      expect(Object.keys(localStorage).filter((k) => k.includes('oauth:'))).toEqual([]);
    });

    it('drops pending logins older than an hour', async () => {
      const platform = hostedPlatform();
      const clock = { now: T0 };
      const store = clientOn(platform, clock, { storage: browserStorage(), tabSync: false });
      await store.auth.loginWithRedirect({ redirectUri: REDIRECT_URI });
      const state = sessionBodies(platform)[0]!.auth.authRequest.state as string;
      clock.now += 61 * 60 * 1000;
      await expect(
        store.auth.handleRedirectCallback(`${REDIRECT_URI}#code=a&state=${state}`),
      ).rejects.toMatchObject({ message: 'Invalid _state' });
    });

    it('returns only a same-origin path (checklist G25)', async () => {
      for (const [given, expected] of [
        ['//evil.com', '/'],
        ['/\\evil.com', '/'],
        ['https://evil.com', '/'],
        ['javascript:alert(1)', '/'],
        ['/\t/evil.com', '/'],
        ['http://localhost:3000/cart?x=1#top', '/cart?x=1#top'],
        ['/orders?page=2', '/orders?page=2'],
      ] as const) {
        vi.stubGlobal('location', {
          ...window.location,
          href: window.location.href,
          origin: window.location.origin,
          assign,
        });
        const platform = hostedPlatform();
        const { store, state } = await startLogin(platform, given);
        const { originalUri } = await store.auth.handleRedirectCallback(
          `${REDIRECT_URI}#code=a&state=${state}`,
        );
        expect([given, originalUri]).toEqual([given, expected]);
      }
    });
  });

  describe('parseFromUrl', () => {
    it('reads query or fragment, as asked or wherever the parameters are', () => {
      const store = client(hostedPlatform());
      expect(store.auth.parseFromUrl('https://s.example/cb?code=q1&state=s1')).toEqual({
        code: 'q1',
        state: 's1',
      });
      expect(store.auth.parseFromUrl('https://s.example/cb?code=q1#code=f1&state=s1')).toEqual({
        code: 'f1',
        state: 's1',
      });
      expect(store.auth.parseFromUrl('https://s.example/cb?code=q1&state=s1#x', 'query')).toEqual({
        code: 'q1',
        state: 's1',
      });
      expect(
        store.auth.parseFromUrl(
          'https://s.example/cb#error=login_required&error_description=No%20session&state=s',
          'fragment',
        ),
      ).toEqual({
        code: undefined,
        state: 's',
        error: 'login_required',
        errorDescription: 'No session',
      });
    });
  });

  describe('toSameOriginPath', () => {
    it.each([
      '//evil.com',
      '/\\evil.com',
      'https://evil.com',
      'javascript:alert(1)',
      '',
      'evil.com',
      '/%0a/x\u0000',
    ])('turns %j into /', (value) => {
      expect(toSameOriginPath(value, 'http://localhost:3000')).toBe('/');
    });

    // Issue 36: `/_vitrine/sign-in?returnTo=%2F.%2F%2Fevil.example` ended in `Location:
    // http://evil.example/`: the value was judged as it came, and resolved only afterwards.
    it.each([
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      '/.%2e//evil.example',
      '/a/../..//evil.example',
      '/a/./../b/../..//evil.example',
      '/%2f/evil.example',
      '/%2F%2Fevil.example',
      '/%5cevil.example',
      '/%252f%252fevil.example',
      'http://localhost:3000/.//evil.example',
      'http://localhost:3000/%2e%2e//evil.example',
    ])('open redirect: normalises %j before judging it, and refuses it', (value) => {
      const path = toSameOriginPath(value, 'http://localhost:3000');
      expect(path).toBe('/');
      // Whatever reads it next (a redirect, a browser) stays on the site.
      expect(new URL(path, 'http://localhost:3000').origin).toBe('http://localhost:3000');
    });

    it.each([
      ['/account', '/account'],
      ['/account?tab=orders#top', '/account?tab=orders#top'],
      ['/a/../cart', '/cart'],
      ['/./products/%2e/tee', '/products/tee'],
      ['/search?q=a/b&next=//x', '/search?q=a/b&next=//x'],
      ['http://localhost:3000/a/../cart?x=1', '/cart?x=1'],
    ])('keeps %j as the path it resolves to (%j)', (value, path) => {
      expect(toSameOriginPath(value, 'http://localhost:3000')).toBe(path);
      // Normalised once, the same again.
      expect(toSameOriginPath(path)).toBe(path);
    });
  });
});

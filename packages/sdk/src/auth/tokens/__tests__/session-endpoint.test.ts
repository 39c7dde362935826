// @vitest-environment jsdom
/**
 * A client whose session lives on the shop's server (`session: sessionEndpoint(url)`), at the
 * fetch boundary: the shop's session endpoint and the platform answered by one fake `fetch`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStoreClient } from '../../../client/create-store-client.js';
import type { StoreClient } from '../../../client/create-store-client.js';
import type { IdentityChangeEvent } from '../../auth-state.js';
import { browserStorage } from '../../storage/browser.js';
import type { memoryStorage } from '../../storage/memory.js';
import { sessionEndpoint } from '../session-grants.js';
import { fakeLocks } from '../../__tests__/fake-platform.js';

const API = 'https://www.wixapis.com';

interface SessionServer {
  /** What the server answers a session request with. */
  answer: (stale: string | undefined, index: number) => Response | Promise<Response>;
  /** The `stale` access token each session request carried. */
  sessionRequests: (string | undefined)[];
  /** Every request, as `METHOD url`. */
  seen: string[];
  /** Access tokens the platform refuses with 401. */
  refused: Set<string>;
  fetch: typeof fetch;
}

function session(access: string, role: 'visitor' | 'member', identity: string, expiresIn = 300) {
  return Response.json({ access_token: access, expires_in: expiresIn, role, identity });
}

function sessionServer(
  answer: SessionServer['answer'] = () => session('at_v1', 'visitor', 'id-visitor'),
): SessionServer {
  const server: SessionServer = {
    answer,
    sessionRequests: [],
    seen: [],
    refused: new Set(),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      server.seen.push(`${request.method} ${request.url}`);
      if (request.url === 'http://localhost:3000/_vitrine/session') {
        expect(request.method).toBe('POST');
        expect(request.headers.get('x-vitrine-session')).toBe('1');
        expect(request.credentials).toBe('same-origin');
        const { stale } = (await request.json()) as { stale?: string };
        server.sessionRequests.push(stale);
        return server.answer(stale, server.sessionRequests.length - 1);
      }
      const token = request.headers.get('authorization') ?? '';
      if (server.refused.has(token)) return Response.json({ message: 'expired' }, { status: 401 });
      return Response.json({ cart: { id: `cart-of-${token}`, lineItems: [] } });
    },
  };
  return server;
}

const clients: StoreClient[] = [];
function client(
  server: SessionServer,
  options: { storage?: ReturnType<typeof memoryStorage> } = {},
) {
  const store = createStoreClient({
    clientId: 'c1',
    fetch: server.fetch,
    session: sessionEndpoint('/_vitrine/session'),
    retry: 0,
    ...options,
  });
  clients.push(store);
  return store;
}

beforeEach(() => {
  window.history.replaceState(null, '', 'http://localhost:3000/products/tee');
  localStorage.clear();
});

afterEach(() => {
  for (const store of clients.splice(0)) store.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session endpoint', () => {
  describe('tokens from the shop server', () => {
    it("gets its access token from the endpoint, never from the platform's token endpoint, and holds no refresh token", async () => {
      const server = sessionServer(() => session('at_from_server', 'visitor', 'id-7'));
      const store = client(server);
      await expect(store.cart.get()).resolves.toMatchObject({ id: 'cart-of-at_from_server' });
      expect(server.seen).toEqual([
        'POST http://localhost:3000/_vitrine/session',
        `GET ${API}/ecom/v2/carts/current`,
      ]);
      expect(store.auth.getTokens()).toEqual({
        accessToken: { value: 'at_from_server', expiresAt: expect.any(Number) },
        // The server's identity id, in the refresh token's place: it grants nothing.
        refreshToken: { value: 'id-7', role: 'visitor' },
      });
      const stored = localStorage.getItem('vitrine:c1:tokens')!;
      expect(JSON.parse(stored)).toMatchObject({
        tokens: { refreshToken: { value: 'id-7', role: 'visitor' } },
      });
    });

    it('makes one session request for 20 calls at once', async () => {
      const server = sessionServer();
      const store = client(server);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => store.auth.getAuthHeaders()),
      );
      expect(new Set(answers.map((answer) => answer.headers.Authorization))).toEqual(
        new Set(['at_v1']),
      );
      expect(server.sessionRequests).toEqual([undefined]);
    });

    it('adopts a member session the server already holds (a first token is not a new visitor)', async () => {
      // An identity id of the SDK's own server side: PKCE-safe characters.
      const server = sessionServer(() => session('at_m', 'member', 'k3J~9.x-_Q'));
      const store = client(server);
      const events: IdentityChangeEvent[] = [];
      store.auth.onIdentityChange((event) => events.push(event));
      await store.auth.getAuthHeaders();
      expect(store.auth.role).toBe('member');
      expect(store.auth.isLoggedIn()).toBe(true);
      expect(events).toEqual([
        expect.objectContaining({ reason: 'other-tab', role: 'member', previousRole: 'none' }),
      ]);
    });
  });

  describe('renewal', () => {
    it('sends the token it holds as stale, and a renewal of the same identity is no identity change', async () => {
      vi.useFakeTimers({ now: 1_800_000_000_000, toFake: ['Date'] });
      const server = sessionServer((_stale, index) =>
        session(`at_${index}`, 'visitor', 'id-same', 120),
      );
      const store = client(server);
      const events: IdentityChangeEvent[] = [];
      store.auth.onIdentityChange((event) => events.push(event));
      await store.auth.getAuthHeaders();
      vi.setSystemTime(Date.now() + 90_000); // within the renewal margin
      const { headers } = await store.auth.getAuthHeaders();
      expect(headers.Authorization).toBe('at_1');
      expect(server.sessionRequests).toEqual([undefined, 'at_0']);
      expect(events.map((event) => event.reason)).toEqual(['other-tab']);
    });

    it('a 401 renews once through the endpoint and replays the call with the new token', async () => {
      const server = sessionServer((stale) =>
        stale === 'at_old'
          ? session('at_new', 'visitor', 'id-1')
          : session('at_old', 'visitor', 'id-1'),
      );
      server.refused.add('at_old');
      const store = client(server);
      await expect(store.cart.get()).resolves.toMatchObject({ id: 'cart-of-at_new' });
      expect(server.sessionRequests).toEqual([undefined, 'at_old']);
    });

    it("follows an identity the server changed (signed in there): an identity change, the member's role", async () => {
      vi.useFakeTimers({ now: 1_800_000_000_000, toFake: ['Date'] });
      const server = sessionServer((_stale, index) =>
        index === 0
          ? session('at_v', 'visitor', 'id-visitor', 120)
          : session('at_m', 'member', 'id-member', 120),
      );
      const store = client(server);
      const events: IdentityChangeEvent[] = [];
      await store.auth.getAuthHeaders();
      store.auth.onIdentityChange((event) => events.push(event));
      vi.setSystemTime(Date.now() + 90_000);
      await store.auth.getAuthHeaders();
      expect(store.auth.role).toBe('member');
      expect(events).toEqual([
        expect.objectContaining({ reason: 'other-tab', role: 'member', previousRole: 'visitor' }),
      ]);
    });
  });

  describe('hostile or failed answers', () => {
    it.each([
      ['HTML', () => new Response('<html>', { status: 200 })],
      ['no role', () => Response.json({ access_token: 'at', expires_in: 60, identity: 'i' })],
      ['an unknown role', () => session('at', 'admin' as 'member', 'i')],
      ['no identity', () => Response.json({ access_token: 'at', expires_in: 60, role: 'visitor' })],
      ['an identity with spaces', () => session('at', 'visitor', 'a b')],
      [
        'a numeric access token',
        () => Response.json({ access_token: 1, expires_in: 60, role: 'visitor', identity: 'i' }),
      ],
      ['expires_in 0', () => session('at', 'visitor', 'i', 0)],
      ['an answer past 32 KB', () => session('at', 'visitor', 'i'.repeat(40_000))],
    ])('%s: a typed INVALID_TOKEN_RESPONSE, nothing stored', async (_name, answer) => {
      const store = client(sessionServer(answer));
      await expect(store.auth.getAuthHeaders()).rejects.toMatchObject({
        name: 'StoreAuthError',
        code: 'INVALID_TOKEN_RESPONSE',
      });
      expect(store.auth.getTokens()).toBeUndefined();
      expect(localStorage.length).toBe(0);
    });

    it.each([
      [503, true],
      [429, true],
      [403, false],
    ])('a %i answer is TOKEN_REQUEST_FAILED, retryable: %s', async (status, retryable) => {
      const store = client(sessionServer(() => new Response('no', { status })));
      await expect(store.auth.getAuthHeaders()).rejects.toMatchObject({
        code: 'TOKEN_REQUEST_FAILED',
        status,
        retryable,
      });
    });

    it('a hung endpoint ends at the time limit with a retryable error, and the next call asks again', async () => {
      vi.useFakeTimers();
      const server = sessionServer();
      server.answer = (_stale, index) =>
        index === 0 ? new Promise<Response>(() => {}) : session('at_later', 'visitor', 'id-1');
      const store = createStoreClient({
        clientId: 'c1',
        fetch: (input, init) =>
          init?.signal?.aborted
            ? Promise.reject(init.signal.reason as Error)
            : new Promise((resolve, reject) => {
                init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
                void server.fetch(input, init).then(resolve, reject);
              }),
        session: sessionEndpoint('/_vitrine/session'),
        timeout: 5_000,
        retry: 0,
      });
      clients.push(store);
      let outcome: unknown = 'pending';
      void store.auth.getAuthHeaders().catch((error: unknown) => (outcome = error));
      await vi.advanceTimersByTimeAsync(4_999);
      expect(outcome).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toMatchObject({ code: 'TOKEN_ENDPOINT_UNREACHABLE', retryable: true });
      await expect(store.auth.getAuthHeaders()).resolves.toEqual({
        headers: { Authorization: 'at_later' },
      });
    });
  });

  describe('sign-in and sign-out happen on the server', () => {
    it.each([
      ['login', (store: StoreClient) => store.auth.login({ email: 'a@b.c', password: 'pw123456' })],
      [
        'register',
        (store: StoreClient) => store.auth.register({ email: 'a@b.c', password: 'pw123456' }),
      ],
      [
        'loginWithRedirect',
        (store: StoreClient) =>
          store.auth.loginWithRedirect({ redirectUri: 'http://localhost:3000/callback' }),
      ],
      [
        'handleRedirectCallback',
        (store: StoreClient) =>
          store.auth.handleRedirectCallback('http://localhost:3000/callback?code=c&state=s'),
      ],
      [
        'getMemberTokensForDirectLogin',
        (store: StoreClient) => store.auth.getMemberTokensForDirectLogin('session-token'),
      ],
      ['logout', (store: StoreClient) => store.auth.logout('http://localhost:3000/')],
    ])('%s rejects with NOT_SUPPORTED and changes nothing', async (name, call) => {
      const server = sessionServer(() => session('at_m', 'member', 'id-m'));
      const store = client(server);
      await store.auth.getAuthHeaders();
      const before = server.seen.length;
      await expect(call(store)).rejects.toMatchObject({
        name: 'StoreAuthError',
        code: 'NOT_SUPPORTED',
        message: expect.stringContaining(`store.auth.${name}`),
      });
      expect(store.auth.role).toBe('member');
      expect(server.seen.length).toBe(before);
    });
  });

  describe('tabs (checklist A6, H29)', () => {
    it('two tabs sharing storage ask the server once, and a new identity one learns reaches the other', async () => {
      vi.stubGlobal('navigator', { ...navigator, locks: fakeLocks() });
      const server = sessionServer((_stale, index) =>
        index === 0 ? session('at_v', 'visitor', 'id-v') : session('at_m', 'member', 'id-m'),
      );
      const storage = browserStorage();
      const a = client(server, { storage });
      const b = client(server, { storage });
      await Promise.all([a.auth.getAuthHeaders(), b.auth.getAuthHeaders()]);
      expect(server.sessionRequests).toHaveLength(1);

      // Tab a hears from the server that the shopper signed in there.
      a.auth.setTokens({
        accessToken: { value: 'at_m', expiresAt: 4_102_444_800 },
        refreshToken: { value: 'id-m', role: 'member' },
      });
      window.dispatchEvent(new StorageEvent('storage', { key: 'vitrine:c1:tokens' }));
      await vi.waitFor(() => expect(b.auth.role).toBe('member'));
      expect((await b.auth.getAuthHeaders()).headers.Authorization).toBe('at_m');
    });
  });

  describe('sessionEndpoint(url)', () => {
    it.each(['', 'session', '//evil.example/session', '/\\evil.example', 'javascript:alert(1)'])(
      'refuses %j',
      (url) => {
        expect(() => sessionEndpoint(url)).toThrow(
          expect.objectContaining({ name: 'StoreArgumentError', argument: 'url' }),
        );
      },
    );

    it('takes an absolute http(s) URL', async () => {
      const seen: string[] = [];
      const store = createStoreClient({
        clientId: 'c1',
        fetch: (input) => {
          seen.push(new Request(input).url);
          return Promise.resolve(session('at', 'visitor', 'i'));
        },
        session: sessionEndpoint('https://shop.example/api/session'),
      });
      clients.push(store);
      await store.auth.getAuthHeaders();
      expect(seen).toEqual(['https://shop.example/api/session']);
    });
  });
});

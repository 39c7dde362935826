import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../__tests__/helpers.js';
import { cookieStorage, type CookieAttributes } from '../../auth/storage/cookie.js';
import {
  BASE,
  T0,
  fakePlatform,
  oauthError,
  tokenResponse,
  tokensOf,
} from '../../auth/__tests__/fake-platform.js';
import { createStoreClient } from '../../client/create-store-client.js';
import { readStoreSnapshot } from '../../client/read-store-snapshot.js';
import type { Tokens } from '../../models/tokens.js';
import { createServerStoreClient } from '../create-server-store-client.js';

const CART_PATH = '/ecom/v2/carts/current';

/** One browser's cookies, carried from response to request as a browser does. */
function browser(initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial));
  const written: { name: string; value: string; attributes: CookieAttributes }[] = [];
  return {
    jar,
    written,
    /** The cookies of one request (Next.js's `cookies()` shape: `get` answers `{ value }`). */
    request() {
      const sent = new Map(jar);
      return {
        get: (name: string) => (sent.has(name) ? { name, value: sent.get(name)! } : undefined),
        set: (name: string, value: string, attributes: CookieAttributes) => {
          written.push({ name, value, attributes });
          if (attributes.maxAge === 0) jar.delete(name);
          else jar.set(name, value);
        },
      };
    },
  };
}

/** Tokens as the server entry stores them in a cookie, for a browser that already has some. */
function cookiesHolding(tokens: Tokens): Record<string, string> {
  const values: Record<string, string> = {};
  const storage = cookieStorage({
    get: () => undefined,
    set: (name, value) => (values[name] = value),
  });
  storage.setItem('vitrine:c1:tokens', JSON.stringify({ v: 1, tokens, identity: 'id-1' }));
  return values;
}

describe('createServerStoreClient', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('mints one visitor for a first visit, writes its cookie, and knows it has no cart', async () => {
    const platform = fakePlatform();
    const shopper = browser();
    const store = await createServerStoreClient({
      clientId: 'c1',
      baseUrl: BASE,
      fetch: platform.fetch,
      url: 'http://shop.localhost/products',
      cookies: shopper.request(),
    });
    expect(store.auth.role).toBe('visitor');
    expect(await readStoreSnapshot(store)).toEqual({ role: 'visitor', cart: null });
    expect(platform.grants()).toEqual([{ clientId: 'c1', grantType: 'anonymous' }]);
    expect(platform.requests.filter((r) => r.url.pathname === CART_PATH)).toHaveLength(0);

    expect(shopper.written).toHaveLength(1);
    const [cookie] = shopper.written;
    expect(cookie!.name).toBe('vitrine.c1.tokens');
    expect(cookie!.attributes).toMatchObject({
      path: '/',
      sameSite: 'lax',
      secure: false, // plain http
      maxAge: 30 * 86_400,
    });
    // No token in the clear: the cookie holds an encoded record.
    expect(cookie!.value).not.toContain('at_1');
  });

  describe("mint: 'on-first-use'", () => {
    it('costs a request that only looks no grant, and mints on the first call that needs a token', async () => {
      const platform = fakePlatform();
      const shopper = browser();
      const store = await createServerStoreClient({
        clientId: 'c1',
        baseUrl: BASE,
        fetch: platform.fetch,
        cookies: shopper.request(),
        mint: 'on-first-use',
      });
      expect(store.auth.role).toBe('none');
      expect(store.auth.isLoggedIn()).toBe(false);
      expect(platform.grants()).toEqual([]);
      expect(shopper.written).toEqual([]);
      // The first call that needs one: one visitor, its cookie written.
      await store.fetch('/stores-reader/v1/products/p1');
      expect(platform.grants()).toEqual([{ clientId: 'c1', grantType: 'anonymous' }]);
      expect(shopper.written.map((cookie) => cookie.name)).toEqual(['vitrine.c1.tokens']);
      store.dispose();
    });

    it('makes a session the request has valid at once, as without it', async () => {
      const platform = fakePlatform();
      const expired = tokensOf('member', 'm', T0 - 3_600_000);
      const shopper = browser(cookiesHolding(expired));
      const store = await createServerStoreClient({
        clientId: 'c1',
        baseUrl: BASE,
        fetch: platform.fetch,
        cookies: shopper.request(),
        mint: 'on-first-use',
      });
      expect(store.auth.role).toBe('member');
      expect(platform.grants().map((grant) => grant.grantType)).toEqual(['refresh_token']);
      store.dispose();
    });

    it('refuses a mint option it does not know', async () => {
      await expect(
        createServerStoreClient({
          clientId: 'c1',
          cookies: browser().request(),
          mint: 'later' as 'at-once',
        }),
      ).rejects.toMatchObject({ name: 'StoreArgumentError', argument: 'options.mint' });
    });
  });

  it('writes Secure cookies for an https request', async () => {
    const platform = fakePlatform();
    const shopper = browser();
    await createServerStoreClient({
      clientId: 'c1',
      baseUrl: BASE,
      fetch: platform.fetch,
      url: new URL('https://shop.example/'),
      cookies: shopper.request(),
    });
    expect(shopper.written[0]!.attributes.secure).toBe(true);
  });

  it('the browser client reads the same cookies: one grant for server and browser together', async () => {
    const platform = fakePlatform();
    const shopper = browser();
    await createServerStoreClient({
      clientId: 'c1',
      baseUrl: BASE,
      fetch: platform.fetch,
      cookies: shopper.request(),
    });
    // In the browser: cookieStorage() over document.cookie, played here by the jar.
    const inBrowser = createStoreClient({
      clientId: 'c1',
      baseUrl: BASE,
      fetch: platform.fetch,
      storage: cookieStorage({
        get: (name) => shopper.jar.get(name),
        set: (name, value) => shopper.jar.set(name, value),
      }),
    });
    expect(inBrowser.auth.role).toBe('visitor');
    await inBrowser.fetch('/stores-reader/v1/products/p1');
    expect(platform.grants()).toHaveLength(1);
  });

  it('uses valid tokens as they are: no grant, no cookie written', async () => {
    const platform = fakePlatform();
    const shopper = browser(cookiesHolding(tokensOf('member', 'm', T0)));
    const store = await createServerStoreClient({
      clientId: 'c1',
      baseUrl: BASE,
      fetch: platform.fetch,
      cookies: shopper.request(),
    });
    expect(store.auth.role).toBe('member');
    expect(platform.requests).toHaveLength(0);
    expect(shopper.written).toHaveLength(0);
  });

  it('renews tokens about to expire once, before rendering, and writes the new pair', async () => {
    const platform = fakePlatform();
    const shopper = browser(cookiesHolding(tokensOf('member', 'm', T0, 30)));
    const store = await createServerStoreClient({
      clientId: 'c1',
      baseUrl: BASE,
      fetch: platform.fetch,
      cookies: shopper.request(),
    });
    await store.fetch('/stores-reader/v1/products/p1');
    await store.fetch('/stores-reader/v1/products/p2');
    expect(platform.grants()).toEqual([
      { clientId: 'c1', grantType: 'refresh_token', refreshToken: 'rt_m' },
    ]);
    expect(store.auth.getTokens()).toMatchObject({
      accessToken: { value: 'at_1' },
      refreshToken: { value: 'rt_1', role: 'member' },
    });
    const next = createStoreClient({
      clientId: 'c1',
      baseUrl: BASE,
      fetch: platform.fetch,
      storage: cookieStorage({ get: (name) => shopper.jar.get(name), set: () => {} }),
    });
    expect(next.auth.getTokens()?.refreshToken.value).toBe('rt_1');
  });

  it('keeps renewed tokens for the request when the response cannot take cookies (a server component)', async () => {
    const platform = fakePlatform();
    const shopper = browser(cookiesHolding(tokensOf('visitor', 'v', T0, 30)));
    const store = await createServerStoreClient({
      clientId: 'c1',
      baseUrl: BASE,
      fetch: platform.fetch,
      cookies: {
        get: shopper.request().get,
        set: () => {
          throw new Error('Cookies can only be modified in a Server Action or Route Handler');
        },
      },
    });
    await store.fetch('/stores-reader/v1/products/p1');
    expect(platform.grants('refresh_token')).toHaveLength(1);
    expect(platform.requests.at(-1)!.headers.get('authorization')).toBe('at_1');
  });

  it('a member whose session the platform ended: SESSION_ENDED, and the cookie is removed', async () => {
    const platform = fakePlatform();
    platform.token = () => oauthError('invalid_grant');
    const shopper = browser(cookiesHolding(tokensOf('member', 'm', T0, 30)));
    await expect(
      createServerStoreClient({
        clientId: 'c1',
        baseUrl: BASE,
        fetch: platform.fetch,
        cookies: shopper.request(),
      }),
    ).rejects.toMatchObject({ name: 'StoreAuthError', code: 'SESSION_ENDED' });
    expect(shopper.jar.size).toBe(0);
  });

  it('reads a returning shopper’s cart into the snapshot', async () => {
    const platform = fakePlatform({
      [`GET ${CART_PATH}`]: () => json({ cart: { id: 'cart-1', lineItems: [] } }),
    });
    const shopper = browser(cookiesHolding(tokensOf('visitor', 'v', T0)));
    const store = await createServerStoreClient({
      clientId: 'c1',
      baseUrl: BASE,
      fetch: platform.fetch,
      cookies: shopper.request(),
    });
    expect(await readStoreSnapshot(store)).toEqual({
      role: 'visitor',
      cart: { id: 'cart-1', lineItems: [] },
    });
    // A cart the platform cannot give is left for the browser to read, not a failed page.
    platform.routes[`GET ${CART_PATH}`] = () => json({ message: 'down' }, { status: 500 });
    const again = await createServerStoreClient({
      clientId: 'c1',
      baseUrl: BASE,
      fetch: platform.fetch,
      retry: 0,
      cookies: shopper.request(),
    });
    expect(await readStoreSnapshot(again)).toEqual({ role: 'visitor' });
  });

  it('two requests with different cookies never see each other’s tokens', async () => {
    const platform = fakePlatform();
    platform.token = () => tokenResponse(`fresh-${platform.grants().length}`);
    const first = browser();
    const second = browser(cookiesHolding(tokensOf('member', 'm', T0)));
    const [a, b] = await Promise.all([
      createServerStoreClient({
        clientId: 'c1',
        baseUrl: BASE,
        fetch: platform.fetch,
        cookies: first.request(),
      }),
      createServerStoreClient({
        clientId: 'c1',
        baseUrl: BASE,
        fetch: platform.fetch,
        cookies: second.request(),
      }),
    ]);
    expect(a.auth.role).toBe('visitor');
    expect(b.auth.getTokens()?.accessToken.value).toBe('at_m');
    expect(second.written).toHaveLength(0);
  });

  it('refuses cookies without get', async () => {
    await expect(
      createServerStoreClient({
        clientId: 'c1',
        cookies: {} as unknown as { get: () => undefined },
      }),
    ).rejects.toMatchObject({ name: 'StoreArgumentError' });
  });
});

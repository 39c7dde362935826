/**
 * The proxy's session against the emulator on port 0, counting its token grants: a new visitor
 * costs one grant, prefetches none, parallel requests of one browser one renewal; the tokens
 * live in an HttpOnly cookie and the browser's session endpoint answers an access token only;
 * a hosted sign-in returns a member. Time is faked (`Date` only: the emulator, in this process,
 * sees the same clock).
 */
import { startEmulator, STORES_APP_ID, type Emulator } from '@vitrine/emulator';
import { createServerStoreClient } from '@vitrine/sdk/server';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVitrineProxy } from '../index.js';
import { parseShopperHint } from '../../shared/cookies.js';

// The SDK's server client, counted: a view of a known session must not build one.
vi.mock(import('@vitrine/sdk/server'), async (original) => {
  const sdk = await original();
  return { ...sdk, createServerStoreClient: vi.fn(sdk.createServerStoreClient) };
});

const SHOP = 'http://localhost:3000';
const TTL_SECONDS = 14_400;

let emulator: Emulator;
const proxy = createVitrineProxy();

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, tokenTtlSeconds: TTL_SECONDS });
});

afterAll(async () => {
  await emulator.close();
});

beforeEach(async () => {
  await emulator.reset();
  vi.stubEnv('VITRINE_CLIENT_ID', emulator.clientId);
  vi.stubEnv('VITRINE_API_URL', emulator.url);
  vi.stubEnv('VITRINE_SITE_URL', '');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

const SESSION = () => `vitrine.${emulator.clientId}.tokens`;
const CART_HINT = () => `vitrine.${emulator.clientId}.cart`;
const PENDING = () => `vitrine.${emulator.clientId}.sign-in`;

interface SetCookie {
  name: string;
  value: string;
  attributes: string[];
}

function setCookiesOf(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    return {
      name: pair.slice(0, at),
      value: decodeURIComponent(pair.slice(at + 1)),
      attributes: attributes.map((attribute) => attribute.toLowerCase()),
    };
  });
}

/** The `Cookie` header a browser sends after `response`, from what it held before. */
function cookieAfter(response: Response, before = ''): string {
  const jar = new Map(
    before
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('='));
    if (/max-age=0(;|$)/i.test(line)) jar.delete(name);
    else jar.set(name, pair.slice(pair.indexOf('=') + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

function page(cookie = '', headers: Record<string, string> = {}, path = '/products'): NextRequest {
  return new NextRequest(`${SHOP}${path}`, {
    headers: {
      host: 'localhost:3000',
      accept: 'text/html',
      ...(cookie === '' ? {} : { cookie }),
      ...headers,
    },
  });
}

function sessionRequest(cookie: string, body: unknown = {}, headers: Record<string, string> = {}) {
  return new NextRequest(`${SHOP}/_vitrine/session`, {
    method: 'POST',
    headers: {
      host: 'localhost:3000',
      'x-vitrine-session': '1',
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      ...(cookie === '' ? {} : { cookie }),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** The session's tokens as the browser may read them: from the shop's session endpoint. */
async function accessTokenOf(cookie: string): Promise<string> {
  const answer = await proxy(sessionRequest(cookie));
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/**
 * Whether `text` holds a refresh token (the emulator's start with `rt_`), as it is or in the
 * SDK's cookie encoding (`v1.` and base64url JSON).
 */
const holdsRefreshToken = (text: string) =>
  /rt_[\w-]{8,}/.test(text) ||
  /rt_[\w-]{8,}/.test(Buffer.from(text.replace(/^v1\./, ''), 'base64url').toString());

describe('proxy', () => {
  describe('a page view', () => {
    it('gives a new visitor one session for one grant, in an HttpOnly cookie no script reads', async () => {
      const response = await proxy(page());
      expect(emulator.grants()).toMatchObject({ anonymous: 1, refresh_token: 0 });
      const cookies = setCookiesOf(response);
      const session = cookies.filter((cookie) => cookie.name.startsWith(SESSION()));
      expect(session.length).toBeGreaterThan(0);
      for (const cookie of session) {
        expect(cookie.attributes).toEqual(
          expect.arrayContaining(['path=/', 'httponly', 'samesite=lax']),
        );
        // http://localhost: not Secure (the browser would drop it).
        expect(cookie.attributes).not.toContain('secure');
      }
      expect(session.map((cookie) => cookie.value).join('')).toSatisfy(holdsRefreshToken);
      // What scripts may read: the cart hint, naming the visitor and nothing secret.
      const readable = cookies.filter((cookie) => !cookie.attributes.includes('httponly'));
      expect(readable.map((cookie) => cookie.name)).toEqual([CART_HINT()]);
      expect(readable[0]!.value).toMatch(/^0:visitor:[\w~.%-]+:[\w~.%-]+$/);
      for (const cookie of readable) {
        expect(cookie.value).not.toSatisfy(holdsRefreshToken);
        expect(cookie.value).not.toContain('.ey');
      }
      // This request's server components read the new session too.
      expect(response.headers.get('x-middleware-request-cookie')).toContain(SESSION());
    });

    it('writes the cookies Secure behind https (X-Forwarded-Proto, or VITRINE_SITE_URL)', async () => {
      const forwarded = await proxy(page('', { 'x-forwarded-proto': 'https' }));
      vi.stubEnv('VITRINE_SITE_URL', 'https://shop.example');
      const configured = await proxy(page());
      for (const response of [forwarded, configured]) {
        const cookies = setCookiesOf(response);
        expect(cookies.length).toBeGreaterThan(1);
        for (const cookie of cookies) expect(cookie.attributes).toContain('secure');
      }
    });

    it('costs one grant across many views, and none for prefetches of a browser without one', async () => {
      const prefetches = await Promise.all(
        Array.from({ length: 8 }, () => proxy(page('', { 'next-router-prefetch': '1' }))),
      );
      expect(emulator.grants().anonymous).toBe(0);
      for (const response of prefetches) expect(response.headers.getSetCookie()).toEqual([]);
      const first = await proxy(page());
      const cookie = cookieAfter(first);
      const views = await Promise.all(Array.from({ length: 12 }, () => proxy(page(cookie))));
      expect(emulator.grants()).toMatchObject({ anonymous: 1, refresh_token: 0 });
      // Nothing to renew: no cookie written again.
      for (const response of views) expect(response.headers.getSetCookie()).toEqual([]);
    });

    it('a view of a valid session with its hint builds no client, calls nothing and changes nothing', async () => {
      const cookie = cookieAfter(await proxy(page()));
      const built = vi.mocked(createServerStoreClient);
      built.mockClear();
      const views = await Promise.all(Array.from({ length: 5 }, () => proxy(page(cookie))));
      expect(built).not.toHaveBeenCalled();
      for (const response of views) {
        expect(response.headers.getSetCookie()).toEqual([]);
        // The request goes on as it came: no header for Next to carry over.
        expect(response.headers.get('x-middleware-request-cookie')).toBe(null);
        expect(response.headers.get('x-middleware-next')).toBe('1');
      }
      // Without its hint, the session is read with a client (its cart once, for the hint).
      const withoutHint = cookie
        .split('; ')
        .filter((pair) => !pair.startsWith(`${CART_HINT()}=`))
        .join('; ');
      const hinted = await proxy(page(withoutHint));
      expect(built).toHaveBeenCalledTimes(1);
      expect(setCookiesOf(hinted).map((c) => c.name)).toEqual([CART_HINT()]);
      // Within the renewal margin: renewed with a client, as before.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (TTL_SECONDS - 30) * 1000 });
      const renewed = await proxy(page(cookie));
      expect(built).toHaveBeenCalledTimes(2);
      expect(emulator.grants()).toMatchObject({ anonymous: 1, refresh_token: 1 });
      expect(setCookiesOf(renewed).some((c) => c.name.startsWith(SESSION()))).toBe(true);
    });

    it('renews an expired access token once for parallel requests of the same browser', async () => {
      const cookie = cookieAfter(await proxy(page()));
      const before = await accessTokenOf(cookie);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (TTL_SECONDS + 60) * 1000 });
      const responses = await Promise.all(Array.from({ length: 10 }, () => proxy(page(cookie))));
      expect(emulator.grants()).toMatchObject({ anonymous: 1, refresh_token: 1 });
      // Every one of them carries the one renewed session to its browser.
      const renewed = responses.map((response) =>
        setCookiesOf(response)
          .filter((c) => c.name.startsWith(SESSION()))
          .map((c) => `${c.name}=${c.value}`)
          .join(';'),
      );
      expect(new Set(renewed).size).toBe(1);
      expect(renewed[0]).not.toBe('');
      const next = cookieAfter(responses[0]!, cookie);
      const after = await accessTokenOf(next);
      expect(after).not.toBe(before);
      await proxy(page(next));
      expect(emulator.grants().refresh_token).toBe(1);
    });

    it('renders the page without a session when the store cannot be reached, and tries again next time', async () => {
      vi.stubEnv('VITRINE_API_URL', 'http://127.0.0.1:9');
      const response = await proxy(page());
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get('x-middleware-next')).toBe('1');
    });
  });

  describe('POST /_vitrine/session', () => {
    it('answers a short-lived access token and never the refresh token', async () => {
      const cookie = cookieAfter(await proxy(page()));
      const answer = await proxy(sessionRequest(cookie));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const text = await answer.text();
      expect(text).not.toSatisfy(holdsRefreshToken);
      const body = JSON.parse(text) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'identity', 'role']);
      expect(body.expires_in).toBeGreaterThan(0);
      expect(body.expires_in).toBeLessThanOrEqual(TTL_SECONDS);
      expect(body.role).toBe('visitor');
      expect(emulator.grants()).toMatchObject({ anonymous: 1, refresh_token: 0 });
      // Nothing written back: the session was valid.
      expect(answer.headers.getSetCookie()).toEqual([]);
    });

    it('renews the access token the browser says is stale, writing the tokens HttpOnly', async () => {
      const cookie = cookieAfter(await proxy(page()));
      const stale = await accessTokenOf(cookie);
      const answer = await proxy(sessionRequest(cookie, { stale }));
      const body = (await answer.json()) as { access_token: string };
      expect(body.access_token).not.toBe(stale);
      expect(emulator.grants().refresh_token).toBe(1);
      const written = setCookiesOf(answer);
      expect(written.length).toBeGreaterThan(0);
      for (const cookie of written) expect(cookie.attributes).toContain('httponly');
    });

    it('writes the hint of a session without one (its cart read once), and nothing once it has it', async () => {
      const minted = cookieAfter(await proxy(page()));
      const withoutHint = minted
        .split('; ')
        .filter((pair) => !pair.startsWith(`${CART_HINT()}=`))
        .join('; ');
      const answer = await proxy(page(withoutHint));
      const hint = setCookiesOf(answer).find((c) => c.name === CART_HINT());
      expect(parseShopperHint(hint?.value)).toMatchObject({ itemCount: 0, role: 'visitor' });
      expect(hint?.attributes).not.toContain('httponly');
      // A page the same for every shopper may be cached by a CDN, never with this one's cookies.
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      // With it, the next view writes nothing, and leaves the page's caching to the page.
      const again = await proxy(page(cookieAfter(answer, withoutHint)));
      expect(again.headers.getSetCookie()).toEqual([]);
      expect(again.headers.get('cache-control')).toBeNull();
    });

    it('mints a visitor for a browser without a session, with the hint that it has no cart', async () => {
      const answer = await proxy(sessionRequest(''));
      expect(answer.status).toBe(200);
      const { identity } = (await answer.json()) as { identity: string };
      expect(emulator.grants().anonymous).toBe(1);
      const cookies = setCookiesOf(answer);
      expect(parseShopperHint(cookies.find((c) => c.name === CART_HINT())?.value)).toEqual({
        itemCount: 0,
        role: 'visitor',
        identity,
        clientId: emulator.clientId,
      });
      for (const cookie of cookies.filter((c) => c.name.startsWith(SESSION()))) {
        expect(cookie.attributes).toContain('httponly');
      }
    });

    it('refuses a request without its header (403), from another site (403), or a GET (405)', async () => {
      const cookie = cookieAfter(await proxy(page()));
      const noHeader = sessionRequest(cookie);
      noHeader.headers.delete('x-vitrine-session');
      expect((await proxy(noHeader)).status).toBe(403);
      const crossSite = sessionRequest(cookie, {}, { 'sec-fetch-site': 'cross-site' });
      const refused = await proxy(crossSite);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain('access_token');
      const get = new NextRequest(`${SHOP}/_vitrine/session`, { headers: { cookie } });
      expect((await proxy(get)).status).toBe(405);
    });
  });

  describe('hosted sign-in', () => {
    it("returns a member, the visitor's cart carried into the member's, to the page asked for", async () => {
      await register('member@example.com', 'pass-word-1');
      const visitorCookie = cookieAfter(await proxy(page()));
      const product = await simpleProductId();
      await addToCart(await accessTokenOf(visitorCookie), product);
      const grantsBefore = emulator.grants();

      const { location, cookie } = await signIn(visitorCookie, '/account', {
        email: 'member@example.com',
        password: 'pass-word-1',
      });
      expect(location).toBe(`${SHOP}/account`);
      expect(emulator.grants().authorization_code).toBe(grantsBefore.authorization_code + 1);
      const answer = await proxy(sessionRequest(cookie));
      const session = (await answer.json()) as { role: string; access_token: string };
      expect(session.role).toBe('member');
      const cart = await fetch(`${emulator.url}/ecom/v1/carts/current`, {
        headers: { authorization: session.access_token },
      });
      const { cart: memberCart } = (await cart.json()) as {
        cart: { lineItems: { catalogReference: { catalogItemId: string } }[] };
      };
      expect(memberCart.lineItems.map((line) => line.catalogReference.catalogItemId)).toEqual([
        product,
      ]);
    });

    it('keeps the return path on the site, whatever returnTo says', async () => {
      await register('member@example.com', 'pass-word-1');
      for (const returnTo of [
        '//evil.com',
        'https://evil.com/account',
        '/\\evil.com',
        '/%5Cevil.com',
        '%2F%2Fevil.com',
        '\\\\evil.com',
        'javascript:alert(1)',
        '/\t/evil.com',
      ]) {
        const visitorCookie = cookieAfter(await proxy(page()));
        const { location } = await signIn(visitorCookie, returnTo, {
          email: 'member@example.com',
          password: 'pass-word-1',
        });
        expect(new URL(location).origin, returnTo).toBe(SHOP);
        expect(location.startsWith(`${SHOP}/`), returnTo).toBe(true);
        // A path of the site (`/%5Cevil.com` is one), never one a browser reads as another host.
        expect(location.startsWith(`${SHOP}//`), returnTo).toBe(false);
        expect(location, returnTo).not.toMatch(/javascript:/i);
      }
    });

    it('refuses a return whose state is not the pending one, and uses the pending sign-in up', async () => {
      const visitorCookie = cookieAfter(await proxy(page()));
      const start = await proxy(page(visitorCookie, {}, '/_vitrine/sign-in?returnTo=%2Faccount'));
      const cookie = cookieAfter(start, visitorCookie);
      expect(cookie).toContain(PENDING());
      const forged = await proxy(page(cookie, {}, '/callback?code=stolen&state=not-the-one'));
      expect(forged.status).toBe(303);
      expect(forged.headers.get('location')).toBe(`${SHOP}/callback?error=invalid_state`);
      expect(cookieAfter(forged, cookie)).not.toContain(PENDING());
      expect(emulator.grants().authorization_code).toBe(0);
    });
  });
});

async function register(email: string, password: string): Promise<void> {
  const grant = await fetch(`${emulator.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: emulator.clientId, grantType: 'anonymous' }),
  });
  const { access_token: token } = (await grant.json()) as { access_token: string };
  const reply = await fetch(`${emulator.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: { email }, password }),
  });
  expect(reply.status).toBe(200);
}

async function simpleProductId(): Promise<string> {
  const reply = await fetch(`${emulator.url}/stores/v1/products`, {
    method: 'POST',
    headers: { authorization: emulator.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ product: { name: 'Carried tee', priceData: { price: 24 } } }),
  });
  const { product } = (await reply.json()) as { product: { id: string } };
  return product.id;
}

async function addToCart(token: string, productId: string): Promise<void> {
  const reply = await fetch(`${emulator.url}/ecom/v1/carts/current/add-to-cart`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({
      lineItems: [
        { quantity: 1, catalogReference: { catalogItemId: productId, appId: STORES_APP_ID } },
      ],
    }),
  });
  expect(reply.status).toBe(200);
}

/**
 * A hosted sign-in as a browser walks it: the proxy's start, the store's page and its form, the
 * return to the proxy. The proxy's last redirect and the cookies after it.
 */
async function signIn(
  cookie: string,
  returnTo: string,
  credentials: { email: string; password: string },
): Promise<{ location: string; cookie: string }> {
  const start = await proxy(
    page(cookie, {}, `/_vitrine/sign-in?returnTo=${encodeURIComponent(returnTo)}`),
  );
  expect(start.status).toBe(303);
  const pending = setCookiesOf(start).find((c) => c.name === PENDING());
  expect(pending?.attributes).toContain('httponly');
  let jar = cookieAfter(start, cookie);
  let next = new URL(start.headers.get('location')!);
  expect(next.origin).toBe(emulator.url);
  let hosted = await fetch(next, { redirect: 'manual' });
  for (let hops = 0; hosted.status >= 300 && hosted.status < 400 && hops < 5; hops++) {
    next = new URL(hosted.headers.get('location')!, next);
    hosted = await fetch(next, { redirect: 'manual' });
  }
  const html = await hosted.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    fields.set(
      name!,
      value!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))),
    );
  }
  fields.set('email', credentials.email);
  fields.set('password', credentials.password);
  const posted = await fetch(new URL(action, next), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  expect(posted.status).toBe(303);
  const callback = new URL(posted.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${SHOP}/callback`);
  const back = await proxy(page(jar, {}, `${callback.pathname}${callback.search}`));
  expect(back.status).toBe(303);
  jar = cookieAfter(back, jar);
  expect(jar).not.toContain(PENDING());
  return { location: back.headers.get('location')!, cookie: jar };
}

/**
 * The proxy's session against the emulator on port 0, counting its token grants: a new visitor
 * costs one grant, prefetches none, parallel requests of one browser one renewal; the tokens
 * live in an HttpOnly cookie and the browser's session endpoint answers an access token only;
 * a hosted sign-in returns a member. Time is faked (`Date` only: the emulator, in this process,
 * sees the same clock).
 */
import { createServerStoreClient } from '@vitrine/sdk/server';
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { parseShopperHint } from '../../shared/cookies.js';

// The SDK's server client, counted: a view of a known session must not build one.
vi.mock(import('@vitrine/sdk/server'), async (original) => {
  const sdk = await original();
  return { ...sdk, createServerStoreClient: vi.fn(sdk.createServerStoreClient) };
});

import {
  harness,
  CART_HINT,
  PENDING,
  SESSION,
  SHOP,
  TTL_SECONDS,
  accessTokenOf,
  addToCart,
  cookieAfter,
  holdsRefreshToken,
  page,
  register,
  sessionRequest,
  setCookiesOf,
  signIn,
  simpleProductId,
  useProxyEmulator,
  visitor,
} from './helpers.js';

useProxyEmulator();

describe('proxy', () => {
  describe('a page view', () => {
    // Mint on first use: a visitor who only looks (a crawler, a prefetch, someone who leaves
    // after a page) costs no grant; the session starts with the first use of the store.
    it('mints nothing for page views and prefetches without a session: no grant, no cookie, cacheable', async () => {
      const views = await Promise.all([
        ...Array.from({ length: 5 }, () => harness.proxy(page())),
        // What reaches the proxy of a router prefetch (Next strips `Next-Router-Prefetch`, `RSC`
        // and `_rsc` before it runs): `Next-Url`, and a fetch's `Sec-Fetch-*`.
        ...Array.from({ length: 5 }, () =>
          harness.proxy(
            page('', { 'next-url': '/', 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' }),
          ),
        ),
        harness.proxy(page('', { purpose: 'prefetch', 'sec-purpose': 'prefetch' })),
      ]);
      expect(harness.emulator.grants()).toMatchObject({ anonymous: 0, refresh_token: 0 });
      for (const response of views) {
        expect(response.headers.getSetCookie()).toEqual([]);
        expect(response.headers.get('cache-control')).toBeNull();
        expect(response.headers.get('x-middleware-next')).toBe('1');
      }
    });

    it("gives a visitor one session on the store's first use, in an HttpOnly cookie no script reads", async () => {
      const response = await harness.proxy(sessionRequest(''));
      expect(harness.emulator.grants()).toMatchObject({ anonymous: 1, refresh_token: 0 });
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
      // Its page views from then on cost nothing more.
      const views = await Promise.all(
        Array.from({ length: 12 }, () => harness.proxy(page(cookieAfter(response)))),
      );
      expect(harness.emulator.grants()).toMatchObject({ anonymous: 1, refresh_token: 0 });
      for (const view of views) expect(view.headers.getSetCookie()).toEqual([]);
    });

    it('writes the cookies Secure behind https (X-Forwarded-Proto, or VITRINE_SITE_URL)', async () => {
      const forwarded = await harness.proxy(
        sessionRequest('', {}, { 'x-forwarded-proto': 'https' }),
      );
      vi.stubEnv('VITRINE_SITE_URL', 'https://shop.example');
      const configured = await harness.proxy(sessionRequest(''));
      for (const response of [forwarded, configured]) {
        const cookies = setCookiesOf(response);
        expect(cookies.length).toBeGreaterThan(1);
        for (const cookie of cookies) expect(cookie.attributes).toContain('secure');
      }
    });

    it('a view of a valid session with its hint builds no client, calls nothing and changes nothing', async () => {
      const cookie = await visitor();
      const built = vi.mocked(createServerStoreClient);
      built.mockClear();
      const views = await Promise.all(Array.from({ length: 5 }, () => harness.proxy(page(cookie))));
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
      const hinted = await harness.proxy(page(withoutHint));
      expect(built).toHaveBeenCalledTimes(1);
      expect(setCookiesOf(hinted).map((c) => c.name)).toEqual([CART_HINT()]);
      // Within the renewal margin: renewed with a client, as before.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (TTL_SECONDS - 30) * 1000 });
      const renewed = await harness.proxy(page(cookie));
      expect(built).toHaveBeenCalledTimes(2);
      expect(harness.emulator.grants()).toMatchObject({ anonymous: 1, refresh_token: 1 });
      expect(setCookiesOf(renewed).some((c) => c.name.startsWith(SESSION()))).toBe(true);
    });

    it('renews an expired access token once for parallel requests of the same browser', async () => {
      const cookie = await visitor();
      const before = await accessTokenOf(cookie);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (TTL_SECONDS + 60) * 1000 });
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => harness.proxy(page(cookie))),
      );
      expect(harness.emulator.grants()).toMatchObject({ anonymous: 1, refresh_token: 1 });
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
      await harness.proxy(page(next));
      expect(harness.emulator.grants().refresh_token).toBe(1);
    });

    it('renders the page with its session as it is when the store cannot be reached, and tries again next time', async () => {
      const cookie = await visitor();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (TTL_SECONDS + 60) * 1000 });
      vi.stubEnv('VITRINE_API_URL', 'http://127.0.0.1:9');
      const response = await harness.proxy(page(cookie));
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get('x-middleware-next')).toBe('1');
      vi.stubEnv('VITRINE_API_URL', harness.emulator.url);
      const again = await harness.proxy(page(cookie));
      expect(setCookiesOf(again).some((c) => c.name.startsWith(SESSION()))).toBe(true);
      expect(harness.emulator.grants().refresh_token).toBe(1);
    });
  });

  describe('POST /_vitrine/session', () => {
    it('answers a short-lived access token and never the refresh token', async () => {
      const cookie = await visitor();
      const answer = await harness.proxy(sessionRequest(cookie));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const text = await answer.text();
      expect(text).not.toSatisfy(holdsRefreshToken);
      const body = JSON.parse(text) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'identity', 'role']);
      expect(body.expires_in).toBeGreaterThan(0);
      expect(body.expires_in).toBeLessThanOrEqual(TTL_SECONDS);
      expect(body.role).toBe('visitor');
      expect(harness.emulator.grants()).toMatchObject({ anonymous: 1, refresh_token: 0 });
      // Nothing written back: the session was valid.
      expect(answer.headers.getSetCookie()).toEqual([]);
    });

    it('renews the access token the browser says is stale, writing the tokens HttpOnly', async () => {
      const cookie = await visitor();
      const stale = await accessTokenOf(cookie);
      const answer = await harness.proxy(sessionRequest(cookie, { stale }));
      const body = (await answer.json()) as { access_token: string };
      expect(body.access_token).not.toBe(stale);
      expect(harness.emulator.grants().refresh_token).toBe(1);
      const written = setCookiesOf(answer);
      expect(written.length).toBeGreaterThan(0);
      for (const cookie of written) expect(cookie.attributes).toContain('httponly');
    });

    it('writes the hint of a session without one (its cart read once), and nothing once it has it', async () => {
      const minted = await visitor();
      const withoutHint = minted
        .split('; ')
        .filter((pair) => !pair.startsWith(`${CART_HINT()}=`))
        .join('; ');
      const answer = await harness.proxy(page(withoutHint));
      const hint = setCookiesOf(answer).find((c) => c.name === CART_HINT());
      expect(parseShopperHint(hint?.value)).toMatchObject({ itemCount: 0, role: 'visitor' });
      expect(hint?.attributes).not.toContain('httponly');
      // A page the same for every shopper may be cached by a CDN, never with this one's cookies.
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      // With it, the next view writes nothing, and leaves the page's caching to the page.
      const again = await harness.proxy(page(cookieAfter(answer, withoutHint)));
      expect(again.headers.getSetCookie()).toEqual([]);
      expect(again.headers.get('cache-control')).toBeNull();
    });

    it('mints a visitor for a browser without a session, with the hint that it has no cart', async () => {
      const answer = await harness.proxy(sessionRequest(''));
      expect(answer.status).toBe(200);
      const { identity } = (await answer.json()) as { identity: string };
      expect(harness.emulator.grants().anonymous).toBe(1);
      const cookies = setCookiesOf(answer);
      expect(parseShopperHint(cookies.find((c) => c.name === CART_HINT())?.value)).toEqual({
        itemCount: 0,
        role: 'visitor',
        identity,
        clientId: harness.emulator.clientId,
      });
      for (const cookie of cookies.filter((c) => c.name.startsWith(SESSION()))) {
        expect(cookie.attributes).toContain('httponly');
      }
    });

    it('refuses a request without its header (403), from another site (403), or a GET (405)', async () => {
      const cookie = await visitor();
      const noHeader = sessionRequest(cookie);
      noHeader.headers.delete('x-vitrine-session');
      expect((await harness.proxy(noHeader)).status).toBe(403);
      const crossSite = sessionRequest(cookie, {}, { 'sec-fetch-site': 'cross-site' });
      const refused = await harness.proxy(crossSite);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain('access_token');
      const get = new NextRequest(`${SHOP}/_vitrine/session`, { headers: { cookie } });
      expect((await harness.proxy(get)).status).toBe(405);
    });
  });

  describe('hosted sign-in', () => {
    it("returns a member, the visitor's cart carried into the member's, to the page asked for", async () => {
      await register('member@example.com', 'pass-word-1');
      const visitorCookie = await visitor();
      const product = await simpleProductId();
      await addToCart(await accessTokenOf(visitorCookie), product);
      const grantsBefore = harness.emulator.grants();

      const { location, cookie } = await signIn(visitorCookie, '/account', {
        email: 'member@example.com',
        password: 'pass-word-1',
      });
      expect(location).toBe(`${SHOP}/account`);
      expect(harness.emulator.grants().authorization_code).toBe(
        grantsBefore.authorization_code + 1,
      );
      const answer = await harness.proxy(sessionRequest(cookie));
      const session = (await answer.json()) as { role: string; access_token: string };
      expect(session.role).toBe('member');
      const cart = await fetch(`${harness.emulator.url}/ecom/v1/carts/current`, {
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
        const visitorCookie = await visitor();
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
      const visitorCookie = await visitor();
      const start = await harness.proxy(
        page(visitorCookie, {}, '/_vitrine/sign-in?returnTo=%2Faccount'),
      );
      const cookie = cookieAfter(start, visitorCookie);
      expect(cookie).toContain(PENDING());
      const forged = await harness.proxy(
        page(cookie, {}, '/callback?code=stolen&state=not-the-one'),
      );
      expect(forged.status).toBe(303);
      expect(forged.headers.get('location')).toBe(`${SHOP}/callback?error=invalid_state`);
      expect(cookieAfter(forged, cookie)).not.toContain(PENDING());
      expect(harness.emulator.grants().authorization_code).toBe(0);
    });
  });
});

/**
 * What issue 36's attacks found against the proxy, each kept as a test named after what broke:
 * a session swap in the shared renewal, an open redirect after the hosted sign-in, redirects
 * addressed by a request's `Host`, a replayed session after sign-out, a stale hint beside
 * another identity's session, the count after an order, and a form body over Next's limit.
 */
import { cookieStorage } from '@vitrine/sdk/server';
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { parseShopperHint, shopperHintValue } from '../../shared/cookies.js';
import { rememberEnded } from '../../server/ended-sessions.js';
import {
  CART_HINT,
  PENDING,
  SESSION,
  SHOP,
  accessTokenOf,
  addToCart,
  cookieAfter,
  harness,
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

const { proxy } = harness;

/** The token record a session cookie holds (`v1.` and base64url JSON). */
interface Recorded {
  v: 1;
  identity: string;
  tokens: {
    accessToken: { value: string; expiresAt: number };
    refreshToken: { value: string; role: string };
  };
}

function recordOf(cookie: string): Recorded {
  const value = new Map(cookie.split('; ').map((pair) => pair.split('=') as [string, string])).get(
    SESSION(),
  );
  expect(value).toMatch(/^v1\./);
  return JSON.parse(Buffer.from(value!.slice(3), 'base64url').toString('utf8')) as Recorded;
}

/**
 * `record` as the SDK writes a record too long for one cookie (its head `v1c.<chunks>`, then
 * each chunk), with the hint `hint`: the cookies of a session split in chunks.
 */
function splitCookie(record: Recorded, hint: string): string {
  const written: string[] = [];
  cookieStorage({ get: () => undefined, set: (name, value) => written.push(`${name}=${value}`) })
    // The key the SDK keeps a client's tokens under; the cookie is named after it.
    .setItem(`vitrine:${harness.emulator.clientId}:tokens`, JSON.stringify(record));
  expect(written[written.length - 1]).toMatch(/=v1c\.\d+$/);
  return [...written, `${CART_HINT()}=${hint}`].join('; ');
}

/** A member's session with an access token long enough to split the cookie, due for renewal. */
async function splitMemberSession(email: string): Promise<{ cookie: string; identity: string }> {
  await register(email, 'pass-word-1');
  const { cookie } = await signIn(await visitor(), '/', { email, password: 'pass-word-1' });
  const record = recordOf(cookie);
  const padded: Recorded = {
    ...record,
    tokens: {
      ...record.tokens,
      // Past its expiry: this view renews it. Long: today's tokens are shorter than the
      // 3,500 characters at which the SDK splits the cookie; the platform's may not be.
      accessToken: { value: `${record.tokens.accessToken.value}${'x'.repeat(5000)}`, expiresAt: 1 },
    },
  };
  const hint = encodeURIComponent(
    shopperHintValue({
      itemCount: 0,
      role: 'member',
      identity: record.identity,
      clientId: harness.emulator.clientId,
    }),
  );
  return { cookie: splitCookie(padded, hint), identity: record.identity };
}

/** The identity of the session a response writes, if it writes one. */
function writtenIdentity(response: Response): string | undefined {
  const head = setCookiesOf(response).find((c) => c.name === SESSION() && c.value !== '');
  if (head === undefined) return undefined;
  return (JSON.parse(Buffer.from(head.value.slice(3), 'base64url').toString('utf8')) as Recorded)
    .identity;
}

describe('proxy, attacked (issue 36)', () => {
  it('session swap: renews a split-cookie session for its own browser only', async () => {
    const a = await splitMemberSession('a@example.com');
    const b = await splitMemberSession('b@example.com');
    // Both cookies split alike: `v1c.<chunks>`, the head every split session of that size shares.
    const headOf = (cookie: string) =>
      cookie.split('; ').find((pair) => pair.startsWith(`${SESSION()}=`))!;
    expect(headOf(a.cookie)).toMatch(/=v1c\.\d+$/);
    expect(headOf(b.cookie)).toBe(headOf(a.cookie));
    // Slow token endpoint: the renewals are in flight while the others come.
    harness.emulator.injectFault({ path: '/oauth2/token', latencyMs: 300 });
    const grantsBefore = harness.emulator.grants();
    const head = headOf(a.cookie);
    const ofA = proxy(page(a.cookie));
    await new Promise((later) => setTimeout(later, 30));
    const ofB = proxy(page(b.cookie));
    // Strangers who send only the head and chunks of their own making.
    const strangers = Array.from({ length: 10 }, (_, i) =>
      proxy(page(`${head}; ${SESSION()}.0=x${i}; ${SESSION()}.1=y${i}; ${SESSION()}.2=z${i}`)),
    );
    const [answerA, answerB, ...answers] = await Promise.all([ofA, ofB, ...strangers]);
    expect(writtenIdentity(answerA)).toBe(a.identity);
    expect(writtenIdentity(answerB)).toBe(b.identity);
    for (const answer of answers) {
      expect(writtenIdentity(answer)).toBeUndefined();
      expect(answer.headers.getSetCookie().join('\n')).not.toContain(a.identity);
    }
    expect(harness.emulator.grants().refresh_token - grantsBefore.refresh_token).toBe(2);
  });

  it.each([
    '/%2E%2E//evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/a/../..//evil.example',
    '/%2F%2Fevil.example',
  ])(
    'open redirect: the hosted sign-in with returnTo=%j comes back to the shop',
    async (returnTo) => {
      await register('member@example.com', 'pass-word-1');
      const { location } = await signIn(await visitor(), returnTo, {
        email: 'member@example.com',
        password: 'pass-word-1',
      });
      expect(location).toBe(`${SHOP}/`);
    },
  );

  it('open redirect: a pending sign-in whose return path was forged still comes back to the shop', async () => {
    await register('member@example.com', 'pass-word-1');
    const forge = (cookie: string) =>
      cookie
        .split('; ')
        .map((pair) => {
          if (!pair.startsWith(`${PENDING()}=`)) return pair;
          const data = JSON.parse(
            Buffer.from(pair.slice(PENDING().length + 1), 'base64url').toString('utf8'),
          ) as { originalUri: string };
          data.originalUri = '/.//evil.example';
          return `${PENDING()}=${Buffer.from(JSON.stringify(data)).toString('base64url')}`;
        })
        .join('; ');
    const { location } = await signIn(
      await visitor(),
      '/account',
      { email: 'member@example.com', password: 'pass-word-1' },
      forge,
    );
    expect(location).toBe(`${SHOP}/`);
  });

  describe("redirects addressed by a request's Host", () => {
    /**
     * Where the hosted sign-in would come back to, for a request with `headers`: the pending
     * sign-in's return address, or, where the store refused that address (the emulator knows
     * the shop's own only), the callback the proxy sent the shopper to instead.
     */
    async function returnAddress(headers: Record<string, string>): Promise<string> {
      const start = await proxy(page('', headers, '/_vitrine/sign-in?returnTo=%2F'));
      expect(start.status).toBe(303);
      expect(start.headers.get('cache-control')).toBe('private, no-store');
      const pending = setCookiesOf(start).find((c) => c.name.endsWith('.sign-in'));
      if (pending === undefined) {
        const location = new URL(start.headers.get('location')!);
        expect(location.search).toBe('?error=store_unreachable');
        return `${location.origin}${location.pathname}`;
      }
      return (
        JSON.parse(Buffer.from(pending.value, 'base64url').toString('utf8')) as {
          redirectUri: string;
        }
      ).redirectUri;
    }

    it('never sends a shopper to a host that X-Forwarded-Host or Host names', async () => {
      expect(await returnAddress({ 'x-forwarded-host': 'evil.example' })).toBe(`${SHOP}/callback`);
      expect(await returnAddress({ host: 'evil.example' })).toBe(`${SHOP}/callback`);
      // A loopback host is the developer's own (development, no list).
      expect(await returnAddress({ host: '127.0.0.1:3000' })).toBe(
        'http://127.0.0.1:3000/callback',
      );
    });

    it('takes a listed host (VITRINE_ALLOWED_HOSTS), and the first listed for any other', async () => {
      vi.stubEnv('VITRINE_ALLOWED_HOSTS', 'shop.example, www.shop.example');
      const https = { 'x-forwarded-proto': 'https' };
      expect(await returnAddress({ ...https, 'x-forwarded-host': 'www.shop.example' })).toBe(
        'https://www.shop.example/callback',
      );
      expect(await returnAddress({ ...https, 'x-forwarded-host': 'evil.example' })).toBe(
        'https://shop.example/callback',
      );
      expect(await returnAddress({ ...https, host: 'localhost:3000' })).toBe(
        'https://shop.example/callback',
      );
    });

    it('takes VITRINE_SITE_URL whatever the request says', async () => {
      vi.stubEnv('VITRINE_SITE_URL', 'https://shop.example');
      expect(await returnAddress({ 'x-forwarded-host': 'evil.example' })).toBe(
        'https://shop.example/callback',
      );
    });
  });

  describe('a session signed out here, presented again', () => {
    async function endedMember(): Promise<{ cookie: string; identity: string }> {
      await register('gone@example.com', 'pass-word-1');
      const { cookie } = await signIn(await visitor(), '/', {
        email: 'gone@example.com',
        password: 'pass-word-1',
      });
      const record = recordOf(cookie);
      // Its views from then on know it: its hint written once.
      const known = cookieAfter(await proxy(page(cookie)), cookie);
      expect(known).toContain(`${CART_HINT()}=`);
      rememberEnded(record.identity, record.tokens.accessToken.expiresAt * 1000);
      return { cookie: known, identity: record.identity };
    }

    it('/_vitrine/session answers a new visitor, never the dead token with role "member"', async () => {
      const { cookie, identity } = await endedMember();
      const answer = await proxy(sessionRequest(cookie));
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { role: string; identity: string };
      expect(body.role).toBe('visitor');
      expect(body.identity).not.toBe(identity);
      expect(writtenIdentity(answer)).toBe(body.identity);
      expect(
        parseShopperHint(setCookiesOf(answer).find((c) => c.name === CART_HINT())?.value),
      ).toMatchObject({ identity: body.identity, role: 'visitor', itemCount: 0 });
    });

    it('a page view forgets it: its cookies and its hint deleted', async () => {
      const { cookie } = await endedMember();
      const response = await proxy(page(cookie));
      expect(cookieAfter(response, cookie)).toBe('');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    });
  });

  it("stale tab: a valid session beside another identity's hint gets its own, read once", async () => {
    const cookie = await visitor();
    const mine = recordOf(cookie).identity;
    await addToCart(await accessTokenOf(cookie), await simpleProductId());
    // A hint of someone else (another tab signed in or out since, say) with 5 items.
    const other = encodeURIComponent(
      shopperHintValue({
        itemCount: 5,
        role: 'member',
        identity: 'someone-else',
        clientId: harness.emulator.clientId,
      }),
    );
    const mixed = cookie
      .split('; ')
      .map((pair) => (pair.startsWith(`${CART_HINT()}=`) ? `${CART_HINT()}=${other}` : pair))
      .join('; ');
    const response = await proxy(page(mixed));
    const hint = setCookiesOf(response).find((c) => c.name === CART_HINT());
    expect(parseShopperHint(hint?.value)).toEqual({
      itemCount: 1,
      role: 'visitor',
      identity: mine,
      clientId: harness.emulator.clientId,
    });
    // This request's render reads the same.
    expect(response.headers.get('x-middleware-request-cookie')).toContain(
      encodeURIComponent(hint!.value),
    );
  });

  it('the count after an order: the checkout return reads the emptied cart again', async () => {
    const cookie = await visitor();
    const token = await accessTokenOf(cookie);
    await addToCart(token, await simpleProductId());
    // Its hint, as the cart engine keeps it: one item.
    const identity = recordOf(cookie).identity;
    const one = shopperHintValue({
      itemCount: 1,
      role: 'visitor',
      identity,
      clientId: harness.emulator.clientId,
    });
    const withHint = cookie
      .split('; ')
      .map((pair) =>
        pair.startsWith(`${CART_HINT()}=`) ? `${CART_HINT()}=${encodeURIComponent(one)}` : pair,
      )
      .join('; ');
    expect((await proxy(page(withHint))).headers.getSetCookie()).toEqual([]);
    // The order is placed on the hosted checkout: the cart is gone.
    const gone = await fetch(`${harness.emulator.url}/ecom/v1/carts/current`, {
      method: 'DELETE',
      headers: { authorization: token },
    });
    expect(gone.status).toBeLessThan(300);
    const back = await proxy(page(withHint, {}, '/callback?orderId=order-1'));
    const hint = setCookiesOf(back).find((c) => c.name === CART_HINT());
    expect(parseShopperHint(hint?.value)).toMatchObject({ itemCount: 0 });
    // An ordinary view of the same session reads nothing.
    const calls = harness.emulator.grants();
    const after = await proxy(
      page(cookieAfter(back, withHint), {}, '/order-confirmation?orderId=order-1'),
    );
    expect(after.headers.getSetCookie()).toEqual([]);
    expect(harness.emulator.grants()).toEqual(calls);
  });

  it.each([
    ['a server action', { 'next-action': 'abc', 'content-type': 'text/plain;charset=UTF-8' }],
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('a body over 1 MB in %s answers 413, not 500', async (_, headers) => {
    const field = `text.note=${'a'.repeat(1024 * 1024)}`;
    const declared = new NextRequest(`${SHOP}/products/tee`, {
      method: 'POST',
      headers: { host: 'localhost:3000', ...headers },
      body: field,
    });
    expect(declared.headers.get('content-length')).toBe(null);
    // As a browser sends it, its length said; and streamed, without one.
    const sized = new NextRequest(`${SHOP}/products/tee`, {
      method: 'POST',
      headers: { host: 'localhost:3000', 'content-length': String(field.length), ...headers },
      body: field,
    });
    for (const request of [sized, declared]) {
      const answer = await proxy(request);
      expect(answer.status).toBe(413);
      expect(await answer.text()).toContain('too large');
    }
    const small = new NextRequest(`${SHOP}/products/tee`, {
      method: 'POST',
      headers: { host: 'localhost:3000', ...headers },
      body: 'quantity=1',
    });
    expect((await proxy(small)).headers.get('x-middleware-next')).toBe('1');
  });
});

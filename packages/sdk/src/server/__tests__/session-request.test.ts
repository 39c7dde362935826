/**
 * `answerSessionRequest`, the server's side of a session kept on the server: Web `Request`s in,
 * the platform faked at the fetch boundary, the browser's cookies carried as a browser does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BASE,
  T0,
  fakePlatform,
  oauthError,
  tokenResponse,
  tokensOf,
} from '../../auth/__tests__/fake-platform.js';
import { cookieStorage } from '../../auth/storage/cookie.js';
import type { Tokens } from '../../models/tokens.js';
import { answerSessionRequest } from '../session-request.js';

/** The `Cookie` header of a browser whose session cookie holds `tokens`. */
function memberCookie(tokens: Tokens): string {
  const values: string[] = [];
  cookieStorage({
    get: () => undefined,
    set: (name, value) => values.push(`${name}=${value}`),
  }).setItem('vitrine:c1:tokens', JSON.stringify({ v: 1, tokens, identity: 'id-member' }));
  return values.join('; ');
}

const SHOP = 'https://shop.example/_vitrine/session';

/** One browser's cookie jar, fed by `Set-Cookie` answers. */
function cookieJar() {
  const jar = new Map<string, string>();
  return {
    jar,
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const index = pair!.indexOf('=');
        const name = pair!.slice(0, index);
        if (/Max-Age=0/.test(line)) jar.delete(name);
        else jar.set(name, pair!.slice(index + 1));
      }
    },
  };
}

function sessionRequest(
  init: { cookie?: string; body?: string; headers?: Record<string, string>; method?: string } = {},
): Request {
  return new Request(SHOP, {
    method: init.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      'x-vitrine-session': '1',
      'sec-fetch-site': 'same-origin',
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
    ...(init.method === 'GET' ? {} : { body: init.body ?? '{}' }),
  });
}

let platform: ReturnType<typeof fakePlatform>;
const options = () => ({ clientId: 'c1', baseUrl: BASE, fetch: platform.fetch, retry: 0 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  platform = fakePlatform();
});
afterEach(() => vi.useRealTimers());

describe('answerSessionRequest', () => {
  it('mints one visitor for a browser without a session, in an HttpOnly cookie, and answers its access token only', async () => {
    const browser = cookieJar();
    const response = await answerSessionRequest(sessionRequest(), options());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      access_token: 'at_1',
      expires_in: 3600,
      role: 'visitor',
      identity: expect.stringMatching(/^[\w.~-]{16}$/),
    });
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^vitrine\.c1\.tokens=v1\.[\w-]+; Path=\/; .*HttpOnly/);
    expect(cookies[0]).toMatch(/; Secure/);
    expect(JSON.stringify(body)).not.toContain('rt_1');
    expect(platform.grants()).toEqual([{ clientId: 'c1', grantType: 'anonymous' }]);

    // The next request of that browser: the same session, no grant.
    browser.take(response);
    const again = await answerSessionRequest(
      sessionRequest({ cookie: browser.header() }),
      options(),
    );
    expect(await again.json()).toEqual(body);
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(platform.grants()).toHaveLength(1);
  });

  it('renews when the browser says the token it holds is stale, keeping the identity', async () => {
    const browser = cookieJar();
    const first = await answerSessionRequest(sessionRequest(), options());
    browser.take(first);
    const { identity } = (await first.json()) as { identity: string };
    const renewed = await answerSessionRequest(
      sessionRequest({ cookie: browser.header(), body: '{"stale":"at_1"}' }),
      options(),
    );
    expect(await renewed.json()).toMatchObject({ access_token: 'at_2', identity });
    expect(platform.grants('refresh_token')).toEqual([
      { clientId: 'c1', grantType: 'refresh_token', refreshToken: 'rt_1' },
    ]);
    browser.take(renewed);
    // An older stale token (another tab's) gets the current one, with no grant.
    const later = await answerSessionRequest(
      sessionRequest({ cookie: browser.header(), body: '{"stale":"at_1"}' }),
      options(),
    );
    expect(await later.json()).toMatchObject({ access_token: 'at_2' });
    expect(platform.grants()).toHaveLength(2);
  });

  it('tells two sessions apart: two browsers get two identities and their own tokens', async () => {
    const one = await answerSessionRequest(sessionRequest(), options());
    const two = await answerSessionRequest(sessionRequest(), options());
    const [a, b] = (await Promise.all([one.json(), two.json()])) as {
      identity: string;
      access_token: string;
    }[];
    expect(a!.identity).not.toBe(b!.identity);
    expect([a!.access_token, b!.access_token]).toEqual(['at_1', 'at_2']);
  });

  it("mints a new visitor when the platform ended a member's session", async () => {
    const member = memberCookie(tokensOf('member', 'm', T0, 3600));
    platform.token = (_request, body) =>
      body.grantType === 'refresh_token' ? oauthError('invalid_grant') : tokenResponse('v2');
    const ended = await answerSessionRequest(
      sessionRequest({ cookie: member, body: '{"stale":"at_m"}' }),
      options(),
    );
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ access_token: 'at_v2', role: 'visitor' });
    expect(platform.grants().map((grant) => grant.grantType)).toEqual([
      'refresh_token',
      'anonymous',
    ]);
  });

  it("answers a member's session as the member's, with its identity", async () => {
    const response = await answerSessionRequest(
      sessionRequest({ cookie: memberCookie(tokensOf('member', 'm', T0, 3600)) }),
      options(),
    );
    expect(await response.json()).toEqual({
      access_token: 'at_m',
      expires_in: 3600,
      role: 'member',
      identity: 'id-member',
    });
    expect(platform.grants()).toEqual([]);
  });

  it('answers 503 (retryable) when the platform cannot be reached, and writes nothing', async () => {
    platform.token = () => Promise.reject(new TypeError('fetch failed'));
    const response = await answerSessionRequest(sessionRequest(), options());
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  describe('refuses what a page of the shop would not send', () => {
    it.each([
      ['a GET', { method: 'GET' }, 405],
      ['no session header', { headers: { 'x-vitrine-session': '' } }, 403],
      ['another site', { headers: { 'sec-fetch-site': 'cross-site' } }, 403],
      ['a same-site subdomain', { headers: { 'sec-fetch-site': 'same-site' } }, 403],
      ['a body that is not JSON', { body: 'stale=at_1' }, 400],
      ['an array', { body: '[]' }, 400],
      ['another field', { body: '{"stale":"at_1","refresh":"x"}' }, 400],
      ['a stale that is not a string', { body: '{"stale":1}' }, 400],
      ['a body past 16 KB', { body: JSON.stringify({ stale: 'a'.repeat(20_000) }) }, 400],
    ])('%s: %i, no grant, no cookie', async (_name, init, status) => {
      const response = await answerSessionRequest(sessionRequest(init), options());
      expect(response.status).toBe(status);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(platform.grants()).toEqual([]);
    });
  });
});

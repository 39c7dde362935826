import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieStorage } from '../../auth/storage/cookie.js';
import { BASE, T0, fakePlatform, tokensOf } from '../../auth/__tests__/fake-platform.js';
import { StoreArgumentError } from '../../errors/argument-error.js';
import type { Tokens } from '../../models/tokens.js';
import { createServerStoreClient, sessionIdentity } from '../create-server-store-client.js';
import { readRequestSession } from '../request-session.js';

/** The cookies a server client writes for `tokens` (as `createServerStoreClient` stores them). */
function cookiesHolding(tokens: Tokens, identity = 'id-1'): Map<string, string> {
  const jar = new Map<string, string>();
  const storage = cookieStorage({
    get: () => undefined,
    set: (name, value) => jar.set(name, value),
  });
  storage.setItem('vitrine:c1:tokens', JSON.stringify({ v: 1, tokens, identity }));
  return jar;
}

/** A request's cookies in Next.js's shape (`get` answers `{ value }`), counting writes. */
function requestCookies(jar: Map<string, string>) {
  const writes: string[] = [];
  return {
    writes,
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    set: (name: string) => void writes.push(name),
  };
}

describe('readRequestSession', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('reads the identity and role of a valid session, with nothing due', () => {
    const cookies = requestCookies(cookiesHolding(tokensOf('member', 'm', T0), 'id-7'));
    expect(readRequestSession({ clientId: 'c1', cookies })).toEqual({
      identity: 'id-7',
      role: 'member',
      renewalDue: false,
    });
    expect(cookies.writes).toEqual([]);
  });

  it('says a renewal is due exactly when a server client would renew before rendering', async () => {
    // Seconds left on the access token, around the minute's margin, and past expiry.
    for (const left of [-5, 0, 30, 59, 60, 61, 120, 3600]) {
      const jar = cookiesHolding(tokensOf('visitor', 'v', T0, left));
      const session = readRequestSession({ clientId: 'c1', cookies: requestCookies(jar) });
      const platform = fakePlatform();
      const store = await createServerStoreClient({
        clientId: 'c1',
        baseUrl: BASE,
        fetch: platform.fetch,
        cookies: requestCookies(jar),
      });
      store.dispose();
      expect({ left, renewalDue: session?.renewalDue }).toEqual({
        left,
        renewalDue: platform.grants().length === 1,
      });
    }
  });

  it('gives the identity sessionIdentity gives, and judges expiry by `now` when given', async () => {
    const jar = cookiesHolding(tokensOf('visitor', 'v', T0, 3600), 'id-9');
    const store = await createServerStoreClient({
      clientId: 'c1',
      baseUrl: BASE,
      fetch: fakePlatform().fetch,
      cookies: requestCookies(jar),
    });
    const session = readRequestSession({ clientId: 'c1', cookies: requestCookies(jar) });
    expect(session?.identity).toBe(sessionIdentity(store));
    store.dispose();
    const later = readRequestSession({
      clientId: 'c1',
      cookies: requestCookies(jar),
      now: T0 + 3_550_000,
    });
    expect(later?.renewalDue).toBe(true);
  });

  it('reads a session split over several cookies (long tokens)', () => {
    const long = tokensOf('member', 'x'.repeat(6000), T0);
    const jar = cookiesHolding(long);
    expect(jar.size).toBeGreaterThan(1);
    expect(readRequestSession({ clientId: 'c1', cookies: requestCookies(jar) })?.role).toBe(
      'member',
    );
  });

  it('is undefined without a session, for another store, and for a partial or corrupt cookie', () => {
    expect(readRequestSession({ clientId: 'c1', cookies: requestCookies(new Map()) })).toBe(
      undefined,
    );
    const jar = cookiesHolding(tokensOf('visitor', 'v', T0));
    expect(readRequestSession({ clientId: 'c2', cookies: requestCookies(jar) })).toBe(undefined);
    for (const value of ['garbage', 'v1.', 'v1.e30', 'v1c.3']) {
      const corrupt = new Map([['vitrine.c1.tokens', value]]);
      expect(readRequestSession({ clientId: 'c1', cookies: requestCookies(corrupt) })).toBe(
        undefined,
      );
    }
    const split = cookiesHolding(tokensOf('member', 'x'.repeat(6000), T0));
    split.delete([...split.keys()].at(-1)!);
    expect(readRequestSession({ clientId: 'c1', cookies: requestCookies(split) })).toBe(undefined);
  });

  it('takes plain string cookies too', () => {
    const jar = cookiesHolding(tokensOf('visitor', 'v', T0));
    const session = readRequestSession({
      clientId: 'c1',
      cookies: { get: (name) => jar.get(name) },
    });
    expect(session?.role).toBe('visitor');
  });

  it('refuses a missing client id or cookies without get, naming the option', () => {
    const cookies = requestCookies(new Map());
    expect(() => readRequestSession({ clientId: '', cookies })).toThrow(StoreArgumentError);
    expect(() => readRequestSession({ clientId: '', cookies })).toThrow(/options\.clientId/);
    expect(() =>
      readRequestSession({ clientId: 'c1', cookies: {} as unknown as typeof cookies }),
    ).toThrow(/options\.cookies/);
  });
});

import { describe, expect, it } from 'vitest';
import { StoreArgumentError } from '../../../errors/argument-error.js';
import { cookieStorage, serializeCookie, type CookieAttributes } from '../cookie.js';
import { memoryStorage } from '../memory.js';
import { createStoreClient } from '../../../client/create-store-client.js';
import { T0, clientOn, fakePlatform, tokensOf } from '../../__tests__/fake-platform.js';

/** A cookie jar standing in for one server request and its response. */
function jar(initial: Record<string, string> = {}) {
  const request = new Map(Object.entries(initial));
  const written: { name: string; value: string; attributes: CookieAttributes }[] = [];
  return {
    request,
    written,
    get: (name: string) => request.get(name),
    set: (name: string, value: string, attributes: CookieAttributes) => {
      written.push({ name, value, attributes });
    },
    /** The cookies the browser holds after this response. */
    next(): Record<string, string> {
      const cookies = new Map(request);
      for (const { name, value, attributes } of written) {
        if (attributes.maxAge === 0) cookies.delete(name);
        else cookies.set(name, value);
      }
      return Object.fromEntries(cookies);
    },
  };
}

describe('storage', () => {
  describe('memoryStorage', () => {
    it('keeps values per instance', () => {
      const a = memoryStorage();
      const b = memoryStorage();
      a.setItem('k', 'v');
      expect(a.getItem('k')).toBe('v');
      expect(b.getItem('k')).toBeUndefined();
      a.removeItem('k');
      expect(a.getItem('k')).toBeUndefined();
    });
  });

  describe('cookieStorage (checklist H28)', () => {
    it('writes SameSite=Lax, Secure, Path=/ cookies expiring in days, under 4 KB each', () => {
      const cookies = jar();
      const storage = cookieStorage({ get: cookies.get, set: cookies.set, days: 7 });
      storage.setItem('vitrine:c1:tokens', JSON.stringify({ hello: 'wörld' }));
      expect(cookies.written).toHaveLength(1);
      const [{ name, value, attributes }] = cookies.written as [(typeof cookies.written)[0]];
      expect(name).toBe('vitrine.c1.tokens');
      expect(value).toMatch(/^[A-Za-z0-9._-]+$/);
      expect(attributes).toMatchObject({
        path: '/',
        sameSite: 'lax',
        secure: true,
        maxAge: 7 * 86_400,
      });
      const header = serializeCookie(name, value, attributes);
      expect(header).toContain('; Path=/');
      expect(header).toContain('; SameSite=Lax');
      expect(header).toContain('; Secure');
      expect(header).toContain('; Max-Age=604800');
      expect(storage.getItem('vitrine:c1:tokens')).toBe('{"hello":"wörld"}');
    });

    it('splits a long value over several cookies, each under 4 KB, and reads it back', () => {
      const cookies = jar();
      const storage = cookieStorage({ get: cookies.get, set: cookies.set });
      const long = JSON.stringify({ token: 'x'.repeat(10_000) });
      storage.setItem('vitrine:c1:tokens', long);
      for (const { name, value, attributes } of cookies.written) {
        expect(
          new TextEncoder().encode(serializeCookie(name, value, attributes)).length,
        ).toBeLessThan(4096);
      }
      expect(cookies.written.length).toBeGreaterThan(3);
      // The next request carries them all.
      const next = jar(cookies.next());
      expect(cookieStorage({ get: next.get, set: next.set }).getItem('vitrine:c1:tokens')).toBe(
        long,
      );
      // Shorter again: the extra chunks are deleted.
      const shorter = cookieStorage({ get: next.get, set: next.set });
      shorter.setItem('vitrine:c1:tokens', 'short');
      expect(Object.keys(next.next())).toEqual(['vitrine.c1.tokens']);
    });

    it('reads partial or corrupt cookies as empty (checklist H27)', () => {
      const cookies = jar();
      const storage = cookieStorage({ get: cookies.get, set: cookies.set });
      storage.setItem('k', 'y'.repeat(9000));
      const partial = cookies.next();
      delete partial['k.1'];
      const broken = jar(partial);
      expect(cookieStorage({ get: broken.get, set: broken.set }).getItem('k')).toBeNull();
      for (const value of ['v1.%%%', 'v1.////', 'garbage', 'v1c.999', 'v1.gICA']) {
        const odd = jar({ k: value });
        expect(cookieStorage({ get: odd.get, set: odd.set }).getItem('k')).toBeNull();
      }
    });

    it('keeps values in memory when the response can no longer be written', () => {
      const storage = cookieStorage({
        get: () => undefined,
        set: () => {
          throw new Error('headers already sent');
        },
      });
      storage.setItem('k', 'v');
      expect(storage.getItem('k')).toBe('v');
    });

    it('two server requests with different cookies never see each other’s tokens', async () => {
      const platform = fakePlatform();
      const first = jar();
      const a = clientOn(platform, { now: T0 }, { storage: cookieStorage(first) });
      await a.auth.generateVisitorTokens();
      // Request 2 comes from another browser, with no cookies.
      const second = jar();
      const b = clientOn(platform, { now: T0 }, { storage: cookieStorage(second) });
      expect(b.auth.getTokens()).toBeUndefined();
      await b.auth.generateVisitorTokens();
      expect(b.auth.getTokens()?.accessToken.value).toBe('at_2');
      // Request 3 comes back from the first browser with its cookies.
      const third = jar(first.next());
      const c = clientOn(platform, { now: T0 }, { storage: cookieStorage(third) });
      expect(c.auth.getTokens()?.accessToken.value).toBe('at_1');
      const { headers } = await c.auth.getAuthHeaders();
      expect(headers.Authorization).toBe('at_1');
    });

    it('refuses only one of get and set, and absurd days', () => {
      expect(() => cookieStorage({ get: () => undefined })).toThrow(StoreArgumentError);
      expect(() => cookieStorage({ get: () => undefined, set: () => {}, days: 0 })).toThrow(
        StoreArgumentError,
      );
    });

    it('built on a server without get and set (a client component pre-rendered), keeps values in memory', () => {
      expect(typeof document).toBe('undefined');
      const storage = cookieStorage();
      expect(storage.getItem('vitrine:c1:tokens')).toBeNull();
      storage.setItem('vitrine:c1:tokens', 'kept');
      expect(storage.getItem('vitrine:c1:tokens')).toBe('kept');
      storage.removeItem('vitrine:c1:tokens');
      expect(storage.getItem('vitrine:c1:tokens')).toBeNull();
      // A client on it builds and knows it has no tokens, without touching a clock or random.
      const store = createStoreClient({ clientId: 'c1', storage: cookieStorage() });
      expect(store.auth.role).toBe('none');
    });

    it('is not Secure when told the request came over plain http', () => {
      const cookies = jar();
      cookieStorage({ get: cookies.get, set: cookies.set, secure: false }).setItem('k', 'v');
      expect(cookies.written[0]!.attributes.secure).toBe(false);
      const header = serializeCookie('k', 'v', cookies.written[0]!.attributes);
      expect(header).not.toContain('Secure');
    });

    it('stores tokens set from the server side and removes them on logout', async () => {
      const cookies = jar();
      const platform = fakePlatform();
      const store = clientOn(platform, { now: T0 }, { storage: cookieStorage(cookies) });
      store.auth.setTokens(tokensOf('member', 'm', T0));
      expect(Object.keys(cookies.next())).toEqual(['vitrine.c1.tokens']);
      platform.routes['/_api/redirects-api/v1/redirect-session'] = () =>
        Response.json({ redirectSession: { fullUrl: 'http://127.0.0.1:4010/oauth2/logout' } });
      await store.auth.logout('http://localhost:5173/');
      expect(cookies.next()).toEqual({});
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';

// Checklist H28: the identity layer loads and works where there is no React, no window, no
// document (servers, edge runtimes). Any import of React would fail on this mock.
vi.mock('react', () => ({}));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('identity on a server', () => {
  it('imports, constructs, renews and calls with no window or document, per request', async () => {
    expect(typeof globalThis.window).toBe('undefined');
    expect(typeof globalThis.document).toBe('undefined');
    const channel = vi.spyOn(globalThis, 'BroadcastChannel');
    const sdk = await import('../../index.js');

    let issued = 0;
    const seen: string[] = [];
    const fetchImpl: typeof fetch = (input, init) => Promise.resolve(answer(input, init));
    const answer = (input: RequestInfo | URL, init?: RequestInit): Response => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname === '/oauth2/token') {
        issued++;
        return Response.json({
          access_token: `at_${issued}`,
          refresh_token: `rt_${issued}`,
          expires_in: 3600,
        });
      }
      seen.push(request.headers.get('authorization') ?? '');
      return Response.json({});
    };

    // One client per request, each with the request's cookies.
    const cookiesOf = (initial: Record<string, string>) => {
      const jar = new Map(Object.entries(initial));
      return {
        jar,
        storage: sdk.cookieStorage({
          get: (name) => jar.get(name),
          set: (name, value, attributes) => {
            if (attributes.maxAge === 0) jar.delete(name);
            else jar.set(name, value);
          },
        }),
      };
    };
    const first = cookiesOf({});
    const a = sdk.createStoreClient({ clientId: 'c', fetch: fetchImpl, storage: first.storage });
    await a.fetch('/v2/collections/c1');
    expect(a.auth.role).toBe('visitor');

    const second = cookiesOf({});
    const b = sdk.createStoreClient({ clientId: 'c', fetch: fetchImpl, storage: second.storage });
    expect(b.auth.getTokens()).toBeUndefined();
    await b.fetch('/v2/collections/c1');

    const again = cookiesOf(Object.fromEntries(first.jar));
    const c = sdk.createStoreClient({ clientId: 'c', fetch: fetchImpl, storage: again.storage });
    await c.fetch('/v2/collections/c1');
    expect(seen.filter((value) => value !== '')).toEqual(expect.arrayContaining(['at_1', 'at_2']));
    expect(seen.at(-1)).toBe(a.auth.getTokens()!.accessToken.value);
    expect(c.auth.getTokens()).toEqual(a.auth.getTokens());
    expect(b.auth.getTokens()).not.toEqual(a.auth.getTokens());
    // No tab machinery on servers: a channel per request would leak and cross requests.
    expect(channel).not.toHaveBeenCalled();
  });

  it('defaults to memory storage and no tab sync', async () => {
    const { resolveStoreClientOptions } = await import('../../client/options.js');
    const resolved = resolveStoreClientOptions({ clientId: 'c' });
    expect(resolved.auth.tabSync).toBe(false);
    expect(resolved.auth.storage.getItem('anything')).toBeUndefined();
  });
});

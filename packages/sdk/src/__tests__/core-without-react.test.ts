import { describe, expect, it, vi } from 'vitest';

// The core must load and work where React does not exist (servers, edge runtimes). If any module
// of the SDK imported React, this mock would make it fail to load.
vi.mock('react', () => ({}));

describe('core', () => {
  it('loads and builds a client without React, window or document', async () => {
    expect(typeof globalThis.window).toBe('undefined');
    expect(typeof globalThis.document).toBe('undefined');
    const sdk = await import('../index.js');
    const store = sdk.createStoreClient({
      clientId: 'c',
      // The token endpoint answers the anonymous grant every call now starts with.
      fetch: (input) =>
        Promise.resolve(
          new Response(
            String(input instanceof Request ? input.url : input).endsWith('/oauth2/token')
              ? '{"access_token":"at_1","refresh_token":"rt_1","expires_in":3600}'
              : '{}',
          ),
        ),
    });
    const response = await store.fetch('/v2/collections/c1');
    expect(response.status).toBe(200);
  });
});

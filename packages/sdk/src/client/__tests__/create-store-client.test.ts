import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCartEngine } from '../../cart/cart-store.js';
import { cookieStorage } from '../../auth/storage/cookie.js';
import { json, recordingFetch } from '../../__tests__/helpers.js';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { createStoreClient } from '../create-store-client.js';

const tokens = {
  accessToken: { value: 'at_fixed-token-123', expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_fixed', role: 'visitor' as const },
};

describe('createStoreClient', () => {
  describe('fetch', () => {
    it('passes method, headers and body through, adding the token', async () => {
      const recorder = recordingFetch(() => json({ ok: true }));
      const store = createStoreClient({
        clientId: 'c',
        fetch: recorder.fetch,
        tokens,
        baseUrl: 'http://127.0.0.1:1',
      });
      const response = await store.fetch('/stores/v1/products/p1', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-extra': '1' },
        body: '{"product":{"name":"N"}}',
      });
      expect(await response.json()).toEqual({ ok: true });
      const [sent] = recorder.requests;
      expect(sent).toMatchObject({ method: 'PATCH', body: '{"product":{"name":"N"}}' });
      expect(sent!.url.href).toBe('http://127.0.0.1:1/stores/v1/products/p1');
      expect(sent!.headers.get('authorization')).toBe('at_fixed-token-123');
      expect(sent!.headers.get('x-extra')).toBe('1');
    });

    it('never sends the token to another origin', async () => {
      const recorder = recordingFetch(() => json({}));
      const store = createStoreClient({ clientId: 'c', fetch: recorder.fetch, tokens });
      await expect(store.fetch('https://evil.example/x')).rejects.toBeInstanceOf(
        StoreArgumentError,
      );
      await expect(store.fetch('//evil.example/x')).rejects.toBeInstanceOf(StoreArgumentError);
      expect(recorder.requests).toHaveLength(0);
    });
  });

  describe('apiKey', () => {
    it('authorizes every call with the API key and never asks for tokens', async () => {
      const recorder = recordingFetch(() => json({ product: { id: 'p1' } }));
      const store = createStoreClient({
        clientId: 'c',
        fetch: recorder.fetch,
        baseUrl: 'http://127.0.0.1:1',
        apiKey: 'ak_merchant-key',
      });
      await store.products.create({ name: 'Mug' });
      await store.fetch('/stores-reader/v1/products/p1');
      expect(recorder.requests.map((sent) => sent.url.pathname)).toEqual([
        '/stores/v1/products',
        '/stores-reader/v1/products/p1',
      ]);
      for (const sent of recorder.requests) {
        expect(sent.headers.get('authorization')).toBe('ak_merchant-key');
      }
      expect(store.auth.role).toBe('none');
    });

    it('refuses a key with spaces without repeating it', () => {
      expect(() => createStoreClient({ clientId: 'c', apiKey: 'secret value' })).toThrow(
        expect.objectContaining({
          name: 'StoreArgumentError',
          message: expect.not.stringContaining('secret') as unknown,
        }) as Error,
      );
    });
  });

  describe('construction', () => {
    afterEach(() => vi.restoreAllMocks());

    it('reads no clock or random value, and writes nothing (server pre-rendering refuses them)', () => {
      const now = vi.fn(() => 0);
      const random = vi.fn((bytes: Uint8Array) => bytes);
      const spies = [
        vi.spyOn(Date, 'now'),
        vi.spyOn(Math, 'random'),
        vi.spyOn(globalThis.crypto, 'randomUUID'),
        vi.spyOn(globalThis.crypto, 'getRandomValues'),
      ];
      const set = vi.fn();
      const store = createStoreClient({
        clientId: 'c',
        tokens,
        now,
        random,
        storage: cookieStorage({ get: () => undefined, set }),
      });
      expect(store.auth.role).toBe('visitor');
      expect(store.cartStore.getState().status).toBe('idle');
      for (const spy of [now, random, set, ...spies]) expect(spy).not.toHaveBeenCalled();
    });
  });

  describe('dispose', () => {
    // The cart engine (and its tab channel) loads the first time a page uses its cart.
    beforeAll(() => loadCartEngine());

    it('closes the tab channels and rejects queued cart changes; a second call does nothing', async () => {
      const opened: string[] = [];
      const closed: string[] = [];
      const Original = globalThis.BroadcastChannel;
      class TrackedChannel extends Original {
        constructor(name: string) {
          super(name);
          opened.push(name);
        }
        override close(): void {
          closed.push(this.name);
          super.close();
        }
      }
      vi.stubGlobal('BroadcastChannel', TrackedChannel);
      try {
        const recorder = recordingFetch(() => new Promise<Response>(() => {}));
        const store = createStoreClient({
          clientId: 'c',
          fetch: recorder.fetch,
          tokens,
          tabSync: true,
          baseUrl: 'http://127.0.0.1:1',
        });
        const sending = store.cartStore.addItems({
          lineItems: [{ catalogReference: { catalogItemId: 'p1', appId: 'a' }, quantity: 1 }],
        });
        const queued = store.cartStore.addItems({
          lineItems: [{ catalogReference: { catalogItemId: 'p2', appId: 'a' }, quantity: 1 }],
        });
        void sending.catch(() => {});
        // Tab sync connects once its code has loaded.
        await vi.waitFor(() => expect(opened).toContain('vitrine-auth:c'));
        store.dispose();
        store.dispose();
        await expect(queued).rejects.toMatchObject({ name: 'CartOperationCancelledError' });
        expect(closed.sort()).toEqual(['vitrine-auth:c', 'vitrine:c:cart']);
        await expect(
          store.cartStore.addItems({
            lineItems: [{ catalogReference: { catalogItemId: 'p3', appId: 'a' }, quantity: 1 }],
          }),
        ).rejects.toMatchObject({ name: 'CartOperationCancelledError' });
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('a client disposed before its tab sync connected never opens its channel', async () => {
      const opened: string[] = [];
      const Original = globalThis.BroadcastChannel;
      vi.stubGlobal(
        'BroadcastChannel',
        class extends Original {
          constructor(name: string) {
            super(name);
            opened.push(name);
          }
        },
      );
      try {
        const store = createStoreClient({ clientId: 'c2', tokens, tabSync: true });
        store.dispose();
        // Once tab sync's code has loaded, a client built after would have connected by now.
        const later = createStoreClient({ clientId: 'c3', tokens, tabSync: true });
        await vi.waitFor(() => expect(opened).toContain('vitrine-auth:c3'));
        later.dispose();
        expect(opened).not.toContain('vitrine-auth:c2');
      } finally {
        vi.unstubAllGlobals();
      }
    });
  });
});

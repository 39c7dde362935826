import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, recordingFetch } from '../../__tests__/helpers.js';
import type { CartState } from '../../cart/types.js';
import { createStoreClient, type StoreClient } from '../create-store-client.js';
import { createDeferredStoreClient } from '../deferred-store-client.js';

const TOKENS = {
  accessToken: { value: 'at_deferred', expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_deferred', role: 'member' as const },
};
const CART = {
  id: 'cart-1',
  lineItems: [{ id: 'line-1', quantity: 2, productName: { original: 'Tee' } }],
};

function setup() {
  const recorder = recordingFetch((request) => {
    const url = new URL(request.url);
    // Cart V2's answers: its lines' quantities are `quantityInfo.requestedQuantity`.
    const line = (id: string, quantity: number) => ({
      id,
      quantityInfo: { requestedQuantity: quantity },
    });
    if (url.pathname === '/ecom/v2/carts/current/add-line-items') {
      return json({ cart: { id: CART.id, lineItems: [line('line-1', 2), line('line-2', 1)] } });
    }
    if (url.pathname === '/ecom/v2/carts/current') {
      return json({ cart: { id: CART.id, lineItems: [line('line-1', 2)] } });
    }
    if (url.pathname === '/stores/v3/products/query') {
      return json({ products: [{ id: 'v3-p1' }], pagingMetadata: { cursors: {} } });
    }
    if (url.pathname === '/categories/v1/categories/c1') return json({ category: { id: 'c1' } });
    if (url.pathname.endsWith('/query-platformized')) {
      return json({ products: [{ id: 'p1' }], metadata: { count: 1, offset: 0, total: 1 } });
    }
    return json({});
  });
  const made: StoreClient[] = [];
  const make = vi.fn(async () => {
    const store = createStoreClient({
      clientId: 'c1',
      fetch: recorder.fetch,
      tokens: TOKENS,
      retry: 0,
    });
    made.push(store);
    return store;
  });
  const store = createDeferredStoreClient({ clientId: 'c1', role: 'member', load: make });
  clients.push(store);
  return { store, make, made, requests: recorder.requests };
}

const clients: StoreClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

describe('createDeferredStoreClient', () => {
  it("shows the server's session and hydrated cart without loading anything", () => {
    const { store, make } = setup();
    const heard: CartState[] = [];
    store.cartStore.subscribe((state) => heard.push(state));
    store.cartStore.hydrate(CART);
    expect(store.auth.role).toBe('member');
    expect(store.auth.isLoggedIn()).toBe(true);
    expect(store.auth.getState()).toMatchObject({ role: 'member', status: 'idle' });
    expect(store.cartStore.getState()).toMatchObject({ status: 'ready', itemCount: 2 });
    expect(heard.map((state) => state.itemCount)).toEqual([2]);
    expect(store.loaded).toBe(false);
    expect(make).not.toHaveBeenCalled();
  });

  it('loads once for calls at once, and hands the hydrated cart to the client (no cart read)', async () => {
    const { store, make, requests } = setup();
    store.cartStore.hydrate(CART);
    const [added] = await Promise.all([
      store.cartStore.addItems({
        lineItems: [{ catalogReference: { catalogItemId: 'p2', appId: 'a' }, quantity: 1 }],
      }),
      store.load(),
    ]);
    expect(make).toHaveBeenCalledTimes(1);
    expect(added.lineItems).toHaveLength(2);
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'POST /ecom/v2/carts/current/add-line-items',
    ]);
    expect(store.loaded).toBe(true);
  });

  it("subscribers made before the load hear the loaded client's changes", async () => {
    const { store } = setup();
    store.cartStore.hydrate(CART);
    const counts: number[] = [];
    const roles: string[] = [];
    store.cartStore.subscribe((state) => counts.push(state.itemCount));
    store.auth.subscribe((state) => roles.push(state.role));
    await store.cartStore.addItems({
      lineItems: [{ catalogReference: { catalogItemId: 'p2', appId: 'a' }, quantity: 1 }],
    });
    // The optimistic line, then the platform's answer: the engine's own states.
    expect(counts.at(-1)).toBe(3);
    expect(store.cartStore.getState().itemCount).toBe(3);
    // Told once of the loaded client's session (its tokens), then of its own changes.
    expect(roles).toEqual(['member']);
  });

  it('a failed load rejects, and the next call tries again', async () => {
    const { store, make } = setup();
    make.mockRejectedValueOnce(new Error('chunk failed'));
    await expect(store.products.query()).rejects.toThrow('chunk failed');
    await expect(store.products.query()).resolves.toMatchObject({ items: [{ id: 'p1' }] });
    expect(make).toHaveBeenCalledTimes(2);
  });

  it('iterates after loading', async () => {
    const { store } = setup();
    const ids: string[] = [];
    for await (const product of store.products.iterate()) ids.push(product.id);
    expect(ids).toEqual(['p1']);
  });

  it('Catalog V3 calls and walks load the client, then call through', async () => {
    const { store, make, requests } = setup();
    await expect(store.categories.get('c1')).resolves.toEqual({ id: 'c1' });
    const ids: string[] = [];
    for await (const product of store.productsV3.iterate()) ids.push(product.id);
    expect(ids).toEqual(['v3-p1']);
    await expect(store.productsV3.query()).resolves.toMatchObject({ items: [{ id: 'v3-p1' }] });
    expect(make).toHaveBeenCalledTimes(1);
    expect(requests.map((request) => request.url.pathname)).toEqual([
      '/categories/v1/categories/c1',
      '/stores/v3/products/query',
      '/stores/v3/products/query',
    ]);
  });

  it('synchronous methods that need the client say so before it loads, and work after', async () => {
    const { store } = setup();
    expect(() => store.auth.generateOAuthData('https://shop.example/callback')).toThrow(
      expect.objectContaining({ name: 'VitrineError', code: 'CLIENT_NOT_LOADED' }),
    );
    expect(store.auth.getTokens()).toBeUndefined();
    await store.load();
    expect(store.auth.getTokens()?.accessToken.value).toBe('at_deferred');
    expect(store.auth.generateOAuthData('https://shop.example/callback').redirectUri).toBe(
      'https://shop.example/callback',
    );
  });

  // Issue 36: every page of a Next shop in `next dev` threw "This needs the store client, which
  // loads on first use" (then React's "Should not already be working."): React's dev-only render
  // logging reads each property of a client component's props, the client's getters included.
  it('reads every property before the load without throwing (dev render logging), and loads nothing', () => {
    const { store, make } = setup();
    const read: string[] = [];
    const walk = (value: unknown, path: string, depth: number): void => {
      if (depth > 3 || value === null || typeof value !== 'object') return;
      for (const key of Object.keys(value)) {
        read.push(`${path}.${key}`);
        walk((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
      }
    };
    expect(() => walk(store, 'store', 0)).not.toThrow();
    expect(read).toContain('store.auth.captchaSiteKeys');
    expect(store.auth.captchaSiteKeys).toEqual({
      visible: expect.any(String),
      invisible: expect.any(String),
    });
    expect(make).not.toHaveBeenCalled();
  });

  it("shows the captcha keys it was given before the load, and the loaded client's after", async () => {
    const keys = { visible: 'v-key', invisible: 'i-key' };
    const loadedKeys = { visible: 'v-loaded', invisible: 'i-loaded' };
    const store = createDeferredStoreClient({
      clientId: 'c1',
      captchaSiteKeys: keys,
      load: async () => createStoreClient({ clientId: 'c1', captchaSiteKeys: loadedKeys }),
    });
    clients.push(store);
    expect(store.auth.captchaSiteKeys).toEqual(keys);
    await store.load();
    expect(store.auth.captchaSiteKeys).toEqual(loadedKeys);
  });

  it('identity listeners added before the load are attached to the client', async () => {
    const { store } = setup();
    const reasons: string[] = [];
    store.auth.onIdentityChange((event) => reasons.push(event.reason));
    await store.load();
    store.auth.setTokens({
      accessToken: { value: 'at_other', expiresAt: 4_102_444_800 },
      refreshToken: { value: 'rt_other', role: 'visitor' },
    });
    expect(reasons).toEqual(['tokens-set']);
  });

  it('dispose releases the loaded client and the listeners held for it', async () => {
    const { store, made } = setup();
    const counts: number[] = [];
    store.cartStore.subscribe((state) => counts.push(state.itemCount));
    await store.load();
    store.dispose();
    made[0]!.cartStore.hydrate(CART);
    expect(counts).toEqual([]);
  });
});

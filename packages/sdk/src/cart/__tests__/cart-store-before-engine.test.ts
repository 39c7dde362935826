// The cart store before the engine's code has loaded in the page: the engine loads the first
// time an action needs it. Each test starts from fresh modules (`vi.resetModules`), so the
// engine's code is not loaded yet when it begins.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ClientModule from '../../client/create-store-client.js';
import type { StoreClient } from '../../client/create-store-client.js';
import type { Cart } from '../../models/cart.js';
import type { CartState } from '../types.js';
import { storesLineItem } from '../catalog-reference.js';
import { cartPlatform, type CartPlatform } from './cart-platform.js';

let clients: StoreClient[] = [];
let createStoreClient: typeof ClientModule.createStoreClient;

beforeEach(async () => {
  vi.resetModules();
  ({ createStoreClient } = await import('../../client/create-store-client.js'));
});

afterEach(() => {
  for (const client of clients) client.dispose();
  clients = [];
});

/** The cart API the clients of the tests running now use: each test runs on both. */
let cartApi: 'v1' | 'v2' = 'v1';

function tab(platform: CartPlatform, tokens?: ReturnType<CartPlatform['tokensFor']>) {
  const client = createStoreClient({
    clientId: `shop-${clients.length}`,
    baseUrl: 'http://127.0.0.1:4010',
    fetch: platform.fetch,
    retry: 0,
    tabSync: false,
    cart: cartApi,
    ...(tokens ? { tokens } : {}),
  });
  clients.push(client);
  return client;
}

function seeded(platform: CartPlatform, owner: string, quantity: number): Cart {
  platform.seed(owner, [{ productId: 'p1', quantity }]);
  return platform.carts.get(owner)!;
}

describe.each(['v1', 'v2'] as const)(
  'cart-store before the engine has loaded, on Cart %s',
  (api) => {
    beforeAll(() => {
      cartApi = api;
    });

    it('keeps calls made while its code loads, in order, and nothing is lost', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      const states: CartState[] = [];
      store.cartStore.subscribe((state) => states.push(state));
      expect(store.cartStore.getState()).toBe(store.cartStore.getInitialState());

      const adding = store.cartStore.addItems({ lineItems: [storesLineItem('p1', 2)] });
      const changing = store.cartStore.addItems({ lineItems: [storesLineItem('p2', 1)] });
      const reading = store.cartStore.load();
      // Nothing shows until the engine is there: no state is made up meanwhile.
      expect(states).toEqual([]);
      await Promise.all([adding, changing, reading]);
      expect(
        platform.cartCalls().map((call) => `${call.method} ${call.path.split('/').pop()}`),
      ).toEqual(['POST add-to-cart', 'POST add-to-cart', 'GET current']);
      expect(store.cartStore.getState()).toMatchObject({ status: 'ready', itemCount: 3 });

      // The page has the engine's code now: another store's first action shows at once.
      const other = tab(platform, platform.tokensFor('visitor-b', 'visitor'));
      platform.paused = true;
      void other.cartStore.addItems({ lineItems: [storesLineItem('p3', 1)] });
      expect(other.cartStore.getState()).toMatchObject({ pending: true, itemCount: 1 });
      platform.paused = false;
      platform.release();
      await other.cartStore.whenIdle();
    });

    it('hydrates at once, and the engine starts from that cart without reading it', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      const serverCart = seeded(platform, 'visitor-a', 3);
      store.cartStore.hydrate(serverCart);
      expect(store.cartStore.getState()).toMatchObject({
        status: 'ready',
        cart: serverCart,
        itemCount: 3,
        lines: { 'line-1': { pending: false, error: undefined } },
      });
      await store.cartStore.updateQuantities([{ id: 'line-1', quantity: 5 }]);
      expect(platform.cartCalls().map((call) => call.path.split('/').pop())).toEqual([
        'update-line-items-quantity',
      ]);
      expect(store.cartStore.getState().itemCount).toBe(5);
    });

    it('cancels the calls still waiting for the engine when the store is disposed', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      const waiting = store.cartStore.addItems({ lineItems: [storesLineItem('p1', 1)] });
      store.cartStore.dispose();
      await expect(waiting).rejects.toMatchObject({ name: 'CartOperationCancelledError' });
      await expect(store.cartStore.load()).rejects.toMatchObject({
        name: 'CartOperationCancelledError',
      });
      expect(platform.cartCalls()).toEqual([]);
    });

    it('cancels the calls still waiting for the engine when the identity changes', async () => {
      const platform = cartPlatform();
      const visitor = platform.tokensFor('visitor-a', 'visitor');
      const store = tab(platform, visitor);
      const waiting = store.cartStore.addItems({ lineItems: [storesLineItem('p1', 1)] });
      store.auth.setTokens(platform.tokensFor('visitor-b', 'visitor'));
      await expect(waiting).rejects.toMatchObject({ name: 'CartOperationCancelledError' });
      await store.cartStore.whenIdle();
      expect(platform.cartCalls().filter((call) => call.method === 'POST')).toEqual([]);
    });

    it("reads the new identity's cart when the identity changes while a read waits for the engine", async () => {
      // Another tab minting the shared visitor while this tab's first read waits for the engine's
      // code: the read is not a change to cancel; it reads the cart of whoever is signed in.
      const platform = cartPlatform();
      const store = tab(platform);
      const reading = store.cartStore.load();
      store.auth.setTokens(platform.tokensFor('visitor-b', 'visitor'));
      seeded(platform, 'visitor-b', 2);
      await expect(reading).resolves.toMatchObject({ lineItems: [{ quantity: 2 }] });
      await store.cartStore.whenIdle();
      expect(store.cartStore.getState()).toMatchObject({ status: 'ready', itemCount: 2 });
    });

    it("drops a hydrated member's cart at once on sign-out", async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('member-m1', 'member'));
      store.cartStore.hydrate(seeded(platform, 'member-m1', 4));
      expect(store.cartStore.getState().itemCount).toBe(4);
      const signingOut = store.auth.logout('http://127.0.0.1/');
      expect(store.cartStore.getState()).toMatchObject({ cart: null, itemCount: 0 });
      await signingOut;
      await store.cartStore.whenIdle();
      expect(store.cartStore.getState()).toMatchObject({ status: 'ready', cart: null });
      expect(platform.cartCalls()).toEqual([]);
    });

    it('carries the visitor cart into the member cart at sign-in though the engine never ran', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      seeded(platform, 'visitor-a', 2);
      await store.auth.getMemberTokensForExternalLogin('m1', 'api-key');
      // The sign-in resolved after the carry-over, engine load included.
      expect(store.cartStore.getState()).toMatchObject({
        status: 'ready',
        itemCount: 2,
        carryOver: { status: 'merged' },
      });
      expect(await store.cartStore.whenCarriedOver()).toMatchObject({ status: 'merged' });
    });
  },
);

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStoreClient, type StoreClient } from '../../client/create-store-client.js';
import { StoreApplicationError } from '../../http/errors/application-error.js';
import { StoreArgumentError } from '../../errors/argument-error.js';
import type { Tokens } from '../../models/tokens.js';
import type { CartState } from '../types.js';
import { loadCartEngine } from '../cart-store.js';
import { storesCatalogReference, storesLineItem } from '../catalog-reference.js';
import { CartOperationCancelledError } from '../cart-operation-cancelled-error.js';
import { json } from '../../__tests__/helpers.js';
import { cartPlatform, type CartPlatform } from './cart-platform.js';

const T0 = Date.UTC(2026, 0, 1);
let clients: StoreClient[] = [];
/** The cart API the clients of the tests running now use: each test runs on both. */
let cartApi: 'v1' | 'v2' = 'v1';

/**
 * What a checkout answers, and the call it makes: Cart V1 creates one; Cart V2 has none to create
 * (its cart's id is the checkout's) and reads the cart for its id.
 */
const checkoutOn = (owner: string) =>
  cartApi === 'v1'
    ? { answer: { checkoutId: `checkout-${owner}` }, call: 'POST create-checkout' }
    : { answer: { checkoutId: `cart-${owner}` }, call: 'GET current' };
let clientCount = 0;

// The cart engine's code loads the first time a page uses its cart; these tests are about the
// engine once loaded (cart-store-before-engine.test.ts covers the time before).
beforeAll(() => loadCartEngine());

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  vi.setSystemTime(T0);
});

afterEach(() => {
  for (const client of clients) client.cartStore.dispose();
  clients = [];
  vi.useRealTimers();
});

/** A client of the fake platform. Clients made with the same `shop` are tabs of one app. */
function tab(
  platform: CartPlatform,
  tokens?: Tokens,
  shop = `shop-${++clientCount}`,
  tabSync = false,
) {
  const client = createStoreClient({
    clientId: shop,
    baseUrl: 'http://127.0.0.1:4010',
    fetch: platform.fetch,
    retry: 0,
    tabSync,
    cart: cartApi,
    ...(tokens ? { tokens } : {}),
  });
  clients.push(client);
  return client;
}

/** Every snapshot the store publishes from now on. */
function record(client: StoreClient): CartState[] {
  const states: CartState[] = [];
  client.cartStore.subscribe((state) => states.push(state));
  return states;
}

const quantities = (state: CartState) =>
  state.cart?.lineItems.map((line) => [line.catalogReference?.catalogItemId, line.quantity]);

describe.each(['v1', 'v2'] as const)('cart-store on Cart %s', (api) => {
  beforeAll(() => {
    cartApi = api;
  });

  describe('load', () => {
    it('reads the cart, and a shopper without one reads as null', async () => {
      const platform = cartPlatform();
      const tokens = platform.tokensFor('visitor-a', 'visitor');
      const store = tab(platform, tokens);
      expect(store.cartStore.getState().status).toBe('idle');

      const loading = store.cartStore.load();
      expect(store.cartStore.getState()).toMatchObject({ status: 'loading', pending: true });
      await expect(loading).resolves.toBeNull();
      expect(store.cartStore.getState()).toMatchObject({
        status: 'ready',
        cart: null,
        pending: false,
      });

      platform.seed('visitor-a', [{ productId: 'p1', quantity: 2 }]);
      const cart = await store.cartStore.load();
      expect(cart?.lineItems).toHaveLength(1);
      expect(store.cartStore.getState()).toMatchObject({ status: 'ready', itemCount: 2 });
      expect(platform.cartCalls().map((c) => `${c.method} ${c.owner}`)).toEqual([
        'GET visitor-a',
        'GET visitor-a',
      ]);
    });

    it('a shopper with no tokens, or a visitor this client just minted, has no cart: nothing is sent', async () => {
      const platform = cartPlatform();
      const store = tab(platform);
      await expect(store.cartStore.load()).resolves.toBeNull();
      expect(store.cartStore.getState()).toMatchObject({ status: 'ready', cart: null });
      // Reading the cart minted no visitor either.
      expect(platform.calls).toHaveLength(0);

      await store.auth.getAuthHeaders(); // a catalog read, say, mints the visitor
      expect(store.auth.role).toBe('visitor');
      await expect(store.cartStore.load()).resolves.toBeNull();
      expect(platform.calls).toHaveLength(0);

      // Once the visitor changed its cart, reads go to the platform again.
      await store.cartStore.addItems({ lineItems: [storesLineItem('p1', 1)] });
      await store.cartStore.load();
      expect(platform.cartCalls().map((c) => `${c.method} ${c.path.split('/').pop()}`)).toEqual([
        'POST add-to-cart',
        'GET current',
      ]);
    });

    it('a visitor minted by its first add keeps the cart that add made', async () => {
      const platform = cartPlatform();
      const store = tab(platform);
      await store.cartStore.addItems({ lineItems: [storesLineItem('p1', 2)] });
      const cart = await store.cartStore.load();
      expect(cart?.lineItems[0]?.quantity).toBe(2);
      expect(platform.cartCalls().map((c) => c.method)).toEqual(['POST', 'GET']);
    });

    it('hydrate starts from a cart read on the server, with no first read', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      const serverCart = { id: 'cart-1', lineItems: [{ id: 'line-1', quantity: 3 }] };
      store.cartStore.hydrate(serverCart);
      expect(store.cartStore.getState()).toMatchObject({
        status: 'ready',
        cart: serverCart,
        itemCount: 3,
      });
      // A second hydrate (a re-render) changes nothing once the store holds a cart.
      store.cartStore.hydrate(null);
      expect(store.cartStore.getState().itemCount).toBe(3);
      expect(platform.calls).toHaveLength(0);
    });

    it('keeps the last cart and shows the error when a load fails', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }]);
      await store.cartStore.load();
      platform.refuse = () => new Response('{"message":"down"}', { status: 500 });
      await expect(store.cartStore.load()).rejects.toMatchObject({ status: 500 });
      expect(store.cartStore.getState()).toMatchObject({ status: 'error', itemCount: 1 });
      expect(store.cartStore.getState().error).toMatchObject({ status: 500 });
    });

    it('shares one waiting read between callers', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.paused = true;
      void store.cartStore.load();
      const second = store.cartStore.load();
      const third = store.cartStore.load();
      expect(second).toBe(third);
      platform.paused = false;
      platform.release();
      await store.cartStore.whenIdle();
      expect(platform.cartCalls()).toHaveLength(2);
    });
  });

  describe('optimistic changes', () => {
    it('shows an added line at once with its own pending flag, then the platform cart wins', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.paused = true;
      const adding = store.cartStore.addItems({
        lineItems: [{ ...storesLineItem('p1', 2), preview: { productName: { original: 'Tee' } } }],
      });
      const during = store.cartStore.getState();
      const line = during.cart!.lineItems[0]!;
      expect(line).toMatchObject({ quantity: 2, productName: { original: 'Tee' } });
      expect(line.id).toMatch(/^pending-line:/);
      expect(during.lines[line.id]).toEqual({ pending: true, error: undefined });
      expect(during).toMatchObject({ pending: true, itemCount: 2, confirmedCart: null });

      await vi.waitFor(() => expect(platform.held).toBe(1));
      platform.release();
      const cart = await adding;
      const after = store.cartStore.getState();
      expect(after.cart).toEqual(cart);
      expect(after.cart!.lineItems[0]).toMatchObject({ id: 'line-1', price: { amount: '10' } });
      expect(after.cart!.subtotal).toEqual({ amount: '20' });
      expect(after.lines).toEqual({ 'line-1': { pending: false, error: undefined } });
      expect(after).toMatchObject({ pending: false, status: 'ready' });
    });

    it('adds to the quantity of a line with the same item, as the platform does', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }]);
      await store.cartStore.load();
      platform.paused = true;
      void store.cartStore.addItems({ lineItems: [storesLineItem('p1', 3)] });
      const state = store.cartStore.getState();
      expect(quantities(state)).toEqual([['p1', 4]]);
      expect(state.lines['line-1']?.pending).toBe(true);
      platform.paused = false;
      platform.release();
      await store.cartStore.whenIdle();
      expect(quantities(store.cartStore.getState())).toEqual([['p1', 4]]);
    });

    it('changes and removes lines at once; quantity 0 removes', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [
        { productId: 'p1', quantity: 1 },
        { productId: 'p2', quantity: 1 },
        { productId: 'p3', quantity: 1 },
      ]);
      await store.cartStore.load();
      platform.paused = true;
      void store.cartStore.updateQuantities([{ id: 'line-1', quantity: 5 }]);
      void store.cartStore.removeItems(['line-2']);
      void store.cartStore.updateQuantities([{ id: 'line-3', quantity: 0 }]);
      const state = store.cartStore.getState();
      expect(quantities(state)).toEqual([['p1', 5]]);
      expect(state.lines['line-1']?.pending).toBe(true);
      platform.paused = false;
      platform.release();
      await store.cartStore.whenIdle();
      expect(
        platform
          .cartCalls()
          .slice(1)
          .map((c) => [c.path.split('/').pop(), c.body]),
      ).toEqual([
        ['update-line-items-quantity', { lineItems: [{ id: 'line-1', quantity: 5 }] }],
        ['remove-line-items', { lineItemIds: ['line-2'] }],
        ['remove-line-items', { lineItemIds: ['line-3'] }],
      ]);
      expect(quantities(store.cartStore.getState())).toEqual([['p1', 5]]);
    });

    it('re-applies changes still queued on top of each answer, so nothing flickers back', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }]);
      await store.cartStore.load();
      const states = record(store);
      platform.paused = true;
      void store.cartStore.updateQuantities([{ id: 'line-1', quantity: 2 }]);
      void store.cartStore.updateQuantities([{ id: 'line-1', quantity: 3 }]);
      void store.cartStore.updateQuantities([{ id: 'line-1', quantity: 4 }]);
      await vi.waitFor(() => expect(platform.held).toBe(1));
      platform.release(1);
      // The answer to 2 is in once the call for 3 arrives (calls go one at a time).
      await vi.waitFor(() => expect(platform.cartCalls()).toHaveLength(3));
      await vi.waitFor(() => expect(platform.held).toBe(1));
      // The platform answered 2 (with its own totals), but 3 and 4 are still queued.
      const middle = store.cartStore.getState();
      expect(middle.confirmedCart!.lineItems[0]!.quantity).toBe(2);
      expect(middle.confirmedCart!.subtotal).toEqual({ amount: '20' });
      expect(middle.cart!.lineItems[0]!.quantity).toBe(4);
      expect(middle.lines['line-1']?.pending).toBe(true);
      platform.paused = false;
      platform.release();
      await store.cartStore.whenIdle();
      // Shown quantity never went back down while the shopper's clicks were on their way.
      const shown = states.map((state) => state.cart!.lineItems[0]!.quantity);
      expect(shown.every((quantity) => quantity >= 2)).toBe(true);
      expect(shown.slice(shown.indexOf(4))).toEqual(shown.slice(shown.indexOf(4)).map(() => 4));
      expect(store.cartStore.getState().cart!.subtotal).toEqual({ amount: '40' });
    });

    it('sends a change to a line that is still being added with the id the platform gave it', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.paused = true;
      void store.cartStore.addItems({ lineItems: [storesLineItem('p9', 1)] });
      const tempId = store.cartStore.getState().cart!.lineItems[0]!.id;
      void store.cartStore.updateQuantities([{ id: tempId, quantity: 3 }]);
      void store.cartStore.removeItems([tempId]);
      expect(store.cartStore.getState().cart!.lineItems).toEqual([]);
      platform.paused = false;
      platform.release();
      await store.cartStore.whenIdle();
      const [, update, remove] = platform.cartCalls();
      expect(update!.body).toEqual({ lineItems: [{ id: 'line-1', quantity: 3 }] });
      expect(remove!.body).toEqual({ lineItemIds: ['line-1'] });
      expect(store.cartStore.getState().cart!.lineItems).toEqual([]);
    });
  });

  describe('lines of one product with other options', () => {
    // The store keys lines by their catalog reference, options included: two choices of one
    // product are two lines, each changed under the id the platform gave it.
    it('are two lines at once, and each change is sent with its own line id', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.paused = true;
      void store.cartStore.addItems({
        lineItems: [storesLineItem('p1', 1, { options: { Size: 'S' } })],
      });
      void store.cartStore.addItems({
        lineItems: [storesLineItem('p1', 1, { options: { Size: 'M' } })],
      });
      const [small, medium] = store.cartStore.getState().cart!.lineItems;
      expect(store.cartStore.getState().cart!.lineItems).toHaveLength(2);
      expect(small!.id).not.toBe(medium!.id);
      void store.cartStore.updateQuantities([{ id: medium!.id, quantity: 3 }]);
      expect(quantities(store.cartStore.getState())).toEqual([
        ['p1', 1],
        ['p1', 3],
      ]);
      platform.paused = false;
      platform.release();
      await store.cartStore.whenIdle();
      const update = platform.cartCalls().find((c) => c.path.endsWith('quantity'));
      expect(update!.body).toEqual({ lineItems: [{ id: 'line-2', quantity: 3 }] });
      expect(store.cartStore.getState().cart!.lineItems.map((l) => [l.id, l.quantity])).toEqual([
        ['line-1', 1],
        ['line-2', 3],
      ]);
    });

    // A platform may name a line's options otherwise than the add did (the variant it chose):
    // each line being added then maps to the new line of its own product, not to any new line.
    it('map to the new line of their own product when the platform names their options otherwise', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      const line = (id: string, productId: string, quantity: number) => ({
        id,
        quantity,
        catalogReference: {
          catalogItemId: productId,
          appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
          options: { variantId: `variant-of-${productId}` },
        },
      });
      const lines = [line('line-p1', 'p1', 1), line('line-p2', 'p2', 1)];
      platform.refuse = (call) => {
        if (call.path.endsWith('add-to-cart')) return json({ cart: { id: 'c', lineItems: lines } });
        if (!call.path.endsWith('quantity')) return undefined;
        for (const { id, quantity } of call.body.lineItems as { id: string; quantity: number }[]) {
          lines.find((l) => l.id === id)!.quantity = quantity;
        }
        return json({ cart: { id: 'c', lineItems: lines } });
      };
      platform.paused = true;
      void store.cartStore.addItems({
        lineItems: [storesLineItem('p1', 1), storesLineItem('p2', 1)],
      });
      const pendingP2 = store.cartStore.getState().cart!.lineItems[1]!.id;
      void store.cartStore.updateQuantities([{ id: pendingP2, quantity: 4 }]);
      platform.paused = false;
      platform.release();
      await store.cartStore.whenIdle();
      const update = platform.cartCalls().find((c) => c.path.endsWith('quantity'));
      expect(update!.body).toEqual({ lineItems: [{ id: 'line-p2', quantity: 4 }] });
      expect(quantities(store.cartStore.getState())).toEqual([
        ['p1', 1],
        ['p2', 4],
      ]);
    });
  });

  describe('ordering', () => {
    it('sends 50 rapid mutations one at a time, in order, dropping none', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }]);
      await store.cartStore.load();
      const calls: Promise<unknown>[] = [];
      for (let i = 1; i <= 50; i++) {
        calls.push(
          i % 10 === 0
            ? store.cartStore.addItems({ lineItems: [storesLineItem(`extra-${i}`, 1)] })
            : store.cartStore.updateQuantities([{ id: 'line-1', quantity: i }]),
        );
      }
      expect(store.cartStore.getState().cart!.lineItems[0]!.quantity).toBe(49);
      await Promise.all(calls);
      const sent = platform.cartCalls().slice(1);
      expect(sent).toHaveLength(50);
      expect(
        sent.map((call) =>
          call.path.endsWith('add-to-cart')
            ? `add ${(call.body.lineItems as { catalogReference: { catalogItemId: string } }[])[0]!.catalogReference.catalogItemId}`
            : `qty ${(call.body.lineItems as { quantity: number }[])[0]!.quantity}`,
        ),
      ).toEqual(
        Array.from({ length: 50 }, (_, k) =>
          (k + 1) % 10 === 0 ? `add extra-${k + 1}` : `qty ${k + 1}`,
        ),
      );
      expect(platform.maxInFlight).toBe(1);
      const state = store.cartStore.getState();
      expect(state.cart!.lineItems).toHaveLength(6);
      expect(state.cart!.lineItems[0]!.quantity).toBe(49);
      expect(state.pending).toBe(false);
    });
  });

  describe('refusals', () => {
    it('rolls a refused quantity back and keeps the error on that line only', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [
        { productId: 'p1', quantity: 1 },
        { productId: 'p2', quantity: 1 },
      ]);
      await store.cartStore.load();
      const refusal = store.cartStore.updateQuantities([{ id: 'line-1', quantity: 500 }]);
      void store.cartStore.updateQuantities([{ id: 'line-2', quantity: 2 }]);
      expect(quantities(store.cartStore.getState())).toEqual([
        ['p1', 500],
        ['p2', 2],
      ]);
      const error: unknown = await refusal.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreApplicationError);
      await store.cartStore.whenIdle();
      const state = store.cartStore.getState();
      expect(quantities(state)).toEqual([
        ['p1', 1],
        ['p2', 2],
      ]);
      expect(state.lines['line-1']).toEqual({ pending: false, error });
      expect(state.lines['line-2']).toEqual({ pending: false, error: undefined });
      expect(state.failures).toEqual([
        { operation: 'updateQuantities', lineItemIds: ['line-1'], error },
      ]);

      // A new change to the line clears its error.
      await store.cartStore.updateQuantities([{ id: 'line-1', quantity: 3 }]);
      expect(store.cartStore.getState().lines['line-1']).toEqual({
        pending: false,
        error: undefined,
      });
    });

    it('takes a refused new line away and reports what was not added', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      const refusal = store.cartStore.addItems({ lineItems: [storesLineItem('sold-out-1', 1)] });
      const queued = store.cartStore.updateQuantities([
        { id: store.cartStore.getState().cart!.lineItems[0]!.id, quantity: 2 },
      ]);
      const queuedOutcome = queued.catch((error: unknown) => error);
      expect(store.cartStore.getState().itemCount).toBe(2);
      await expect(refusal).rejects.toBeInstanceOf(StoreApplicationError);
      // The change to the line that never came to be is not sent.
      expect(await queuedOutcome).toBeInstanceOf(CartOperationCancelledError);
      const state = store.cartStore.getState();
      expect(state.cart).toBeNull();
      expect(state.failures[0]).toMatchObject({
        operation: 'addItems',
        lineItems: [{ catalogReference: storesCatalogReference('sold-out-1'), quantity: 1 }],
      });
      expect(platform.cartCalls()).toHaveLength(1);
    });

    it('applies and removes a coupon at once, with its own pending flag and error', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }]);
      await store.cartStore.load();
      platform.paused = true;
      const applying = store.cartStore.update({ couponCode: 'SAVE10' });
      expect(store.cartStore.getState().coupon).toEqual({
        code: 'SAVE10',
        pending: true,
        error: undefined,
      });
      expect(store.cartStore.getState().lines['line-1']?.pending).toBe(false);
      platform.paused = false;
      platform.release();
      await applying;
      expect(store.cartStore.getState().coupon).toEqual({
        code: 'SAVE10',
        pending: false,
        error: undefined,
      });

      const bad = store.cartStore.update({ couponCode: 'BAD' });
      expect(store.cartStore.getState().coupon.code).toBe('BAD');
      const error: unknown = await bad.catch((e: unknown) => e);
      expect(store.cartStore.getState().coupon).toEqual({ code: 'SAVE10', pending: false, error });

      const removing = store.cartStore.removeCoupon();
      expect(store.cartStore.getState().coupon).toMatchObject({
        code: undefined,
        pending: true,
        error: undefined,
      });
      await removing;
      expect(store.cartStore.getState().coupon).toEqual({
        code: undefined,
        pending: false,
        error: undefined,
      });
      expect(platform.cartCalls().map((c) => `${c.method} ${c.path.split('/').pop()}`)).toEqual([
        'GET current',
        'PATCH current',
        'PATCH current',
        'POST remove-coupon',
      ]);
    });

    it('refuses bad arguments at once, changing nothing and sending nothing', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      const before = store.cartStore.getState();
      await expect(
        store.cartStore.updateQuantities([{ id: 'line-1', quantity: -1 }]),
      ).rejects.toBeInstanceOf(StoreArgumentError);
      await expect(
        store.cartStore.updateQuantities([{ id: '', quantity: 1 }]),
      ).rejects.toMatchObject({
        argument: 'lineItems[0].id',
      });
      await expect(
        store.cartStore.addItems({ lineItems: [storesLineItem('p1', 1.5)] }),
      ).rejects.toMatchObject({
        argument: 'lineItems[0].quantity',
      });
      await expect(store.cartStore.addItems({ lineItems: [] })).rejects.toBeInstanceOf(
        StoreArgumentError,
      );
      await expect(store.cartStore.removeItems([])).rejects.toBeInstanceOf(StoreArgumentError);
      expect(store.cartStore.getState()).toBe(before);
      expect(platform.calls).toHaveLength(0);
    });

    it('clearErrors forgets refused changes', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }]);
      await store.cartStore.load();
      await store.cartStore
        .updateQuantities([{ id: 'line-1', quantity: 500 }])
        .catch(() => undefined);
      store.cartStore.clearErrors('line-1');
      expect(store.cartStore.getState().lines['line-1']?.error).toBeUndefined();
      expect(store.cartStore.getState().failures).toEqual([]);
    });
  });

  describe('reads and checkout through the queue', () => {
    it('estimates, checks out and clears after the queued changes', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      void store.cartStore.addItems({ lineItems: [storesLineItem('p1', 2)] });
      const estimate = await store.cartStore.estimateTotals({ shippingAddress: { country: 'US' } });
      expect(estimate.priceSummary).toEqual({ total: { amount: '20' } });
      expect(store.cartStore.getState().estimate).toEqual(estimate);
      const checkout = checkoutOn('visitor-a');
      await expect(store.cartStore.createCheckout({ channelType: 'WEB' })).resolves.toEqual(
        checkout.answer,
      );
      const clearing = store.cartStore.delete();
      expect(store.cartStore.getState().cart).toBeNull();
      await clearing;
      expect(store.cartStore.getState()).toMatchObject({
        cart: null,
        estimate: undefined,
        status: 'ready',
      });
      expect(platform.cartCalls().map((c) => `${c.method} ${c.path.split('/').pop()}`)).toEqual([
        'POST add-to-cart',
        // Cart V2 estimates the cart as it is: the address goes on the cart first.
        ...(cartApi === 'v2' ? ['PATCH current'] : []),
        'POST estimate-totals',
        checkout.call,
        'DELETE current',
      ]);
    });
  });

  describe('tabs', () => {
    it('a change confirmed in one tab reaches the other without a reload', async () => {
      const platform = cartPlatform();
      const tokens = platform.tokensFor('visitor-a', 'visitor');
      const one = tab(platform, tokens, 'shared-shop', true);
      const two = tab(platform, tokens, 'shared-shop', true);
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }]);
      await one.cartStore.load();
      await two.cartStore.load();
      const readsBefore = platform.cartCalls().length;

      await one.cartStore.updateQuantities([{ id: 'line-1', quantity: 7 }]);
      await vi.waitFor(() => expect(two.cartStore.getState().cart!.lineItems[0]!.quantity).toBe(7));
      expect(two.cartStore.getState().cart).toEqual(one.cartStore.getState().cart);
      // Same cart: the other tab adopted it without asking the platform.
      expect(platform.cartCalls()).toHaveLength(readsBefore + 1);
    });

    it('a tab whose cart differs reads its own instead of adopting another', async () => {
      const platform = cartPlatform();
      const tokens = platform.tokensFor('visitor-a', 'visitor');
      const one = tab(platform, tokens, 'shared-shop-2', true);
      const two = tab(platform, tokens, 'shared-shop-2', true);
      await two.cartStore.load();
      expect(two.cartStore.getState().cart).toBeNull();
      await one.cartStore.addItems({ lineItems: [storesLineItem('p1', 1)] });
      await vi.waitFor(() => expect(two.cartStore.getState().itemCount).toBe(1));
      const last = platform.cartCalls().at(-1)!;
      expect(last).toMatchObject({ method: 'GET', owner: 'visitor-a' });
    });

    it('keeps its cart when another tab posts an older copy of the same cart', async () => {
      const platform = cartPlatform();
      const tokens = platform.tokensFor('visitor-a', 'visitor');
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }]);
      const store = tab(platform, tokens, 'older-shop', true);
      await store.cartStore.updateQuantities([{ id: 'line-1', quantity: 4 }]).catch(() => {});
      await store.cartStore.load();
      const current = store.cartStore.getState().confirmedCart!;
      const older = {
        ...current,
        lineItems: current.lineItems.map((line) => ({ ...line, quantity: 1 })),
        updatedDate: new Date(Date.parse(current.updatedDate!) - 60_000).toISOString(),
      };
      const otherTab = new BroadcastChannel('vitrine:older-shop:cart');
      otherTab.postMessage({ v: 1, source: 'another-tab', cart: older });
      await vi.advanceTimersByTimeAsync(50);
      await new Promise<void>((resolve) => setImmediate(resolve));
      otherTab.close();
      expect(store.cartStore.getState().cart!.lineItems[0]!.quantity).toBe(4);

      // A newer copy is adopted.
      const newer = {
        ...older,
        updatedDate: new Date(Date.parse(current.updatedDate!) + 60_000).toISOString(),
      };
      const again = new BroadcastChannel('vitrine:older-shop:cart');
      again.postMessage({ v: 1, source: 'another-tab', cart: newer });
      await vi.waitFor(() =>
        expect(store.cartStore.getState().cart!.lineItems[0]!.quantity).toBe(1),
      );
      again.close();
    });

    // A message on the channel is only read as a cart when it has a cart's shape: a forged or
    // foreign one (another version, no sender, a cart without a list of lines) changes nothing.
    it('ignores what is posted on its channel when it is not a cart', async () => {
      const platform = cartPlatform();
      const tokens = platform.tokensFor('visitor-a', 'visitor');
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 2 }]);
      const store = tab(platform, tokens, 'forged-shop', true);
      await store.cartStore.updateQuantities([{ id: 'line-1', quantity: 4 }]);
      const before = store.cartStore.getState();
      const callsBefore = platform.cartCalls().length;
      const { id, updatedDate } = before.confirmedCart!;
      const later = new Date(Date.parse(updatedDate!) + 60_000).toISOString();
      const forged: unknown[] = [
        { v: 1, source: 'another-tab', cart: { id, updatedDate: later, lineItems: 'all of it' } },
        { v: 1, source: 'another-tab', cart: { id, updatedDate: later } },
        { v: 1, source: 'another-tab', cart: 'cart' },
        { v: 2, source: 'another-tab', cart: { id, updatedDate: later, lineItems: [] } },
        { v: 1, cart: { id, updatedDate: later, lineItems: [] } },
        { v: 1, source: 42, cart: { id, updatedDate: later, lineItems: [] } },
        null,
        'reload',
      ];
      const otherTab = new BroadcastChannel('vitrine:forged-shop:cart');
      for (const message of forged) otherTab.postMessage(message);
      await vi.advanceTimersByTimeAsync(50);
      await new Promise<void>((resolve) => setImmediate(resolve));
      otherTab.close();
      expect(store.cartStore.getState()).toBe(before);
      expect(platform.cartCalls()).toHaveLength(callsBefore);
      // And the cart goes on from what the platform confirmed, not from any of them.
      await store.cartStore.updateQuantities([{ id: 'line-1', quantity: 5 }]);
      expect(quantities(store.cartStore.getState())).toEqual([['p1', 5]]);
    });

    it('two clients of one server process never hear each other (no tabSync)', async () => {
      const platform = cartPlatform();
      const tokens = platform.tokensFor('visitor-a', 'visitor');
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }]);
      const one = tab(platform, tokens, 'server-shop');
      const two = tab(platform, tokens, 'server-shop');
      await one.cartStore.load();
      await two.cartStore.load();
      const callsBefore = platform.cartCalls().length;
      await one.cartStore.updateQuantities([{ id: 'line-1', quantity: 5 }]);
      // Give any message a chance to arrive: a BroadcastChannel delivers within a macrotask.
      await vi.advanceTimersByTimeAsync(50);
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(two.cartStore.getState().cart!.lineItems[0]!.quantity).toBe(1);
      expect(platform.cartCalls()).toHaveLength(callsBefore + 1);
    });

    it('a tab that never used its cart stays idle', async () => {
      const platform = cartPlatform();
      const tokens = platform.tokensFor('visitor-a', 'visitor');
      const one = tab(platform, tokens, 'shared-shop-3', true);
      const two = tab(platform, tokens, 'shared-shop-3', true);
      void two;
      await one.cartStore.addItems({ lineItems: [storesLineItem('p1', 1)] });
      await one.cartStore.load();
      expect(two.cartStore.getState().status).toBe('idle');
      expect(platform.cartCalls()).toHaveLength(2);
    });
  });

  describe('identity changes', () => {
    it("carries a visitor's lines into the member's cart at sign-in and reports it", async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [
        { productId: 'p1', quantity: 2 },
        { productId: 'p2', quantity: 1 },
      ]);
      platform.seed('member-m1', [{ productId: 'p1', quantity: 1 }]);
      await store.cartStore.load();
      const states = record(store);

      await store.auth.getMemberTokensForExternalLogin('m1', 'api-key');
      // From the moment the member's tokens are in, the visitor's cart is gone from the state.
      expect(states[0]).toMatchObject({
        cart: null,
        status: 'loading',
        carryOver: { status: 'pending' },
      });
      await store.cartStore.whenIdle();

      const state = store.cartStore.getState();
      expect(state.carryOver).toMatchObject({ status: 'merged', failed: [] });
      expect(state.carryOver!.carried.map((line) => line.id)).toEqual(['line-1', 'line-2']);
      expect(quantities(state)).toEqual([
        ['p1', 3],
        ['p2', 1],
      ]);
      const add = platform.cartCalls().at(-1)!;
      expect(add).toMatchObject({
        method: 'POST',
        path: '/ecom/v1/carts/current/add-to-cart',
        owner: 'member-m1',
      });
      expect(add.body).toEqual({
        lineItems: [
          { catalogReference: storesCatalogReference('p1'), quantity: 2 },
          { catalogReference: storesCatalogReference('p2'), quantity: 1 },
        ],
      });
    });

    it('reads the visitor cart with the visitor token when this page never loaded it', async () => {
      const platform = cartPlatform();
      const visitor = platform.tokensFor('visitor-a', 'visitor');
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }]);
      const store = tab(platform, visitor);

      await store.auth.getMemberTokensForExternalLogin('m2', 'api-key');
      await store.cartStore.whenIdle();
      const calls = platform
        .cartCalls()
        .map((c) => `${c.method} ${c.path.split('/').pop()} ${c.owner}`);
      expect(calls).toEqual(['GET current visitor-a', 'POST add-to-cart member-m2']);
      expect(platform.cartCalls()[0]!.authorization).toBe(visitor.accessToken.value);
      expect(store.cartStore.getState()).toMatchObject({
        status: 'ready',
        itemCount: 1,
        carryOver: { status: 'merged' },
      });
    });

    // Regression: the storefront's hosted-login return loads the cart while the code is being
    // exchanged; a first load still on its way counted as "known" and nothing was carried.
    it('carries the visitor cart when sign-in lands during the first load', async () => {
      const platform = cartPlatform();
      const visitor = platform.tokensFor('visitor-a', 'visitor');
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 2 }]);
      const store = tab(platform, visitor);
      platform.paused = true;
      const firstLoad = store.cartStore.load().catch((error: unknown) => error);
      await vi.waitFor(() => expect(platform.held).toBe(1));
      expect(store.cartStore.getState().status).toBe('loading');
      const signIn = store.auth.getMemberTokensForExternalLogin('m9', 'api-key');
      await vi.waitFor(() => expect(store.auth.getState().role).toBe('member'));
      platform.paused = false;
      platform.release();
      await firstLoad;
      await signIn;
      await store.cartStore.whenIdle();
      expect(store.cartStore.getState()).toMatchObject({
        status: 'ready',
        itemCount: 2,
        carryOver: { status: 'merged' },
      });
      expect(quantities(store.cartStore.getState())).toEqual([['p1', 2]]);
      const adds = platform.cartCalls().filter((c) => c.path.endsWith('add-to-cart'));
      expect(adds.map((c) => c.owner)).toEqual(['member-m9']);
    });

    it('reports the lines that could not be carried', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [
        { productId: 'p1', quantity: 1 },
        { productId: 'sold-out-2', quantity: 1 },
      ]);
      await store.cartStore.load();
      await store.auth.getMemberTokensForExternalLogin('m3', 'api-key');
      await store.cartStore.whenIdle();
      const { carryOver } = store.cartStore.getState();
      expect(carryOver?.status).toBe('partial');
      expect(carryOver?.carried.map((line) => line.catalogReference?.catalogItemId)).toEqual([
        'p1',
      ]);
      expect(carryOver?.failed.map((f) => f.lineItem.catalogReference?.catalogItemId)).toEqual([
        'sold-out-2',
      ]);
      expect(carryOver?.failed[0]?.error).toBeInstanceOf(StoreApplicationError);
      expect(quantities(store.cartStore.getState())).toEqual([['p1', 1]]);
    });

    // Regression (issue 14): a coupon applied as a visitor was gone after signing in.
    it("carries the visitor's coupon into a member's cart that has none", async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 2 }], 'WELCOME10');
      await store.cartStore.load();
      await store.auth.getMemberTokensForExternalLogin('m1', 'api-key');
      expect(await store.cartStore.whenCarriedOver()).toMatchObject({
        status: 'merged',
        coupon: { code: 'WELCOME10', status: 'carried' },
      });
      const patch = platform.cartCalls().at(-1)!;
      expect(patch).toMatchObject({ method: 'PATCH', owner: 'member-m1' });
      expect(patch.body).toEqual({ couponCode: 'WELCOME10' });
      expect(store.cartStore.getState().coupon).toMatchObject({
        code: 'WELCOME10',
        pending: false,
      });
    });

    it("keeps the member's own coupon and reports the visitor's as not carried", async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }], 'WELCOME10');
      platform.seed('member-m2', [{ productId: 'p2', quantity: 1 }], 'SAVE5');
      await store.cartStore.load();
      await store.auth.getMemberTokensForExternalLogin('m2', 'api-key');
      expect(await store.cartStore.whenCarriedOver()).toMatchObject({
        status: 'merged',
        coupon: { code: 'WELCOME10', status: 'kept', memberCode: 'SAVE5' },
      });
      expect(platform.cartCalls().filter((call) => call.method === 'PATCH')).toEqual([]);
      expect(store.cartStore.getState().coupon.code).toBe('SAVE5');
    });

    it('reports a coupon the platform refuses for the member, with its reason; the lines still come', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }], 'BAD');
      await store.cartStore.load();
      await store.auth.getMemberTokensForExternalLogin('m3', 'api-key');
      const outcome = await store.cartStore.whenCarriedOver();
      expect(outcome).toMatchObject({
        status: 'merged',
        coupon: { code: 'BAD', status: 'failed' },
      });
      expect(outcome?.coupon?.error).toBeInstanceOf(StoreApplicationError);
      expect(outcome?.coupon?.error).toMatchObject({ code: 'COUPON_DOES_NOT_EXIST' });
      expect(store.cartStore.getState()).toMatchObject({
        itemCount: 1,
        coupon: { code: undefined },
      });
    });

    it('carries the coupon of a visitor cart read with the visitor token', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }], 'WELCOME10');
      // This page never loaded the cart (the page a hosted login returns to).
      await store.auth.getMemberTokensForExternalLogin('m4', 'api-key');
      expect(await store.cartStore.whenCarriedOver()).toMatchObject({
        coupon: { code: 'WELCOME10', status: 'carried' },
      });
      expect(
        platform.cartCalls().map((c) => `${c.method} ${c.path.split('/').pop()} ${c.owner}`),
      ).toEqual(['GET current visitor-a', 'POST add-to-cart member-m4', 'PATCH current member-m4']);
    });

    it("keeps the member's cart when the visitor had nothing", async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('member-m4', [{ productId: 'p5', quantity: 2 }]);
      await store.cartStore.load();
      await store.auth.getMemberTokensForExternalLogin('m4', 'api-key');
      await store.cartStore.whenIdle();
      expect(store.cartStore.getState()).toMatchObject({
        carryOver: { status: 'kept', carried: [], failed: [] },
        itemCount: 2,
      });
    });

    it('cancels changes not yet sent when the identity changes, and sends none of them', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }]);
      await store.cartStore.load();
      platform.paused = true;
      const onWire = store.cartStore.updateQuantities([{ id: 'line-1', quantity: 2 }]);
      const queued = store.cartStore.updateQuantities([{ id: 'line-1', quantity: 3 }]);
      const queuedOutcome = queued.catch((error: unknown) => error);
      await vi.waitFor(() => expect(platform.held).toBe(1));
      const signIn = store.auth.getMemberTokensForExternalLogin('m5', 'api-key');
      await vi.waitFor(() => expect(store.auth.getState().role).toBe('member'));
      expect(await queuedOutcome).toBeInstanceOf(CartOperationCancelledError);
      platform.paused = false;
      platform.release();
      await onWire;
      await signIn;
      await store.cartStore.whenIdle();
      const sent = platform.cartCalls().filter((c) => c.path.endsWith('quantity'));
      expect(sent.map((c) => c.body)).toEqual([{ lineItems: [{ id: 'line-1', quantity: 2 }] }]);
      // The pending quantity 3 was what the visitor saw, so that is what moves to the member.
      expect(store.cartStore.getState().carryOver?.carried[0]?.quantity).toBe(3);
      expect(quantities(store.cartStore.getState())).toEqual([['p1', 3]]);
    });

    it("never shows the member's cart after sign-out", async () => {
      const platform = cartPlatform();
      const member = platform.tokensFor('member-m6', 'member');
      platform.seed('member-m6', [{ productId: 'p1', quantity: 4 }]);
      const store = tab(platform, member);
      await store.cartStore.load();
      expect(store.cartStore.getState().itemCount).toBe(4);
      const states = record(store);

      await store.auth.logout('http://127.0.0.1/');
      await store.cartStore.whenIdle();
      expect(states.length).toBeGreaterThan(0);
      expect(states.every((state) => state.cart === null && state.itemCount === 0)).toBe(true);
      expect(store.cartStore.getState()).toMatchObject({ status: 'ready', cart: null });
      // Nobody has a cart after sign-out; nothing was read with anyone's token.
      expect(platform.cartCalls()).toHaveLength(1);
    });

    it('a first visitor grant during an add does not cancel it', async () => {
      const platform = cartPlatform();
      const store = tab(platform);
      const cart = await store.cartStore.addItems({ lineItems: [storesLineItem('p1', 1)] });
      expect(cart.lineItems).toHaveLength(1);
      expect(store.cartStore.getState()).toMatchObject({ status: 'ready', itemCount: 1 });
      expect(platform.cartCalls()[0]!.owner).toMatch(/^visitor-/);
    });

    it('another tab signing in makes this one read the new identity cart', async () => {
      const platform = cartPlatform();
      const visitor = platform.tokensFor('visitor-a', 'visitor');
      const member = platform.tokensFor('member-m7', 'member');
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }]);
      platform.seed('member-m7', [{ productId: 'p2', quantity: 2 }]);
      const store = tab(platform, visitor);
      await store.cartStore.load();
      store.auth.setTokens(member);
      expect(store.cartStore.getState().cart).toBeNull();
      await store.cartStore.whenIdle();
      expect(quantities(store.cartStore.getState())).toEqual([['p2', 2]]);
      expect(platform.cartCalls().at(-1)).toMatchObject({ method: 'GET', owner: 'member-m7' });
    });
  });

  describe('the names of store.cart', () => {
    it('sets several quantities in one call; a quantity of 0 removes its line', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.seed('visitor-a', [
        { productId: 'p1', quantity: 1 },
        { productId: 'p2', quantity: 1 },
        { productId: 'p3', quantity: 1 },
      ]);
      await store.cartStore.load();
      platform.paused = true;
      const changing = store.cartStore.updateQuantities([
        { id: 'line-1', quantity: 4 },
        { id: 'line-2', quantity: 0 },
        { id: 'line-3', quantity: 2 },
      ]);
      expect(quantities(store.cartStore.getState())).toEqual([
        ['p1', 4],
        ['p3', 2],
      ]);
      platform.paused = false;
      platform.release();
      await changing;
      expect(
        platform
          .cartCalls()
          .slice(1)
          .map((c) => [c.path.split('/').pop(), c.body]),
      ).toEqual([
        ['remove-line-items', { lineItemIds: ['line-2'] }],
        [
          'update-line-items-quantity',
          {
            lineItems: [
              { id: 'line-1', quantity: 4 },
              { id: 'line-3', quantity: 2 },
            ],
          },
        ],
      ]);
      expect(quantities(store.cartStore.getState())).toEqual([
        ['p1', 4],
        ['p3', 2],
      ]);
    });

    it('keeps the deprecated call shapes working, with the same calls', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      const cart = store.cartStore;
      await cart.addItems([storesLineItem('p1', 2)]);
      await cart.updateQuantity('line-1', 3);
      await cart.applyCoupon('SAVE10');
      await expect(cart.applyCoupon('')).rejects.toMatchObject({ argument: 'code' });
      await expect(cart.updateQuantity('', 1)).rejects.toMatchObject({ argument: 'lineItemId' });
      const checkout = checkoutOn('visitor-a');
      await expect(cart.checkout()).resolves.toEqual(checkout.answer);
      await cart.updateQuantity('line-1', 0);
      await cart.clear();
      expect(platform.cartCalls().map((c) => `${c.method} ${c.path.split('/').pop()}`)).toEqual([
        'POST add-to-cart',
        'POST update-line-items-quantity',
        'PATCH current',
        checkout.call,
        'POST remove-line-items',
        'DELETE current',
      ]);
      expect(cart.getState()).toMatchObject({ cart: null, status: 'ready' });
    });
  });

  describe('dispose', () => {
    it('cancels what is queued and refuses new changes', async () => {
      const platform = cartPlatform();
      const store = tab(platform, platform.tokensFor('visitor-a', 'visitor'));
      platform.paused = true;
      const first = store.cartStore.load();
      const second = store.cartStore.addItems({ lineItems: [storesLineItem('p1', 1)] });
      await vi.waitFor(() => expect(platform.held).toBe(1));
      store.cartStore.dispose();
      await expect(second).rejects.toBeInstanceOf(CartOperationCancelledError);
      await expect(store.cartStore.load()).rejects.toBeInstanceOf(CartOperationCancelledError);
      platform.paused = false;
      platform.release();
      await expect(first).resolves.toBeNull();
    });
  });
});

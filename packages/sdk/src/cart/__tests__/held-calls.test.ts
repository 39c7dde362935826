// @vitest-environment jsdom
// The cart store's calls held while its engine's code loads, when the page is hidden for good
// (`pagehide`: a link followed right after "Add to cart"). Each test starts from fresh modules,
// so the engine's code is not loaded when it begins; the page is hidden before it can load.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ClientModule from '../../client/create-store-client.js';
import type { StoreClient } from '../../client/create-store-client.js';
import { memoryStorage } from '../../auth/storage/memory.js';
import { storesLineItem } from '../catalog-reference.js';
import { cartPlatform, type CartPlatform } from './cart-platform.js';

const T0 = Date.UTC(2026, 0, 1);
let clients: StoreClient[] = [];
let createStoreClient: typeof ClientModule.createStoreClient;
/** The cart API the clients of the tests running now use: each test runs on both. */
let cartApi: 'v1' | 'v2' = 'v1';

/** The paths of the cart calls named, on the cart API of the tests running now. */
const pathsOf = (...names: ('add' | 'quantities')[]) =>
  names.map((name) =>
    cartApi === 'v1'
      ? `POST /ecom/v1/carts/current/${name === 'add' ? 'add-to-cart' : 'update-line-items-quantity'}`
      : `POST /ecom/v2/carts/current/${name === 'add' ? 'add-line-items' : 'update-line-items'}`,
  );

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  vi.resetModules();
  ({ createStoreClient } = await import('../../client/create-store-client.js'));
});

afterEach(() => {
  for (const client of clients) client.dispose();
  clients = [];
  vi.useRealTimers();
});

/** A client of the fake platform, and whether each call it sent was kept alive. */
function tab(platform: CartPlatform, owner = 'visitor-a') {
  const keptAlive: string[] = [];
  const client = createStoreClient({
    clientId: 'shop',
    baseUrl: 'http://127.0.0.1:4010',
    fetch: (input, init) => {
      const request = new Request(input, init);
      if (request.keepalive) keptAlive.push(`${request.method} ${new URL(request.url).pathname}`);
      return platform.fetch(request);
    },
    retry: 0,
    tabSync: false,
    cart: cartApi,
    storage: memoryStorage(),
    tokens: platform.tokensFor(owner, 'visitor'),
  });
  clients.push(client);
  return { client, keptAlive };
}

const hidePage = () => window.dispatchEvent(new Event('pagehide'));
const sent = (platform: CartPlatform) =>
  platform.cartCalls().map((call) => `${call.method} ${call.path.split('/').pop()} ${call.owner}`);

describe.each(['v1', 'v2'] as const)('held-calls on Cart %s', (api) => {
  beforeAll(() => {
    cartApi = api;
  });

  describe('when the page is hidden before the engine has loaded', () => {
    // Regression: an add made while the engine's chunk downloaded vanished with the page.
    it('sends the adds held at once, kept alive, and the engine does not send them again', async () => {
      const platform = cartPlatform();
      const { client, keptAlive } = tab(platform);
      const reading = client.cartStore.load();
      const adding = client.cartStore.addItems({
        lineItems: [{ ...storesLineItem('p1', 2), preview: { productName: { original: 'Mug' } } }],
      });
      hidePage();

      await expect(adding).resolves.toMatchObject({ lineItems: [{ quantity: 2 }] });
      expect(keptAlive).toEqual(pathsOf('add'));
      // The preview is shown, never sent.
      expect(platform.cartCalls()[0]!.body).toEqual({ lineItems: [storesLineItem('p1', 2)] });
      // The page came back (back-forward cache): the engine reads the cart instead.
      await expect(reading).resolves.toMatchObject({ lineItems: [{ quantity: 2 }] });
      await client.cartStore.whenIdle();
      expect(sent(platform).filter((call) => call.startsWith('POST'))).toEqual([
        'POST add-to-cart visitor-a',
      ]);
      expect(client.cartStore.getState()).toMatchObject({ status: 'ready', itemCount: 2 });
    });

    it('keeps the changes in order: the adds after one that needs the engine wait for it', async () => {
      const platform = cartPlatform();
      platform.seed('visitor-a', [{ productId: 'p1', quantity: 1 }]);
      const { client } = tab(platform);
      const first = client.cartStore.addItems({ lineItems: [storesLineItem('p2', 1)] });
      const removing = client.cartStore.removeItems(['line-1']);
      const second = client.cartStore.addItems({ lineItems: [storesLineItem('p1', 1)] });
      hidePage();

      await first;
      expect(sent(platform)).toEqual(['POST add-to-cart visitor-a']);
      await Promise.all([removing, second]);
      // The engine reads the cart the add made before it sends what came after it.
      expect(sent(platform)).toEqual([
        'POST add-to-cart visitor-a',
        'GET current visitor-a',
        'POST remove-line-items visitor-a',
        'POST add-to-cart visitor-a',
      ]);
    });

    it('never sends a change made before the identity changed', async () => {
      const platform = cartPlatform();
      const { client } = tab(platform);
      const before = client.cartStore.addItems({ lineItems: [storesLineItem('p1', 1)] });
      client.auth.setTokens(platform.tokensFor('visitor-b', 'visitor'));
      const after = client.cartStore.addItems({ lineItems: [storesLineItem('p2', 1)] });
      hidePage();

      await after;
      await expect(before).rejects.toMatchObject({ name: 'CartOperationCancelledError' });
      await client.cartStore.whenIdle();
      expect(sent(platform).filter((call) => call.startsWith('POST'))).toEqual([
        'POST add-to-cart visitor-b',
      ]);
    });

    it('refuses a bad add at once, and sends nothing for it', async () => {
      const platform = cartPlatform();
      const { client } = tab(platform);
      const adding = client.cartStore.addItems({ lineItems: [storesLineItem('p1', 0)] });
      hidePage();
      await expect(adding).rejects.toMatchObject({ argument: 'lineItems[0].quantity' });
      await client.cartStore.whenIdle();
      expect(platform.cartCalls()).toEqual([]);
    });
  });

  it('the engine sends its changes kept alive too, and its reads as usual', async () => {
    const platform = cartPlatform();
    const { client, keptAlive } = tab(platform);
    await client.cartStore.load();
    await client.cartStore.addItems({ lineItems: [storesLineItem('p1', 1)] });
    await client.cartStore.updateQuantities([{ id: 'line-1', quantity: 3 }]);
    await client.cartStore.estimateTotals();
    expect(keptAlive).toEqual(pathsOf('add', 'quantities'));
  });
});

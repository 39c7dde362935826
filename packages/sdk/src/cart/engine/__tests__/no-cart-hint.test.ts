// @vitest-environment jsdom
/**
 * A visitor this browser minted has no cart, and the pages after it (the return from the hosted
 * sign-in above all) do not ask the platform for one: its only answer would be a 404, which
 * browsers log as an error. Never at the price of a cart: any add, whoever sends it, is seen.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStoreClient, type StoreClient } from '../../../client/create-store-client.js';
import { storesLineItem } from '../../catalog-reference.js';
import { loadCartEngine } from '../../cart-store.js';
import { NO_CART_KEY } from '../../current-cart-path.js';
import { cartPlatform, type CartPlatform } from '../../__tests__/cart-platform.js';

const clients: StoreClient[] = [];

beforeAll(() => loadCartEngine());
beforeEach(() => localStorage.clear());
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

/** A page of the shop: a client of one browser's storage (tabs share their cart). */
function page(platform: CartPlatform, tabSync = true): StoreClient {
  const client = createStoreClient({
    clientId: 'shop',
    baseUrl: 'http://127.0.0.1:4010',
    fetch: platform.fetch,
    retry: 0,
    tabSync,
  });
  clients.push(client);
  return client;
}

const cartCalls = (platform: CartPlatform) =>
  platform.cartCalls().map((call) => `${call.method} ${call.path.split('/').pop()} ${call.owner}`);

/** A first page: a visitor is minted, the cart is shown (none: nothing asked). */
async function firstVisit(platform: CartPlatform): Promise<void> {
  const first = page(platform);
  await first.auth.generateVisitorTokens();
  await expect(first.cartStore.load()).resolves.toBeNull();
}

describe('no-cart hint', () => {
  it('a later page and the sign-in read no cart of a visitor minted here that never added', async () => {
    const platform = cartPlatform();
    platform.seed('member-m1', [{ productId: 'p9', quantity: 1 }]);
    await firstVisit(platform);

    // The return from the hosted sign-in page: a new page of the same browser.
    const callback = page(platform);
    await expect(callback.cartStore.load()).resolves.toBeNull();
    await callback.auth.getMemberTokensForExternalLogin('m1', 'api-key');
    await callback.cartStore.whenIdle();

    // Only the member's cart was read (by this page, and maybe by the first, its tab, hearing of
    // the sign-in): never the visitor's, which the platform would answer 404.
    expect(new Set(cartCalls(platform))).toEqual(new Set(['GET current member-m1']));
    expect(callback.cartStore.getState()).toMatchObject({
      status: 'ready',
      itemCount: 1,
      carryOver: { status: 'kept', carried: [], failed: [] },
    });
    // Used at the sign-in: the next visitor starts from nothing remembered.
    expect(localStorage.getItem(NO_CART_KEY)).toBeNull();
  });

  it("an add sent by another page (the app's own call) shows, and is carried at sign-in", async () => {
    const platform = cartPlatform();
    await firstVisit(platform);
    const other = page(platform);
    await other.cart.addItems({ lineItems: [storesLineItem('p1', 2)] });

    const callback = page(platform);
    await callback.auth.getMemberTokensForExternalLogin('m1', 'api-key');
    await callback.cartStore.whenIdle();
    expect(callback.cartStore.getState()).toMatchObject({
      itemCount: 2,
      carryOver: { status: 'merged' },
    });
    expect(cartCalls(platform)).toContain(`GET current ${platform.calls[0]!.owner}`);
  });

  it('an add made before the engine heard of the minting is never hidden by it', async () => {
    const platform = cartPlatform();
    // The add itself mints the visitor; the engine hears of the minting only when it starts.
    const first = page(platform);
    await first.cart.addItems({ lineItems: [storesLineItem('p1', 1)] });
    await first.cartStore.load();
    expect(first.cartStore.getState().itemCount).toBe(1);

    const next = page(platform);
    await expect(next.cartStore.load()).resolves.toMatchObject({
      lineItems: [expect.objectContaining({ quantity: 1 })],
    });
  });

  it("forgets at sign-out the marks a member's adds left: the next visitor's cart is not read at its sign-in", async () => {
    const platform = cartPlatform();
    // A visitor adds, signs in (the carry-over adds to the member's cart), and signs out.
    const shop = page(platform);
    await shop.cart.addItems({ lineItems: [storesLineItem('p1', 1)] });
    await shop.auth.getMemberTokensForExternalLogin('m1', 'api-key');
    await shop.cartStore.whenCarriedOver();
    await shop.cartStore.whenIdle();
    shop.dispose();
    // Signed out from a page that never needed the cart (its engine never started).
    const account = page(platform);
    await account.auth.logout('http://127.0.0.1/');
    expect(localStorage.getItem(NO_CART_KEY)).toBeNull();
    const before = platform.cartCalls().length;

    // The next visitor adds nothing, and signs in on the hosted page.
    const home = page(platform);
    await home.auth.generateVisitorTokens();
    await expect(home.cartStore.load()).resolves.toBeNull();
    const callback = page(platform);
    await expect(callback.cartStore.load()).resolves.toBeNull();
    await callback.auth.getMemberTokensForExternalLogin('m1', 'api-key');
    await callback.cartStore.whenIdle();
    expect(cartCalls(platform).slice(before)).toEqual(['GET current member-m1']);
    expect(callback.cartStore.getState().itemCount).toBe(1);
  });

  it('forgets it when a member gives way to another identity without a sign-out', async () => {
    const platform = cartPlatform();
    const shop = page(platform);
    await shop.auth.getMemberTokensForExternalLogin('m1', 'api-key');
    await shop.cart.addItems({ lineItems: [storesLineItem('p1', 1)] });
    await shop.cartStore.whenIdle();
    expect(localStorage.getItem(NO_CART_KEY)).toBe('');
    await shop.auth.getMemberTokensForExternalLogin('m2', 'api-key');
    await shop.cartStore.whenIdle();
    expect(localStorage.getItem(NO_CART_KEY)).toBeNull();
  });

  it('keeps nothing where tabs do not share their cart (a server)', async () => {
    const platform = cartPlatform();
    const server = page(platform, false);
    await server.auth.generateVisitorTokens();
    await server.cartStore.load();
    expect(localStorage.getItem(NO_CART_KEY)).toBeNull();
  });
});

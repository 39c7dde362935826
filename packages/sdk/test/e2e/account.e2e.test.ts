/**
 * What a shop's account page needs, against the local emulator on a free port: the signed-in
 * member's record, their past orders (and not another member's), recommendations for a cart, and
 * product images at the sizes a page shows them.
 */
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  STORES_RECOMMENDATION_ALGORITHMS,
  createStoreClient,
  isStoreApplicationError,
  memoryStorage,
  scaledImageUrl,
  storesLineItem,
  type Product,
  type StoreClient,
  type StoreClientOptions,
} from '../../src/index.js';

let emulator: Emulator;
const clients: StoreClient[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

afterAll(async () => {
  for (const store of clients) store.dispose();
  await emulator.close();
});

beforeEach(async () => {
  await emulator.reset();
});

function client(options: Partial<StoreClientOptions> = {}): StoreClient {
  const store = createStoreClient({
    clientId: emulator.clientId,
    baseUrl: emulator.url,
    redirectUri: emulator.redirectUris.find((uri) => uri.endsWith('/callback'))!,
    storage: memoryStorage(),
    ...options,
  });
  clients.push(store);
  return store;
}

async function signedUp(email: string, profile?: { firstName: string }): Promise<StoreClient> {
  const store = client();
  const result = await store.auth.register({
    email,
    password: 'A-long-passw0rd!',
    ...(profile ? { profile } : {}),
  });
  expect(result.loginState).toBe('SUCCESS');
  return store;
}

/** A product without options, in stock. */
async function simpleProduct(store: StoreClient, skip = 0): Promise<Product> {
  const page = await store.products.query({
    filter: { 'stock.inStock': true, productType: 'physical' },
    paging: { limit: 100 },
  });
  return page.items.filter((p) => (p.productOptions?.length ?? 0) === 0)[skip]!;
}

/** Buys the cart on the hosted checkout page, as a shopper's browser would; the new order's id. */
async function checkOut(store: StoreClient): Promise<string> {
  const { checkoutId } = await store.cart.createCheckout({
    shippingAddress: { country: 'US' },
    selectedShippingOption: { code: 'standard' },
  });
  const { redirectSession } = await store.redirects.createSession({
    ecomCheckout: { checkoutId },
    callbacks: { thankYouPageUrl: emulator.redirectUris[0]! },
  });
  const page = await (await fetch(redirectSession.fullUrl)).text();
  const fields = new URLSearchParams();
  for (const [, name, value] of page.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  ))
    fields.set(
      name!,
      value!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))),
    );
  const placed = await fetch(`${emulator.url}/checkout`, {
    method: 'POST',
    body: fields,
    redirect: 'manual',
  });
  return new URL(placed.headers.get('location')!).searchParams.get('orderId')!;
}

describe('account against the emulator', () => {
  it("reads the signed-in member's record; a visitor is not a member", async () => {
    const ada = await signedUp('ada@example.com', { firstName: 'Ada' });
    const member = await ada.members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(member).toMatchObject({
      loginEmail: 'ada@example.com',
      contactId: member.id,
      profile: { nickname: 'Ada' },
      contact: { firstName: 'Ada', emails: ['ada@example.com'] },
    });
    const visitor = client();
    const error: unknown = await visitor.members.getCurrentMember().catch((e: unknown) => e);
    expect(isStoreApplicationError(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it("lists a member's orders after checkout, newest first, and never another member's", async () => {
    const ada = await signedUp('ada-orders@example.com');
    const bob = await signedUp('bob-orders@example.com');
    const first = await simpleProduct(ada, 0);
    const second = await simpleProduct(ada, 1);
    await ada.cart.addItems({ lineItems: [storesLineItem(first.id, 2)] });
    const older = await checkOut(ada);
    await ada.cart.addItems({ lineItems: [storesLineItem(second.id, 1)] });
    const newer = await checkOut(ada);
    await bob.cart.addItems({ lineItems: [storesLineItem(first.id, 1)] });
    await checkOut(bob);

    const page = await ada.orders.search({ cursorPaging: { limit: 1 } });
    expect(page.items.map((o) => o.id)).toEqual([newer]);
    expect(page.items[0]).toMatchObject({
      number: expect.any(String),
      status: 'APPROVED',
      lineItems: [
        {
          productName: { original: second.name },
          quantity: 1,
          image: { id: second.media!.mainMedia!.id, url: second.media!.mainMedia!.image!.url },
        },
      ],
    });
    expect(page.hasNext()).toBe(true);
    const next = await page.next();
    expect(next.items.map((o) => o.id)).toEqual([older]);

    const all: string[] = [];
    for await (const order of ada.orders.iterate({ cursorPaging: { limit: 1 } }))
      all.push(order.id!);
    expect(all).toEqual([newer, older]);
    const bobs = await bob.orders.search({ filter: { id: older } });
    expect(bobs.items).toEqual([]);

    // The merchant reads any order by id with the API key; a member's token may not.
    const merchant = client({ apiKey: emulator.apiKey });
    await expect(merchant.orders.get(older)).resolves.toMatchObject({ id: older });
    await expect(ada.orders.get(older)).rejects.toMatchObject({ status: 403 });
  });

  it('recommends products for a cart', async () => {
    const store = client();
    const product = await simpleProduct(store);
    const { items, algorithm } = await store.recommendations.get({
      algorithms: [STORES_RECOMMENDATION_ALGORITHMS.fromSimilarCategories],
      items: [
        { catalogItemId: product.id, appId: STORES_RECOMMENDATION_ALGORITHMS.bestSellers.appId },
      ],
      minimumRecommendedItems: 4,
    });
    expect(algorithm).toEqual(STORES_RECOMMENDATION_ALGORITHMS.fromSimilarCategories);
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.map((i) => i.catalogItemId)).not.toContain(product.id);
    const algorithms = await store.recommendations.listAlgorithms();
    expect(algorithms.map((a) => a.config?.algorithmId)).toContain(algorithm!.id);
  });

  it('gives product images at the size asked for, which the emulator serves', async () => {
    const merchant = client({ apiKey: emulator.apiKey });
    const product = await simpleProduct(merchant);
    const old = (product.media?.items ?? []).map((m) => m.id!);
    await merchant.products.removeMedia(product.id, old);
    await merchant.products.addMedia(product.id, [{ mediaId: 'studio-shot.jpg' }]);
    const image = (await merchant.products.get(product.id)).media!.mainMedia!.image!;
    const url = scaledImageUrl(image, { width: 120, height: 90 });
    expect(url).toBe(
      `${emulator.url}/media/studio-shot.jpg/v1/fill/w_120,h_90,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/studio-shot.jpg`,
    );
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('width="120" height="90"');
  });
});

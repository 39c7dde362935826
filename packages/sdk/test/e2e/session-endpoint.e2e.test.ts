/**
 * A session kept on the shop's server, end to end: a browser-side client on
 * `sessionEndpoint(url)`, the shop server's `answerSessionRequest` holding the refresh token in
 * an HttpOnly cookie, and the local emulator as the platform. One `fetch` plays the network:
 * requests to the shop carry the browser's cookie jar, requests to the platform go to the
 * emulator.
 */
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createStoreClient,
  memoryStorage,
  sessionEndpoint,
  storesLineItem,
  type StoreClient,
} from '../../src/index.js';
import { answerSessionRequest, createServerStoreClient } from '../../src/server.js';

const SHOP = 'http://shop.test';

let emulator: Emulator;
const clients: StoreClient[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(async () => {
  for (const client of clients) client.dispose();
  await emulator.close();
});
beforeEach(() => emulator.reset());

/** A browser: its cookie jar, the shop's session endpoint behind it, and what it sent where. */
function browser() {
  const jar = new Map<string, string>();
  const seen: string[] = [];
  const fetchFor = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}`);
    if (url.origin !== SHOP) return fetch(request);
    const headers = new Headers(request.headers);
    headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await answerSessionRequest(new Request(request, { headers }), {
      clientId: 'vitrine-local-client',
      baseUrl: emulator.url,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    return response;
  };
  const page = () => {
    const store = createStoreClient({
      clientId: 'vitrine-local-client',
      baseUrl: emulator.url,
      fetch: fetchFor,
      storage: memoryStorage(),
      session: sessionEndpoint(`${SHOP}/_vitrine/session`),
    });
    clients.push(store);
    return store;
  };
  return { jar, seen, page };
}

/** A seeded product one can add without choosing options. */
async function productWithoutOptions(store: StoreClient) {
  for await (const product of store.products.iterate({ paging: { limit: 20 } })) {
    if ((product.productOptions?.length ?? 0) === 0 && product.stock?.inStock) return product;
  }
  throw new Error('the seed has no product without options');
}

describe('a session kept on the shop server', () => {
  it('a page gets its token from the shop, shops with it, and the next page finds the same cart', async () => {
    const shopper = browser();
    const first = shopper.page();
    const product = await productWithoutOptions(first);
    await first.cart.addItems({ lineItems: [storesLineItem(product.id, 2)] });
    expect(shopper.seen.filter((line) => line.includes('/oauth2/token'))).toEqual([]);
    expect(shopper.seen[0]).toBe('POST /_vitrine/session');
    // The refresh token is in the HttpOnly cookie only, never in the browser's client.
    expect(first.auth.getTokens()?.refreshToken.value).not.toMatch(/^[A-Za-z0-9+/=_-]{40,}$/);

    const second = shopper.page();
    const cart = await second.cart.get();
    expect(
      cart.lineItems.map((line) => [line.catalogReference?.catalogItemId, line.quantity]),
    ).toEqual([[product.id, 2]]);
    // The two pages' clients hold the same server identity.
    expect(second.auth.getTokens()?.refreshToken.value).toBe(
      first.auth.getTokens()?.refreshToken.value,
    );
  });

  it('the shop server, reading the same cookie, sees the cart the browser filled', async () => {
    const shopper = browser();
    const page = shopper.page();
    const product = await productWithoutOptions(page);
    await page.cart.addItems({ lineItems: [storesLineItem(product.id, 1)] });
    const server = await createServerStoreClient({
      clientId: 'vitrine-local-client',
      baseUrl: emulator.url,
      cookies: { get: (name) => shopper.jar.get(name) },
    });
    clients.push(server);
    expect((await server.cart.get()).lineItems).toHaveLength(1);
  });
});

// docs/server-rendering.md of this package, "Plain Node server", run for real: the shop's server on node:http
// against the emulator on a free port, then the page hydrated in the browser (jsdom) with the
// cookies and state the server sent.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act } from '@testing-library/react';
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieStorage, createStoreClient, storesLineItem } from '@vitrine/sdk';
import { hydrateShop, type ShopState } from './node-server/hydrate-shop.js';
import { startShopServer } from './node-server/shop-server.js';

let emulator: Emulator;
let shop: Server;
let shopUrl: string;
const platformCalls: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, logger: (line) => platformCalls.push(line) });
  shop = await startShopServer({ apiUrl: emulator.url, clientId: emulator.clientId });
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => shop.close(resolve));
  await emulator.close();
});

const grants = () => platformCalls.filter((line) => line.includes('POST /oauth2/token')).length;
const cartReads = () =>
  platformCalls.filter((line) => line.includes('GET /ecom/v2/carts/current')).length;

async function load(cookie?: string) {
  const response = await fetch(shopUrl, cookie ? { headers: { cookie } } : {});
  const html = await response.text();
  return { response, html, setCookies: response.headers.getSetCookie() };
}

function stateIn(html: string): ShopState {
  const json = /window\.__SHOP_STATE__ = (.*?)<\/script>/.exec(html)![1]!;
  return JSON.parse(json) as ShopState;
}

describe('plain Node server with renderToString', () => {
  it('renders products, role and cart count; one grant per new visitor; the browser reads nothing again', async () => {
    // A new visitor: one grant on the server, a cookie for the browser, no cart read.
    const first = await load();
    expect(first.response.status).toBe(200);
    expect(first.html).toContain('Signed in as <!-- -->visitor');
    expect(first.html).toContain('Cart: <!-- -->0');
    expect(first.html).toMatch(/<li>[^<]+<\/li>/);
    expect(grants()).toBe(1);
    expect(cartReads()).toBe(0);
    expect(first.setCookies).toHaveLength(1);
    const [setCookie] = first.setCookies as [string];
    expect(setCookie).toMatch(/^vitrine\.vitrine-local-client\.tokens=v1\.[\w-]+; Path=\/;/);
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure'); // plain http
    const cookie = setCookie.split(';')[0]!;

    // The visitor adds to the cart (from the browser, here through the SDK on the same cookie).
    const jar = new Map([cookie.split('=') as [string, string]].map(([k, v]) => [k, v]));
    const asBrowser = createStoreClient({
      clientId: emulator.clientId,
      baseUrl: emulator.url,
      storage: cookieStorage({ get: (name) => jar.get(name), set: () => {} }),
    });
    const { products } = await (
      await asBrowser.fetch('/stores-reader/v1/products/query-platformized', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: { paging: { limit: 60 } } }),
      })
    ).json();
    const simple = (products as { id: string; manageVariants?: boolean }[]).find(
      (product) => !product.manageVariants,
    )!;
    await asBrowser.cart.addItems({ lineItems: [storesLineItem(simple.id, 2)] });

    // Returning: no grant, no cookie written, the cart count in the server HTML.
    const again = await load(cookie);
    expect(again.html).toContain('Cart: <!-- -->2');
    expect(again.setCookies).toEqual([]);
    expect(grants()).toBe(1);
    // The server read the cart (Cart V2's, the default) to render its count.
    expect(cartReads()).toBe(1);

    // The browser hydrates the page with the same cookie: no grant, no cart or product read.
    const callsBefore = platformCalls.length;
    document.cookie = cookie;
    const container = document.createElement('div');
    container.innerHTML = /<div id="root">([\s\S]*)<\/div><script>/.exec(again.html)![1]!;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateShop(container, stateIn(again.html), {
        apiUrl: emulator.url,
        clientId: emulator.clientId,
      });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(container.textContent).toContain('Cart: 2');
    expect(container.textContent).toContain('Signed in as visitor');
    expect(platformCalls.slice(callsBefore)).toEqual([]);
    container.remove();
    asBrowser.dispose();
  });
});

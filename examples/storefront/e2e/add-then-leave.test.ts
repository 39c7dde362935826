/**
 * "Add to cart", then a full-page navigation at once (a typed address, a link out of the app):
 * the add reaches the store though the page that made it is gone. Once while the cart's code
 * (the engine chunk, loaded on first use) is still on its way, so the add is only held by the
 * page; once on a slow network, whatever the page had loaded by then. Regression: the add
 * vanished with the page when the engine's chunk had not arrived.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, useStorefront } from './harness';
import { cartCount } from './shopper';

const ENGINE_CHUNK = /^\/assets\/create-cart-engine-[\w-]+\.js$/;
const platformLog: string[] = [];
const engineRequests: string[] = [];
// While set, the server holds the cart engine's chunk back until it settles (a slow chunk).
let engineGate: Promise<void> | undefined;

const shop = useStorefront({
  emulator: { logger: (line) => platformLog.push(line) },
  beforeServe(path) {
    if (!ENGINE_CHUNK.test(path)) return undefined;
    engineRequests.push(path);
    return engineGate;
  },
});

// Cart V2's add (the default), or Cart V1's.
const ADDS_LANDED = /^POST \/ecom\/v[12]\/carts\/current\/(add-line-items|add-to-cart) 200 /;

/** How many adds the store has accepted so far. */
const addsLanded = () => platformLog.filter((line) => ADDS_LANDED.test(line)).length;

/** Opens a product page and waits for its "Add to cart" button. */
async function productPage(page: Page, slug: string) {
  await page.goto(shop.url(`/products/${slug}`));
  const add = page.getByRole('button', { name: 'Add to cart' });
  await add.waitFor();
  return add;
}

/** The cart page, read afresh from the store: the number of items and the lines' names. */
async function cartPage(page: Page): Promise<{ count: number; text: string }> {
  await page.goto(shop.url('/cart'));
  await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
  await expect.poll(() => cartCount(page)).not.toBeNaN();
  return { count: await cartCount(page), text: await page.getByRole('main').innerText() };
}

describe('an add followed at once by a full-page navigation', () => {
  journey(shop, 'lands while the cart engine is still loading', async ({ page }) => {
    // The product page's engine chunk does not arrive: the add can only be held by the page.
    let release!: () => void;
    engineGate = new Promise((resolve) => (release = resolve));
    const before = addsLanded();
    try {
      const add = await productPage(page, 'brass-ruler');
      await expect.poll(() => engineRequests.length).toBeGreaterThan(0);

      await add.click();
      await page.goto(shop.url('/'));
    } finally {
      // The next pages load the engine as usual.
      engineGate = undefined;
      release();
    }

    await expect.poll(addsLanded).toBe(before + 1);
    const cart = await cartPage(page);
    expect(cart.count).toBe(1);
    expect(cart.text).toContain('Brass Ruler');
  });

  journey(shop, 'lands on a slow network', async ({ page, context }) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // A slow mobile connection: 400 ms each way, 50 KB/s.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: 50 * 1024,
      uploadThroughput: 50 * 1024,
    });
    const add = await productPage(page, 'stoneware-mug');
    await page.getByRole('radio', { name: /^White/ }).check();
    const before = addsLanded();

    await add.click();
    // Gone once the next page commits: its own slow loading is not what this test waits for.
    await page.goto(shop.url('/'), { waitUntil: 'commit' });

    await expect.poll(addsLanded, { timeout: 20_000 }).toBe(before + 1);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const cart = await cartPage(page);
    expect(cart.count).toBe(1);
    expect(cart.text).toContain('Stoneware Mug');
  });
});

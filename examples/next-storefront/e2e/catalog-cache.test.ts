/**
 * The cached catalog: pages are served from the cache (no platform call for them) until a
 * verified webhook from the platform says what changed; then exactly that is read again. A
 * webhook that is forged, or too old, changes nothing.
 */
import { createSign, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { createStoreClient, type StoreClient } from '@vitrine/sdk';
import { CLIENT_ID, journey, useShop, type Shop } from './harness';

const stateDir = mkdtempSync(join(tmpdir(), 'vitrine-catalog-cache-'));
const stateFile = join(stateDir, 'emulator.json');
// Registered before the shop's own hooks, so it runs after them: the emulator writes its data
// file once more as it closes, which would bring the folder back after an earlier removal.
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));
const shop = useShop({ emulatorData: stateFile });

const RULER = 'brass-ruler';
const TAPE = 'washi-tape-trio';

/** The platform's catalog calls (`/stores…`, `/v2/collections…`) logged since `mark`. */
function catalogCallsSince(mark: number): string[] {
  return shop
    .requests()
    .slice(mark)
    .filter((line) => / \/(stores|v2\/collections)/.test(line));
}

/** The price a product page shows. */
async function shownPrice(page: Page, slug: string): Promise<string> {
  await page.goto(shop.url(`/products/${slug}`));
  return page.locator('.product-info__price-row .price__current').innerText();
}

/** The merchant's side: the emulator's API key, as catalog writes need. */
function merchant(target: Shop): StoreClient {
  return createStoreClient({
    clientId: CLIENT_ID,
    baseUrl: target.emulator.url,
    apiKey: target.emulator.apiKey,
  });
}

async function productId(store: StoreClient, slug: string): Promise<string> {
  const { items } = await store.products.query({ filter: { slug }, paging: { limit: 1 } });
  if (!items[0]) throw new Error(`No product ${slug}`);
  return items[0].id;
}

/** A JWT as the platform signs its webhooks (RS256), of a ProductChanged event. */
function productChangedJwt(id: string, privateKeyPem: string, issuedAt: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const envelope = {
    eventType: 'com.wix.ecommerce.catalog.api.v1.ProductChanged',
    instanceId: 'vitrine-emulator',
    identity: JSON.stringify({ identityType: 'APP', appId: 'test' }),
    data: JSON.stringify({ productId: id, changedFields: ['priceData'] }),
  };
  const signed = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ data: JSON.stringify(envelope), iat: issuedAt })}`;
  const signature = createSign('RSA-SHA256').update(signed).sign(privateKeyPem);
  return `${signed}.${signature.toString('base64url')}`;
}

async function postWebhook(jwt: string): Promise<number> {
  const response = await fetch(shop.url('/api/webhooks'), {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: jwt,
  });
  await response.body?.cancel();
  return response.status;
}

describe('catalog cache', () => {
  journey(
    shop,
    'a price change reaches the product page through a verified webhook; other pages stay cached',
    async ({ page }) => {
      const store = merchant(shop);
      const ruler = await productId(store, RULER);
      expect(await shownPrice(page, RULER)).toBe('$22.00');
      expect(await shownPrice(page, TAPE)).toBe('$9.00');

      // Warm: neither page asks the platform for its product again.
      let mark = shop.requests().length;
      expect(await shownPrice(page, RULER)).toBe('$22.00');
      expect(await shownPrice(page, TAPE)).toBe('$9.00');
      expect(catalogCallsSince(mark)).toEqual([]);

      const deliveries = shop.emulator.webhookDeliveries().length;
      await store.products.update(ruler, { priceData: { price: 27 } });
      store.dispose();
      await expect
        .poll(() =>
          shop.emulator
            .webhookDeliveries()
            .slice(deliveries)
            .map((delivery) => `${delivery.eventType.split('.').pop()} ${delivery.status}`),
        )
        .toContain('ProductChanged 204');

      // The first view after the webhook shows the new price, read again from the platform.
      mark = shop.requests().length;
      expect(await shownPrice(page, RULER)).toBe('$27.00');
      expect(catalogCallsSince(mark).length).toBeGreaterThan(0);
      // Another product's page is still the cached one.
      mark = shop.requests().length;
      expect(await shownPrice(page, TAPE)).toBe('$9.00');
      expect(catalogCallsSince(mark)).toEqual([]);
    },
  );

  journey(shop, 'a forged or stale webhook changes nothing', async ({ page }) => {
    const store = merchant(shop);
    const tape = await productId(store, TAPE);
    store.dispose();
    expect(await shownPrice(page, TAPE)).toBe('$9.00');
    const now = Math.floor(Date.now() / 1000);

    // Signed with another key, or with the store's own key an hour ago (replayed): refused.
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = forger.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(await postWebhook(productChangedJwt(tape, forged, now))).toBe(401);
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { webhookPrivateKey: string };
    expect(await postWebhook(productChangedJwt(tape, state.webhookPrivateKey, now - 3600))).toBe(
      401,
    );
    expect(await postWebhook('not a webhook')).toBe(401);

    let mark = shop.requests().length;
    expect(await shownPrice(page, TAPE)).toBe('$9.00');
    expect(catalogCallsSince(mark)).toEqual([]);

    // The same event, signed with the store's key now, is taken: the page is read again.
    expect(await postWebhook(productChangedJwt(tape, state.webhookPrivateKey, now))).toBe(204);
    mark = shop.requests().length;
    expect(await shownPrice(page, TAPE)).toBe('$9.00');
    expect(catalogCallsSince(mark).length).toBeGreaterThan(0);
  });
});

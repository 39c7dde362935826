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
import { createStoreClient } from '@vitrine/sdk';
import { CLIENT_ID, journey, useShop } from './harness';
import { changePrice } from './shopper';

const stateDir = mkdtempSync(join(tmpdir(), 'vitrine-catalog-cache-'));
const stateFile = join(stateDir, 'emulator.json');
// Registered before the shop's own hooks, so it runs after them: the emulator writes its data
// file once more as it closes, which would bring the folder back after an earlier removal.
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));
const shop = useShop({ emulatorData: stateFile });

const RULER = 'brass-ruler';
const TAPE = 'washi-tape-trio';

/** The platform's catalog reads (either catalog's) logged since `mark`. */
function catalogCallsSince(mark: number): string[] {
  return shop.catalogCallsSince(mark);
}

/** The price a product page shows. */
async function shownPrice(page: Page, slug: string): Promise<string> {
  await page.goto(shop.url(`/products/${slug}`));
  return page.locator('.product-info__price-row .price__current').innerText();
}

/** The id of the product `slug`, as the store's catalog names it. */
async function productId(slug: string): Promise<string> {
  const store = createStoreClient({ clientId: CLIENT_ID, baseUrl: shop.emulator.url });
  try {
    const product = await store.storefront.product({ slug });
    if (!product) throw new Error(`No product ${slug}`);
    return product.id;
  } finally {
    store.dispose();
  }
}

/**
 * A JWT as the platform signs its webhooks (RS256), of a product's price change: Catalog V1's
 * `ProductChanged`, or Catalog V3's `product_updated` domain event, as the store runs.
 */
function productChangedJwt(id: string, privateKeyPem: string, issuedAt: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const event =
    shop.catalog === 'v1'
      ? {
          eventType: 'com.wix.ecommerce.catalog.api.v1.ProductChanged',
          data: { productId: id, changedFields: ['priceData'] },
        }
      : {
          eventType: 'wix.stores.catalog.v3.product_updated',
          data: {
            id: `event-${issuedAt}`,
            entityFqdn: 'wix.stores.catalog.v3.product',
            slug: 'updated',
            entityId: id,
            eventTime: new Date(issuedAt * 1000).toISOString(),
            entityEventSequence: String(issuedAt),
            updatedEvent: { currentEntity: { id }, modifiedFields: { variantsInfo: {} } },
          },
        };
  const envelope = {
    eventType: event.eventType,
    instanceId: 'vitrine-emulator',
    identity: JSON.stringify({ identityType: 'APP', appId: 'test' }),
    data: JSON.stringify(event.data),
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
      expect(await shownPrice(page, RULER)).toBe('$22.00');
      expect(await shownPrice(page, TAPE)).toBe('$9.00');

      // Warm: neither page asks the platform for its product again.
      let mark = shop.requests().length;
      expect(await shownPrice(page, RULER)).toBe('$22.00');
      expect(await shownPrice(page, TAPE)).toBe('$9.00');
      expect(catalogCallsSince(mark)).toEqual([]);

      const deliveries = shop.emulator.webhookDeliveries().length;
      await changePrice(shop, RULER, 27);
      await expect
        .poll(() =>
          shop.emulator
            .webhookDeliveries()
            .slice(deliveries)
            .map((delivery) => `${delivery.eventType.split('.').pop()} ${delivery.status}`),
        )
        .toContain(shop.catalog === 'v1' ? 'ProductChanged 204' : 'product_updated 204');

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
    const tape = await productId(TAPE);
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

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../index.js';
import { call, lineItem, simpleProduct, start, visitor } from './helpers.js';

interface Received {
  contentType: string | undefined;
  body: string;
}

const received: Received[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    received.push({ contentType: req.headers['content-type'], body });
    res.end('ok');
  });
});
let receiverUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

async function events(emu: Awaited<ReturnType<typeof start>>, count: number) {
  // Deliveries are asynchronous; wait (bounded) until the emulator reports them done.
  for (let i = 0; i < 100 && emu.webhookDeliveries().length < count; i += 1)
    await new Promise((r) => setTimeout(r, 20));
  const key = await importSPKI(await emu.webhookPublicKey(), 'RS256');
  return Promise.all(
    received.splice(0).map(async (r) => {
      expect(r.contentType).toBe('text/plain');
      const { payload, protectedHeader } = await jwtVerify(r.body, key);
      expect(protectedHeader.alg).toBe('RS256');
      const envelope = JSON.parse(payload.data as string);
      return {
        ...envelope,
        identity: JSON.parse(envelope.identity),
        data: JSON.parse(envelope.data),
      };
    }),
  );
}

describe('webhooks', () => {
  describe('cart events', () => {
    it('posts signed cart_created, cart_updated and cart_deleted events', async () => {
      // A store without Cart V2 sends the V1 events alone (cart-v2-events.test.ts has both).
      const emu = await start({ webhookUrl: receiverUrl, instanceId: 'inst-1', cartV2: false });
      const { access_token } = await visitor(emu);
      const product = await simpleProduct(emu, access_token);
      const created = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: access_token,
        body: { lineItems: [lineItem(product.id)] },
      });
      await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: access_token,
        body: { lineItems: [lineItem(product.id)] },
      });
      await call(emu, 'DELETE', '/ecom/v1/carts/current', { token: access_token });
      const got = await events(emu, 3);
      expect(got.map((e) => e.eventType)).toEqual([
        EVENT_TYPES.cartCreated,
        EVENT_TYPES.cartUpdated,
        EVENT_TYPES.cartDeleted,
      ]);
      expect(got[0]).toMatchObject({
        instanceId: 'inst-1',
        identity: {
          identityType: 'ANONYMOUS_VISITOR',
          anonymousVisitorId: created.body.cart.buyerInfo.visitorId,
        },
      });
      expect(got[0].data.entityId).toBe(created.body.cart.id);
      expect(JSON.parse(got[0].data.createdEvent.entityAsJson).id).toBe(created.body.cart.id);
      expect(JSON.parse(got[1].data.updatedEvent.currentEntityAsJson).lineItems[0].quantity).toBe(
        2,
      );
      expect(got[2].data).toEqual({ entityId: created.body.cart.id, deletedEvent: {} });
    });
  });

  describe('catalog events', () => {
    it('posts product, collection and variants events, caused by the app holding the API key', async () => {
      const emu = await start({ webhookUrl: receiverUrl });
      const access_token = emu.apiKey;
      const product = (
        await call(emu, 'POST', '/stores/v1/products', {
          token: access_token,
          body: {
            product: {
              name: 'Hooked',
              priceData: { price: 5 },
              productOptions: [{ name: 'Size', choices: [{ description: 'S' }] }],
            },
          },
        })
      ).body.product;
      await call(emu, 'PATCH', `/stores/v1/products/${product.id}`, {
        token: access_token,
        body: { product: { name: 'Hooked 2' } },
      });
      await call(emu, 'PATCH', `/stores/v1/products/${product.id}/variants`, {
        token: access_token,
        body: { variants: [{ variantIds: [product.variants[0].id], price: 6 }] },
      });
      await call(emu, 'DELETE', `/stores/v1/products/${product.id}`, { token: access_token });
      const collection = (
        await call(emu, 'POST', '/stores/v1/collections', {
          token: access_token,
          body: { collection: { name: 'Hooks' } },
        })
      ).body.collection;
      await call(emu, 'PATCH', `/stores/v1/collections/${collection.id}`, {
        token: access_token,
        body: { collection: { name: 'Hooks 2' } },
      });
      await call(emu, 'DELETE', `/stores/v1/collections/${collection.id}`, { token: access_token });
      const got = await events(emu, 7);
      expect(got.map((e) => e.eventType)).toEqual([
        EVENT_TYPES.productCreated,
        EVENT_TYPES.productChanged,
        EVENT_TYPES.variantsChanged,
        EVENT_TYPES.productDeleted,
        EVENT_TYPES.collectionCreated,
        EVENT_TYPES.collectionChanged,
        EVENT_TYPES.collectionDeleted,
      ]);
      expect(got[0].data).toMatchObject({ productId: product.id, name: 'Hooked', visible: true });
      expect(got[1].data).toEqual({ productId: product.id, changedFields: ['name'] });
      expect(got[2].data).toEqual({
        productId: product.id,
        variants: [{ variantId: product.variants[0].id, changedFields: ['price'] }],
      });
      expect(got[4].data).toMatchObject({ collectionId: collection.id, name: 'Hooks' });
      expect(got[5].data).toEqual({ collectionId: collection.id, changedFields: ['name'] });
      for (const event of got)
        expect(event.identity).toEqual({ identityType: 'APP', appId: emu.clientId });
    });
  });

  describe('GET /_emulator/webhooks/public-key', () => {
    it('publishes the PEM key; failed deliveries are recorded, not fatal', async () => {
      const emu = await start({ webhookUrl: 'http://127.0.0.1:9/unreachable' });
      const pem = await call(emu, 'GET', '/_emulator/webhooks/public-key');
      expect(pem.text).toMatch(/^-----BEGIN PUBLIC KEY-----/);
      const { access_token } = await visitor(emu);
      const product = await simpleProduct(emu, access_token);
      const reply = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: access_token,
        body: { lineItems: [lineItem(product.id)] },
      });
      expect(reply.status).toBe(200);
      for (let i = 0; i < 100 && emu.webhookDeliveries().length === 0; i += 1)
        await new Promise((r) => setTimeout(r, 20));
      expect(emu.webhookDeliveries()[0]).toMatchObject({
        eventType: EVENT_TYPES.cartCreated,
        error: expect.any(String),
      });
    });
  });
});

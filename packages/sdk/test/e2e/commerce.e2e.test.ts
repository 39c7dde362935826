/**
 * The commerce part of the SDK against the local emulator on a free port: every cart call, the
 * catalog reads and merchant writes, the cart engine (ordering, refusals, sign-in carry-over,
 * sign-out, two tabs) and webhooks signed by the emulator.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  StoreApiError,
  createStoreClient,
  createWebhookHandler,
  storesLineItem,
  type Product,
  type StoreClient,
  type StoreClientOptions,
  type WebhookEvent,
} from '../../src/index.js';

let emulator: Emulator;
let receiver: Server;
const received: string[] = [];
let clients: StoreClient[] = [];
const methods: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(body);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  emulator = await startEmulator({ port: 0, webhookUrl: `http://127.0.0.1:${port}/webhooks` });
});

afterAll(async () => {
  await emulator.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(async () => {
  await emulator.reset();
  methods.length = 0;
});

afterEach(() => {
  for (const client of clients) client.cartStore.dispose();
  clients = [];
});

function client(options: Partial<StoreClientOptions> = {}): StoreClient {
  const store = createStoreClient({
    clientId: emulator.clientId,
    baseUrl: emulator.url,
    redirectUri: emulator.redirectUris[0]!,
    fetch: (input, init) => {
      // Read, never construct, the request: a second Request would consume its body.
      const request = input instanceof Request ? input : undefined;
      const method = init?.method ?? request?.method ?? 'GET';
      const url = request?.url ?? (input instanceof URL ? input.href : (input as string));
      methods.push(`${method} ${new URL(url).pathname}`);
      return fetch(input, init);
    },
    ...options,
  });
  clients.push(store);
  return store;
}

/**
 * A merchant-side client: the emulator's API key on every call, as catalog writes, bulk changes
 * and sign-on need an elevated credential (visitor and member tokens get 403).
 */
function merchant(): StoreClient {
  return client({ apiKey: emulator.apiKey });
}

/** A seeded product with options, read with its variants. */
async function productWithOptions(store: StoreClient): Promise<Product> {
  for await (const product of store.products.iterate({ paging: { limit: 20 } })) {
    if ((product.productOptions?.length ?? 0) > 0 && product.stock?.inStock) {
      return store.products.get(product.id);
    }
  }
  throw new Error('the seed has no product with options in stock');
}

/** A line of a variant in stock, for adding to carts. */
async function buyable(store: StoreClient, quantity = 1) {
  const product = await productWithOptions(store);
  const variant = product.variants!.find(
    (v) => v.stock?.inStock && (v.stock.quantity ?? 100) >= 25,
  )!;
  return {
    product,
    variant,
    line: storesLineItem(product.id, quantity, { variantId: variant.id }),
  };
}

describe('commerce against the emulator', () => {
  describe('catalog reads', () => {
    it('pages products with the default 50/0 and walks all of them', async () => {
      const store = client();
      const first = await store.products.query();
      expect(first.paging).toEqual({ limit: 50, offset: 0 });
      expect(first.items).toHaveLength(50);
      expect(first.totalCount).toBe(60);
      expect(first.hasNext()).toBe(true);
      const second = await first.next();
      expect(second.items).toHaveLength(10);
      expect(second.hasNext()).toBe(false);

      const ids = new Set<string>();
      for await (const product of store.products.iterate({ paging: { limit: 25 } }))
        ids.add(product.id);
      expect(ids.size).toBe(60);
      expect(
        methods.filter((m) => m.endsWith('query-platformized')).every((m) => m.startsWith('GET')),
      ).toBe(true);
    });

    it('filters and sorts with the platform operators, and falls back to POST when long', async () => {
      const store = client();
      const page = await store.products.query({
        filter: { 'priceData.price': { $gte: 100 } },
        sort: [{ fieldName: 'priceData.price', order: 'ASC' }],
      });
      const prices = page.items.map((p) => p.priceData!.price!);
      expect(prices.length).toBeGreaterThan(0);
      expect(prices.every((price) => price >= 100)).toBe(true);
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);

      const target = page.items[0]!;
      const decoys = Array.from(
        { length: 150 },
        (_, i) => `00000000-0000-4000-a000-${String(i).padStart(12, '0')}`,
      );
      const long = await store.products.query({ filter: { id: { $in: [...decoys, target.id] } } });
      expect(long.items.map((p) => p.id)).toEqual([target.id]);
      expect(methods.at(-1)).toBe('POST /stores-reader/v1/products/query-platformized');
    });

    it('reads one product, with merchant data only when asked', async () => {
      const store = client();
      const [summary] = (await store.products.query({ paging: { limit: 1 } })).items;
      const product = await store.products.get(summary!.id);
      expect(product.id).toBe(summary!.id);
      expect(product.costAndProfitData).toBeUndefined();
      const merchant = await store.products.get(summary!.id, { includeMerchantSpecificData: true });
      expect(merchant.costAndProfitData?.itemCost).toEqual(expect.any(Number));
      await expect(store.products.get('no-such-product')).rejects.toMatchObject({ status: 404 });
    });

    it('reads a product by slug with its variants in one call, and tells two slugs apart', async () => {
      const store = client();
      const product = await productWithOptions(store);
      const other = (await store.products.query({ paging: { limit: 2 } })).items.find(
        (candidate) => candidate.id !== product.id,
      )!;
      const before = methods.length;
      const bySlug = await store.products.getBySlug(product.slug!);
      expect(methods.slice(before)).toEqual(['GET /stores-reader/v1/products/query-platformized']);
      expect(bySlug?.id).toBe(product.id);
      expect(bySlug?.variants?.map((variant) => variant.id)).toEqual(
        product.variants!.map((variant) => variant.id),
      );
      await expect(store.products.getBySlug(other.slug!)).resolves.toMatchObject({ id: other.id });
      await expect(store.products.getBySlug('no-such-slug')).resolves.toBeNull();
    });

    it('answers option availability and variants', async () => {
      const store = client();
      const product = await productWithOptions(store);
      const variant = product.variants![0]!;
      const availability = await store.products.optionsAvailability(product.id, variant.choices!);
      expect(availability.selectedVariant).toBeDefined();
      expect(typeof availability.availableForPurchase).toBe('boolean');

      const [option, value] = Object.entries(variant.choices!)[0]!;
      const byChoice = await store.products.queryVariants(product.id, {
        choices: { [option]: value },
      });
      expect(byChoice.variants.length).toBeGreaterThan(0);
      expect(byChoice.variants.every((v) => v.choices?.[option] === value)).toBe(true);

      const variants = await store.variants.query({ filter: { productId: product.id } });
      expect(variants.items.length).toBe(product.variants!.length);
      const one = await store.variants.get(variants.items[0]!.id);
      expect(one.id).toBe(variants.items[0]!.id);
    });

    it('reads collections by id, slug (v2 and v1) and query', async () => {
      const store = client();
      const page = await store.collections.query();
      expect(page.totalCount).toBe(6);
      const collection = page.items[0]!;
      await expect(store.collections.get(collection.id)).resolves.toMatchObject({
        id: collection.id,
      });
      await expect(store.collections.getBySlug(collection.slug!)).resolves.toMatchObject({
        id: collection.id,
      });
      await expect(store.collections.getBySlugV1(collection.slug!)).resolves.toMatchObject({
        id: collection.id,
      });
      const all: string[] = [];
      for await (const c of store.collections.iterate({ paging: { limit: 4 } })) all.push(c.id);
      expect(all).toHaveLength(6);
    });
  });

  describe('merchant writes', () => {
    it('are refused to a shopper: visitor tokens get 403', async () => {
      const shopper = client();
      await expect(
        shopper.products.create({ name: 'Not mine', priceData: { price: 1 } }),
      ).rejects.toMatchObject({ status: 403 });
    });

    it('creates, changes and deletes products, in bulk too', async () => {
      const store = merchant();
      const created = await store.products.create({
        name: 'E2E Mug',
        productType: 'physical',
        priceData: { price: 12 },
        ribbon: 'New',
        brand: 'Vitrine',
      });
      expect(created).toMatchObject({ name: 'E2E Mug', priceData: { price: 12 } });
      await expect(store.products.update(created.id, { name: 'E2E Mug 2' })).resolves.toMatchObject(
        {
          name: 'E2E Mug 2',
        },
      );
      await store.products.removeRibbon(created.id);
      await store.products.removeBrand(created.id);
      const cleared = await store.products.get(created.id);
      expect(cleared.ribbon ?? '').toBe('');
      expect(cleared.brand ?? '').toBe('');

      await store.products.bulkUpdate([created.id], { price: 20 });
      expect((await store.products.get(created.id)).priceData?.price).toBe(20);
      await store.products.bulkAdjust([created.id], { price: { percentage: 50 } });
      expect((await store.products.get(created.id)).priceData?.price).toBe(30);

      await store.products.delete(created.id);
      await expect(store.products.get(created.id)).rejects.toMatchObject({ status: 404 });
    });

    it('creates, changes and deletes platformized products', async () => {
      const store = merchant();
      const created = await store.products.createPlatformized({
        name: 'Platformized',
        priceData: { price: 5 },
      });
      await expect(
        store.products.updatePlatformized(created.id, { name: 'Renamed' }),
      ).resolves.toMatchObject({
        name: 'Renamed',
      });
      await store.products.deletePlatformized(created.id);
      await expect(store.products.get(created.id)).rejects.toMatchObject({ status: 404 });
    });

    it('creates a collection, fills and empties it, and deletes it', async () => {
      const store = merchant();
      const [product] = (await store.products.query({ paging: { limit: 1 } })).items;
      const collection = await store.collections.create({ name: 'E2E Picks' });
      await expect(
        store.collections.update(collection.id, { name: 'E2E Picks 2' }),
      ).resolves.toMatchObject({
        name: 'E2E Picks 2',
      });
      await store.collections.addProducts(collection.id, [product!.id]);
      expect((await store.collections.get(collection.id)).numberOfProducts).toBe(1);
      await store.collections.removeProducts(collection.id, [product!.id]);
      expect((await store.collections.get(collection.id)).numberOfProducts).toBe(0);
      await store.collections.delete(collection.id);
      await expect(store.collections.get(collection.id)).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('cart calls', () => {
    it('runs all nine calls on the current cart', async () => {
      const store = client();
      const { product, line: item } = await buyable(store, 2);
      await expect(store.cart.get()).rejects.toMatchObject({ status: 404 });

      const added = await store.cart.addItems({ lineItems: [item] });
      expect(added.lineItems).toHaveLength(1);
      const line = added.lineItems[0]!;
      expect(line).toMatchObject({ quantity: 2, catalogReference: { catalogItemId: product.id } });
      expect(typeof line.price?.amount).toBe('string');

      const withCoupon = await store.cart.update({ couponCode: 'WELCOME10' });
      expect(withCoupon.appliedDiscounts?.some((d) => d.coupon?.code === 'WELCOME10')).toBe(true);
      const more = await store.cart.updateQuantities([{ id: line.id, quantity: 3 }]);
      expect(more.lineItems[0]!.quantity).toBe(3);
      const estimate = await store.cart.estimateTotals();
      expect(estimate.priceSummary?.total?.amount).toEqual(expect.any(String));
      const { checkoutId } = await store.cart.createCheckout({ channelType: 'WEB' });
      expect(checkoutId).toEqual(expect.any(String));
      const noCoupon = await store.cart.removeCoupon();
      expect(noCoupon.appliedDiscounts?.some((d) => d.coupon) ?? false).toBe(false);
      const empty = await store.cart.removeItems([line.id]);
      expect(empty.lineItems).toEqual([]);
      await store.cart.delete();
      await expect(store.cart.get()).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('cart engine', () => {
    it('keeps 20 rapid changes in order and ends on the last one', async () => {
      const store = client();
      const { line } = await buyable(store);
      await expect(store.cartStore.load()).resolves.toBeNull();
      await store.cartStore.addItems({ lineItems: [line] });
      const lineId = store.cartStore.getState().cart!.lineItems[0]!.id;
      const clicks = Array.from({ length: 20 }, (_, i) =>
        store.cartStore.updateQuantities([{ id: lineId, quantity: i + 1 }]),
      );
      expect(store.cartStore.getState().cart!.lineItems[0]!.quantity).toBe(20);
      await Promise.all(clicks);
      // Cart V2's quantities call (Cart V1's was update-line-items-quantity).
      const sent = methods.filter((m) => m.endsWith('/update-line-items'));
      expect(sent).toHaveLength(20);
      expect(store.cartStore.getState()).toMatchObject({ pending: false, itemCount: 20 });
      expect((await store.cart.get()).lineItems[0]!.quantity).toBe(20);
    });

    it('rolls back a refused coupon with its error', async () => {
      const store = client();
      const { line } = await buyable(store);
      await store.cartStore.addItems({ lineItems: [line] });
      const refusal = store.cartStore.update({ couponCode: 'NO-SUCH-CODE' });
      expect(store.cartStore.getState().coupon).toMatchObject({
        code: 'NO-SUCH-CODE',
        pending: true,
      });
      await expect(refusal).rejects.toBeInstanceOf(StoreApiError);
      expect(store.cartStore.getState().coupon).toMatchObject({ code: undefined, pending: false });
      expect(store.cartStore.getState().coupon.error).toBeInstanceOf(StoreApiError);
    });

    it('register resolves after the carry-over: the cart read right after holds the line', async () => {
      const store = client();
      const { line } = await buyable(store);
      await store.cart.addItems({ lineItems: [line] });
      // The cart engine has not even been used: the carry-over reads the visitor's cart itself.
      const result = await store.auth.register({
        email: 'right-after@example.com',
        password: 'A-long-passw0rd!',
      });
      expect(result.loginState).toBe('SUCCESS');
      const cart = await store.cart.get();
      expect(cart.lineItems.map((item) => item.catalogReference?.catalogItemId)).toEqual([
        line.catalogReference.catalogItemId,
      ]);
      await expect(store.cartStore.whenCarriedOver()).resolves.toMatchObject({
        status: 'merged',
      });
    });

    it("carries the visitor's cart into the member's at sign-in, and drops it at sign-out", async () => {
      const store = client();
      const { line } = await buyable(store, 2);
      await store.cartStore.addItems({ lineItems: [line] });
      const result = await store.auth.register({
        email: 'e2e-shopper@example.com',
        password: 'A-long-passw0rd!',
      });
      expect(result.loginState).toBe('SUCCESS');
      expect(store.auth.getState().role).toBe('member');
      await store.cartStore.whenIdle();
      const state = store.cartStore.getState();
      expect(state.carryOver).toMatchObject({ status: 'merged', failed: [] });
      expect(state.itemCount).toBe(2);
      expect((await store.cart.get()).lineItems[0]!.quantity).toBe(2);

      await store.auth.logout(`${emulator.redirectUris[0]!.replace(/callback$/, '')}`);
      expect(store.cartStore.getState().cart).toBeNull();
      await store.cartStore.whenIdle();
      expect(store.cartStore.getState()).toMatchObject({ cart: null, itemCount: 0 });
    });

    // Regression (issue 14): WELCOME10 applied as a visitor was gone after signing up; the
    // lines came along, the coupon did not.
    it("carries the visitor's coupon at sign-up, and the register call resolves with it on", async () => {
      const store = client();
      const { line } = await buyable(store, 3);
      await store.cartStore.addItems({ lineItems: [line] });
      await store.cartStore.update({ couponCode: 'WELCOME10' });
      const result = await store.auth.register({
        email: 'coupon-keeper@example.com',
        password: 'A-long-passw0rd!',
      });
      expect(result.loginState).toBe('SUCCESS');
      expect(store.cartStore.getState().carryOver).toMatchObject({
        status: 'merged',
        coupon: { code: 'WELCOME10', status: 'carried' },
      });
      const cart = await store.cart.get();
      expect(cart.appliedDiscounts?.map((discount) => discount.coupon?.code)).toEqual([
        'WELCOME10',
      ]);
      expect(store.cartStore.getState().coupon.code).toBe('WELCOME10');
    });

    it("keeps a member's own coupon at sign-in and says the visitor's was not carried", async () => {
      const email = 'has-a-coupon@example.com';
      const password = 'A-long-passw0rd!';
      const member = client();
      const { line } = await buyable(member, 3);
      await member.auth.register({ email, password });
      await member.cartStore.addItems({ lineItems: [line] });
      await member.cartStore.update({ couponCode: 'SAVE5' });

      const visitor = client();
      await visitor.cartStore.addItems({ lineItems: [line] });
      await visitor.cartStore.update({ couponCode: 'WELCOME10' });
      expect((await visitor.auth.login({ email, password })).loginState).toBe('SUCCESS');
      expect(await visitor.cartStore.whenCarriedOver()).toMatchObject({
        status: 'merged',
        coupon: { code: 'WELCOME10', status: 'kept', memberCode: 'SAVE5' },
      });
      const cart = await visitor.cart.get();
      expect(cart.appliedDiscounts?.map((discount) => discount.coupon?.code)).toEqual(['SAVE5']);
    });

    it('shares a change between two tabs', async () => {
      const one = client({ tabSync: true });
      await one.auth.getAuthHeaders();
      await one.cartStore.load();
      const two = client({ tokens: one.auth.getState().tokens!, tabSync: true });
      await two.cartStore.load();
      const { line } = await buyable(one);
      await one.cartStore.addItems({ lineItems: [line] });
      await vi.waitFor(() => expect(two.cartStore.getState().itemCount).toBe(1));
      expect(two.cartStore.getState().cart!.id).toBe(one.cartStore.getState().cart!.id);
    });
  });

  describe('webhooks', () => {
    it('verifies the events the emulator signs', async () => {
      received.length = 0;
      const handler = createWebhookHandler({ publicKey: await emulator.webhookPublicKey() });
      const store = client();
      const { line } = await buyable(store);
      const ours = await store.cart.addItems({ lineItems: [line] });
      const created = await merchant().products.create({
        name: 'Webhook Mug',
        priceData: { price: 3 },
      });
      // Deliveries are asynchronous, and late ones of earlier tests may come in too.
      let events: WebhookEvent[] = [];
      await vi.waitFor(
        async () => {
          events = await Promise.all(received.map((body) => handler.verify(body)));
          const ids = events.map((e) => ('entityId' in e.data ? e.data.entityId : e.data));
          expect(ids).toContain(ours.id);
          expect(
            events.some((e) => e.type === 'productCreated' && e.data.productId === created.id),
          ).toBe(true);
        },
        { timeout: 5000 },
      );
      const cart = events.find((e) => e.type === 'cartCreated' && e.data.entityId === ours.id);
      expect(cart?.type === 'cartCreated' && cart.data.cart.lineItems).toHaveLength(1);
      expect(cart?.identity.identityType).toBe('ANONYMOUS_VISITOR');
      const productCreated = events.find(
        (e) => e.type === 'productCreated' && e.data.productId === created.id,
      );
      expect(productCreated?.data).toMatchObject({ productId: created.id, name: 'Webhook Mug' });
      expect(productCreated?.identity.identityType).toBe('APP');
      await expect(handler.verify(`${received[0]!.slice(0, -4)}AAAA`)).rejects.toThrow(
        'JWT is not valid',
      );
    });
  });
});

/**
 * Cache tags against the emulator: a server caches catalog answers under their tags, a merchant
 * changes the catalog, the emulator's signed webhook arrives, and the tags `cacheTagsToExpire`
 * gives must drop every cached answer that is now wrong. Each answer is asked again to know.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cacheTagsToExpire,
  collectionListCacheTags,
  createStoreClient,
  createWebhookHandler,
  productListCacheTags,
  type CollectionQuery,
  type ProductQuery,
  type StoreClient,
  type WebhookEvent,
  type WebhookHandler,
} from '../../src/index.js';

let emulator: Emulator;
let receiver: Server;
let webhooks: WebhookHandler;
const received: string[] = [];
let visitor: StoreClient;
let merchant: StoreClient;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(body);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  emulator = await startEmulator({ port: 0, webhookUrl: `http://127.0.0.1:${port}/` });
  webhooks = createWebhookHandler({
    publicKey: await emulator.webhookPublicKey(),
    maxTokenAge: '5m',
  });
  const options = { clientId: emulator.clientId, baseUrl: emulator.url };
  visitor = createStoreClient(options);
  merchant = createStoreClient({ ...options, apiKey: emulator.apiKey });
});

afterAll(async () => {
  visitor.dispose();
  merchant.dispose();
  await emulator.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(async () => {
  await emulator.reset();
  received.length = 0;
});

/** A cached answer: what it said, and its tags. */
interface Entry {
  name: string;
  tags: string[];
  read: () => Promise<unknown>;
  answer: unknown;
}

/** Caches a product list's answer (ids, prices, ribbons) under its tags. */
async function productList(name: string, query: ProductQuery): Promise<Entry> {
  const read = async () =>
    (await visitor.products.query(query)).items.map((p) => [p.id, p.price?.price, p.ribbon]);
  const page = await visitor.products.query(query);
  return { name, tags: productListCacheTags(query, page.items), read, answer: await read() };
}

/** Caches a collection list's answer (ids and product counts) under its tags. */
async function collectionList(name: string, query: CollectionQuery): Promise<Entry> {
  const read = async () =>
    (await visitor.collections.query(query)).items.map((c) => [c.id, c.numberOfProducts]);
  const page = await visitor.collections.query(query);
  return { name, tags: collectionListCacheTags(query, page.items), read, answer: await read() };
}

/** The events delivered so far, verified, once `count` have arrived. */
async function deliveredEvents(count: number): Promise<WebhookEvent[]> {
  await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(count), {
    timeout: 5000,
  });
  return Promise.all(received.map((body) => webhooks.verify(body)));
}

/**
 * The entries the events expire, and those whose answer changed: every changed one must be
 * among the expired.
 */
async function expiredAndChanged(entries: Entry[], events: WebhookEvent[]) {
  const expiredTags = new Set(events.flatMap(cacheTagsToExpire));
  const expired = entries.filter((e) => e.tags.some((tag) => expiredTags.has(tag)));
  const changed: Entry[] = [];
  for (const entry of entries) {
    if (JSON.stringify(await entry.read()) !== JSON.stringify(entry.answer)) changed.push(entry);
  }
  return { expired: expired.map((e) => e.name), changed: changed.map((e) => e.name) };
}

async function seededCollection(slug: string) {
  return visitor.collections.getBySlug(slug);
}

describe('cache tags of the emulator’s webhooks', () => {
  it('a price drop brings a product into the cheapest-first page that did not hold it', async () => {
    const cheapest = await productList('cheapest', {
      sort: [{ fieldName: 'price', order: 'ASC' }],
      paging: { limit: 3 },
    });
    const dearest = (
      await visitor.products.query({
        sort: [{ fieldName: 'price', order: 'DESC' }],
        paging: { limit: 1 },
      })
    ).items[0]!;
    const newArrivals = await productList('new arrivals', { filter: { ribbon: 'New' } });
    const holdsDearest = newArrivals.answer as unknown[][];
    const collections = await collectionList('collections', {});

    await merchant.products.update(dearest.id, { priceData: { price: 0.5 } });
    const result = await expiredAndChanged(
      [cheapest, newArrivals, collections],
      await deliveredEvents(1),
    );

    expect(result.changed).toContain('cheapest');
    expect(result.expired).toEqual(expect.arrayContaining(result.changed));
    // Lists that do not hold the product, nor read its price, stay cached.
    if (!holdsDearest.some(([id]) => id === dearest.id)) {
      expect(result.expired).not.toContain('new arrivals');
    }
    expect(result.expired).not.toContain('collections');
  });

  it("a product moved into a collection expires that collection's products and the counts", async () => {
    const stationery = await seededCollection('stationery');
    const inStationery = await productList('stationery', {
      filter: { 'collections.id': { $hasSome: [stationery.id] } },
    });
    const collections = await collectionList('collections', {
      sort: [{ fieldName: 'name', order: 'ASC' }],
    });
    const outsider = (await visitor.products.query({ paging: { limit: 60 } })).items.find(
      (p) => !(inStationery.answer as unknown[][]).some(([id]) => id === p.id),
    )!;

    await merchant.collections.addProducts(stationery.id, [outsider.id]);
    const result = await expiredAndChanged([inStationery, collections], await deliveredEvents(2));

    expect(result.changed).toEqual(['stationery', 'collections']);
    expect(result.expired).toEqual(expect.arrayContaining(result.changed));
  });

  it('a deleted product leaves no cached list that still shows it', async () => {
    const first = await productList('first page', { paging: { limit: 5 } });
    const [id] = (first.answer as string[][])[0]!;
    const collections = await collectionList('collections', {});

    await merchant.products.delete(id!);
    const result = await expiredAndChanged([first, collections], await deliveredEvents(1));

    expect(result.changed).toContain('first page');
    expect(result.expired).toEqual(expect.arrayContaining(result.changed));
  });
});

/**
 * The shop on two servers (one build, two `next start`) sharing one Redis (`REDIS_URL`), without
 * a browser: the platform's webhook reaches one server and the price changes on both; a restart
 * of both starts warm; Redis killed during a run of requests costs speed, never a page; no
 * shopper's token or cookie is ever written to Redis. Figures are printed (`[several servers]`).
 */
import { createClient } from '@redis/client';
import { describe, expect, it } from 'vitest';
import { useShopServers, type ShopServer } from './servers';
import { addToCart, changePrice, storeWithCookieJar } from './shopper';
import { VERSION_READ, type Shop } from './harness';

const shop = useShopServers(2);

const RULER = 'brass-ruler';
// Each page and what shows its catalog was rendered (from the cache or from the platform).
const PAGES = [
  ['/', 'aria-label="Bestsellers"'],
  ['/collections/stationery', '<h1>Stationery</h1>'],
  [`/products/${RULER}`, '<h1>Brass Ruler</h1>'],
] as const;

/** A returning visitor's cookies (a first visit's), so that pages do not mint one each time. */
let visitor = '';

async function view(server: ShopServer, path: string, cookie = visitor) {
  const response = await fetch(`${server.origin}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, html: await response.text(), response };
}

/** Whether `path` rendered in full on `server`: a 200 with its catalog in it. */
async function rendered(server: ShopServer, path: string, marker: string): Promise<boolean> {
  const { status, html } = await view(server, path);
  return status === 200 && html.includes(marker);
}

async function priceOn(server: ShopServer): Promise<string | undefined> {
  const { html } = await view(server, `/products/${RULER}`);
  return /class="price__current">([^<]+)</.exec(html)?.[1];
}

async function viewAll(): Promise<void> {
  for (const server of shop.servers) {
    for (const [path, marker] of PAGES) expect(await rendered(server, path, marker)).toBe(true);
  }
}

const log = (line: string) => console.log(`[several servers] ${line}`);

describe('the shop on two servers with one Redis', () => {
  it('serves the catalog from Redis after both servers restart: no catalog call', async () => {
    const [one] = shop.servers;
    const first = await view(one!, '/', '');
    visitor = first.response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    // One server reads the platform; the other finds what it wrote.
    await viewAll();
    let mark = shop.requests().length;
    await viewAll();
    expect(shop.catalogCallsSince(mark)).toEqual([]);

    await shop.restart();
    mark = shop.requests().length;
    await viewAll();
    expect(shop.catalogCallsSince(mark)).toEqual([]);
    // The store's catalog version: read at most once by each new server process.
    expect(
      shop
        .requests()
        .slice(mark)
        .filter((line) => VERSION_READ.test(line)).length,
    ).toBeLessThanOrEqual(shop.servers.length);
    log(
      `first views after a restart of both servers: ${shop.catalogCallsSince(mark).length} catalog calls`,
    );
  });

  it('shows a price change announced to one server on both within 2 s', async () => {
    const [one, two] = shop.servers as [ShopServer, ShopServer];
    expect([await priceOn(one), await priceOn(two)]).toEqual(['$22.00', '$22.00']);
    const mark = shop.requests().length;
    expect([await priceOn(one), await priceOn(two)]).toEqual(['$22.00', '$22.00']);
    expect(shop.catalogCallsSince(mark)).toEqual([]);

    const deliveries = shop.emulator.webhookDeliveries().length;
    const changed = performance.now();
    await changePrice(shop, RULER, 27);

    // Both servers, asked over and over: when does each show the new price?
    const shownAt: Array<number | undefined> = [undefined, undefined];
    while (shownAt.includes(undefined) && performance.now() - changed < 10_000) {
      const prices = await Promise.all([priceOn(one), priceOn(two)]);
      prices.forEach((price, i) => {
        if (price === '$27.00') shownAt[i] ??= performance.now() - changed;
      });
    }
    const [onOne, onTwo] = shownAt;
    log(
      `new price on the webhook's server after ${onOne?.toFixed(0)} ms, on the other after ${onTwo?.toFixed(0)} ms`,
    );
    // The platform told one server only.
    const told = shop.emulator.webhookDeliveries().slice(deliveries);
    expect(told.map((delivery) => [delivery.eventType.split('.').pop(), delivery.status])).toEqual([
      [shop.catalog === 'v1' ? 'ProductChanged' : 'product_updated', 204],
    ]);
    expect(onOne).toBeLessThan(2000);
    expect(onTwo).toBeLessThan(2000);
    expect([await priceOn(one), await priceOn(two)]).toEqual(['$27.00', '$27.00']);
  });

  it('renders every page while Redis is killed, then is back to no catalog call', async () => {
    await viewAll();
    const errorsBefore = shop.servers.map((server) => server.stderr.length);
    const failures: string[] = [];
    let sent = 0;
    const REQUESTS = 200;
    const killAt = 50;
    const startAt = 140;
    let redisEvents = Promise.resolve();
    // Four at a time, across both servers and the three pages.
    async function worker(): Promise<void> {
      while (sent < REQUESTS) {
        const n = sent++;
        if (n === killAt) redisEvents = redisEvents.then(() => shop.redis.kill());
        if (n === startAt) redisEvents = redisEvents.then(() => shop.redis.start());
        const server = shop.servers[n % 2]!;
        const [path, marker] = PAGES[n % PAGES.length]!;
        if (!(await rendered(server, path, marker))) failures.push(`${n} ${path}`);
      }
    }
    const started = performance.now();
    await Promise.all([worker(), worker(), worker(), worker()]);
    await redisEvents;
    log(
      `${REQUESTS} requests, Redis killed after ${killAt} and back after ${startAt}: ${failures.length} failed pages, ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(failures).toEqual([]);

    // Each server logged the outage once, and its end once: nothing else.
    await expect
      .poll(() => shop.servers.map((server, i) => server.stderr.slice(errorsBefore[i])))
      .toEqual(
        shop.servers.map(() => [
          expect.stringMatching(/shared cache: Redis at 127\.0\.0\.1:\d+ is unreachable/),
          expect.stringMatching(/shared cache: Redis at 127\.0\.0\.1:\d+ answers again after/),
        ]),
      );
    // Redis came back empty: one round fills it, then no page asks the platform for its catalog.
    await viewAll();
    const mark = shop.requests().length;
    await viewAll();
    expect(shop.catalogCallsSince(mark)).toEqual([]);
  });

  it("writes no shopper's token or cookie to Redis", async () => {
    // A shopper with a cart, browsing with the cookies the shop wrote.
    const [one] = shop.servers;
    const { store, jar } = storeWithCookieJar({ ...shop, origin: one!.origin } as unknown as Shop);
    await addToCart(store, RULER, 2);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    // The pages viewed so far are kept whole in each server's memory: a product neither has
    // rendered yet writes catalog entries to Redis as the shopper views it.
    const fresh = '/products/a5-notebook';
    for (const server of shop.servers) {
      for (const path of [...PAGES.map(([path]) => path), fresh]) {
        expect((await view(server, path, cookie)).status).toBe(200);
      }
    }
    store.dispose();
    const secrets = [...jar.values()].flatMap(secretsOf);
    expect(secrets.length).toBeGreaterThanOrEqual(3);

    const redis = createClient({ url: shop.redis.url });
    await redis.connect();
    try {
      const keys = await redis.keys('*');
      expect(keys.some((key) => key.includes(':entry:'))).toBe(true);
      const stored: string[] = [];
      for (const key of keys) {
        const type = await redis.type(key);
        if (type === 'string') stored.push(String(await redis.get(key)));
        if (type === 'hash') stored.push(JSON.stringify(await redis.hGetAll(key)));
      }
      const everything = keys.join('\n') + stored.join('\n');
      for (const secret of secrets) expect(everything).not.toContain(secret);
    } finally {
      redis.destroy();
    }
  });
});

/** The cookie's value and the tokens in it (the SDK's cookie: `v1.` and base64url JSON). */
function secretsOf(cookie: string): string[] {
  const found = [cookie];
  try {
    const record = JSON.parse(Buffer.from(cookie.replace(/^v1\./, ''), 'base64url').toString());
    const walk = (value: unknown): void => {
      if (typeof value === 'string' && value.length >= 16) found.push(value);
      else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
    };
    walk(record);
  } catch {
    // Not the SDK's format: the whole value is what must not be found.
  }
  return found;
}

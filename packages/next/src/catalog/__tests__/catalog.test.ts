/**
 * The catalog's public reads and the cached functions behind them, on the emulator: one shape on
 * a V1 and on a V3 store, the store's version read once per process, and arguments of a
 * request's choosing (a cached function invoked by its id) answered with nothing, kept a moment
 * only, while the public reads throw the refusal for the developer. `next/cache` is the boundary.
 */
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const cache = vi.hoisted(() => ({ lives: [] as string[] }));

vi.mock('next/cache', () => ({
  cacheLife: (life: string) => cache.lives.push(life),
  cacheTag: () => {},
}));

const catalog = await import('../catalog.js');
const cached = await import('../cached.js');

const stores = {} as Record<'v1' | 'v3', Emulator>;
const versionReads = { v1: 0, v3: 0 };

beforeAll(async () => {
  [stores.v1, stores.v3] = await Promise.all([
    startEmulator({ port: 0 }),
    startEmulator({ port: 0, catalog: 'v3' }),
  ]);
  // Counts the version reads each store gets, at the network boundary.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    for (const version of ['v1', 'v3'] as const) {
      if (url.startsWith(stores[version].url) && url.endsWith('/stores/v3/provision/version')) {
        versionReads[version]++;
      }
    }
    return realFetch(input, init);
  });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await Promise.all([stores.v1.close(), stores.v3.close()]);
});

beforeEach(() => {
  cache.lives = [];
});

function useStore(version: 'v1' | 'v3'): void {
  vi.stubEnv('VITRINE_CLIENT_ID', stores[version].clientId);
  vi.stubEnv('VITRINE_API_URL', stores[version].url);
}

describe('the catalog of @vitrine/next', () => {
  it('answers the same pages on a V1 and a V3 store, reading each version once per process', async () => {
    const pages = [];
    for (const version of ['v1', 'v3'] as const) {
      useStore(version);
      const first = await catalog.getProducts({ limit: 5, sort: 'name-asc' });
      const second = await catalog.getProducts({
        limit: 5,
        sort: 'name-asc',
        cursor: first.nextCursor!,
      });
      const tee = await catalog.getProductBySlug('classic-crew-tee');
      const collections = await catalog.getCollections({ sort: 'name-asc' });
      const apparel = await catalog.getCollectionBySlug('apparel');
      const inApparel = await catalog.getCollectionProducts(apparel!.id, { limit: 100 });
      const found = await catalog.searchProducts({ text: 'tee', sort: 'price-asc', limit: 3 });
      pages.push({
        names: [...first.items, ...second.items].map((product) => product.name),
        hasNext: first.hasNext,
        tee: { name: tee?.name, price: tee?.price, options: tee?.options.map((o) => o.name) },
        collections: collections.items.map((collection) => collection.slug),
        inApparel: inApparel.items.map((product) => product.slug),
        found: found.items.map((product) => [product.slug, product.price.min]),
      });
    }
    expect(pages[0]!.names).toHaveLength(10);
    expect(pages[0]!.hasNext).toBe(true);
    expect(pages[1]).toEqual(pages[0]);
    expect(versionReads).toEqual({ v1: 1, v3: 1 });
  });

  it.each([
    ['a limit over 100', () => cached.cachedProducts({ limit: 101 }), 'query.limit'],
    ['a query that is a text', () => cached.cachedProducts('x' as never), 'query'],
    ['an unknown sort', () => cached.cachedCollections({ sort: 'newest' as never }), 'query.sort'],
    ['an empty slug', () => cached.cachedProductBySlug(''), 'ref.slug'],
    ['an id of 300 characters', () => cached.cachedProductById('x'.repeat(300)), 'ref.id'],
    ['null', () => cached.cachedCollections(null as never), 'query'],
  ])(
    'a cached read invoked with %s answers nothing, kept for seconds, and says why',
    async (_, read, argument) => {
      useStore('v3');
      const answer = await read();
      expect(answer.refused).toMatchObject({ argument });
      expect(
        answer.value === null || (answer.value as { items: readonly unknown[] }).items.length === 0,
      ).toBe(true);
      expect(cache.lives).toContain('seconds');
    },
  );

  it('a cached list read invoked with nothing reads the first page, as its public read does', async () => {
    useStore('v3');
    const products = await cached.cachedProducts();
    const categories = await cached.cachedCollections();
    expect(products.refused).toBeUndefined();
    expect(products.value.items.length).toBeGreaterThan(0);
    expect(categories.value.items.length).toBeGreaterThan(0);
  });

  it('the public reads throw the refusal, naming the argument', async () => {
    useStore('v1');
    await expect(catalog.getProducts({ limit: 0 })).rejects.toMatchObject({
      name: 'StoreArgumentError',
      argument: 'query.limit',
      message: expect.stringContaining('from 1 to 100'),
    });
    await expect(catalog.searchProducts({ sort: 'cheapest' as never })).rejects.toMatchObject({
      name: 'StoreArgumentError',
      argument: 'query.sort',
    });
    await expect(catalog.getCollectionProducts('')).rejects.toMatchObject({
      argument: 'collectionId',
    });
  });
});

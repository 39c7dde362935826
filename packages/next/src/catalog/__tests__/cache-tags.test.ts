/**
 * The tags each cached catalog read carries against the tags a webhook event expires, on the
 * emulator's own events: every read whose answer a change made wrong carries a tag that the
 * change's event expires (else a shop would serve it stale until its cache life ends), and a
 * read the change left right is not expired for nothing where the tags can tell. The truth is
 * the read itself, made again after the change. `next/cache` is the boundary: `cacheTag` calls
 * are recorded per read; `'use cache'` is a plain string outside Next, so every read asks the
 * emulator.
 */
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { cacheTagsToExpire, createWebhookHandler } from '@vitrine/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { webhookReceiver } from '../../webhooks/__tests__/receiver.js';
import { merchantOf, type Merchant } from './merchant.js';

const tagged = vi.hoisted(() => ({ tags: [] as string[] }));

vi.mock('next/cache', () => ({
  cacheLife: () => {},
  cacheTag: (...tags: string[]) => tagged.tags.push(...tags),
}));

const catalog = await import('../catalog.js');

const receiver = webhookReceiver();
const { received } = receiver;

beforeAll(async () => {
  await receiver.listen();
});

afterAll(async () => {
  await receiver.close();
});

/** Waits until the emulator has posted nothing for 150 ms (at most 5 s). */
async function quiet(): Promise<void> {
  let seen = -1;
  for (let i = 0; i < 50 && seen !== received.length; i++) {
    seen = received.length;
    await new Promise((later) => setTimeout(later, 150));
  }
}

/** A read of the shop's pages: what it answers and the tags it carries. */
type Read = () => Promise<unknown>;

interface Taken {
  name: string;
  answer: string;
  tags: string[];
}

async function take(reads: Record<string, Read>): Promise<Taken[]> {
  const taken: Taken[] = [];
  for (const [name, read] of Object.entries(reads)) {
    tagged.tags = [];
    const answer = JSON.stringify(await read());
    taken.push({ name, answer, tags: [...tagged.tags] });
  }
  return taken;
}

/** The reads a shop's pages make, on the seeded catalog. */
async function shopReads(): Promise<Record<string, Read>> {
  const apparel = (await catalog.getCollectionBySlug('apparel'))!;
  return {
    'home grid (8 products)': () => catalog.getProducts({ limit: 8 }),
    'bestsellers (by ribbon)': () => catalog.getProducts({ ribbon: 'Bestseller' }),
    'product page (classic-crew-tee)': () => catalog.getProductBySlug('classic-crew-tee'),
    'product page (trail-runner)': () => catalog.getProductBySlug('trail-runner'),
    'unknown product (brand-new-mug)': () => catalog.getProductBySlug('brand-new-mug'),
    collections: () => catalog.getCollections({ sort: 'name-asc' }),
    'collection page (apparel)': () => catalog.getCollectionBySlug('apparel'),
    "apparel's products": () => catalog.getCollectionProducts(apparel.id, { limit: 24 }),
    'search "tee", cheapest first': () =>
      catalog.searchProducts({ text: 'tee', sort: 'price-asc' }),
    'search "boot", by name': () => catalog.searchProducts({ text: 'boot', sort: 'name-asc' }),
  };
}

async function productId(slug: string): Promise<string> {
  return (await catalog.getProductBySlug(slug))!.id;
}

describe.each(['v1', 'v3'] as const)(
  'catalog cache tags against webhook events (Catalog %s)',
  (version) => {
    let emulator: Emulator;
    let verify: ReturnType<typeof createWebhookHandler>;
    let merchant: Merchant;

    beforeAll(async () => {
      emulator = await startEmulator({
        port: 0,
        catalog: version,
        webhookUrl: receiver.url('/hooks'),
      });
      verify = createWebhookHandler({ publicKey: await emulator.webhookPublicKey() });
      merchant = merchantOf(emulator, version);
      vi.stubEnv('VITRINE_CLIENT_ID', emulator.clientId);
      vi.stubEnv('VITRINE_API_URL', emulator.url);
    });

    afterAll(async () => {
      vi.unstubAllEnvs();
      await emulator.close();
    });

    beforeEach(async () => {
      await emulator.reset();
      await quiet();
      received.length = 0;
    });

    /** The tags every event since the last call expires, and the events' kinds. */
    async function expiredByEvents(): Promise<Set<string>> {
      // Every change here causes an event: wait for the first (a busy machine may take longer
      // than the quiet window to sign and post it), then for the rest.
      for (let i = 0; i < 100 && received.length === 0; i++) {
        await new Promise((later) => setTimeout(later, 50));
      }
      await quiet();
      const tags = new Set<string>();
      for (const jwt of received.splice(0)) {
        const event = await verify.verify(jwt);
        for (const tag of cacheTagsToExpire(event)) tags.add(tag);
      }
      return tags;
    }

    /**
     * Makes `change`, then checks each read against the event: a read whose answer changed carries
     * an expired tag. Returns the reads whose answer changed, and those the event expired whose
     * answer did not (for the cases where precision can be asked).
     */
    async function afterChange(
      change: () => Promise<void>,
    ): Promise<{ changed: string[]; needless: string[] }> {
      const reads = await shopReads();
      const before = await take(reads);
      received.length = 0;
      await change();
      const expired = await expiredByEvents();
      const after = await take(reads);
      const stale: string[] = [];
      const changed: string[] = [];
      const needless: string[] = [];
      for (const [i, read] of before.entries()) {
        const hit = read.tags.some((tag) => expired.has(tag));
        if (after[i]!.answer !== read.answer) changed.push(read.name);
        if (after[i]!.answer !== read.answer && !hit) stale.push(read.name);
        if (after[i]!.answer === read.answer && hit) needless.push(read.name);
      }
      expect(stale, 'reads served stale after the webhook').toEqual([]);
      return { changed, needless };
    }

    it('reads the catalog the store runs', async () => {
      expect(received).toEqual([]);
      const tee = await catalog.getProductBySlug('classic-crew-tee');
      expect(tee).toMatchObject({ slug: 'classic-crew-tee', currency: 'USD' });
      expect(tee!.options.length).toBeGreaterThan(0);
    });

    it('a price change expires the reads that show or sort by it', async () => {
      const id = await productId('classic-crew-tee');
      const { changed, needless } = await afterChange(() => merchant.setPrice(id, 19));
      expect(changed).toEqual(
        expect.arrayContaining(['product page (classic-crew-tee)', 'search "tee", cheapest first']),
      );
      // Another product's page and the collections are not the tee's business.
      expect(needless).not.toContain('product page (trail-runner)');
      expect(needless).not.toContain('collections');
    });

    it('a rename expires the reads that show it, search by name included', async () => {
      const id = await productId('trail-runner');
      const { changed } = await afterChange(() => merchant.rename(id, 'Trail Boot'));
      // Found by "boot" now.
      expect(changed).toContain('search "boot", by name');
    });

    it('a ribbon given expires the lists filtered by ribbon', async () => {
      const id = await productId('trail-runner');
      const { changed } = await afterChange(() => merchant.setRibbon(id, 'Bestseller'));
      expect(changed).toContain('bestsellers (by ribbon)');
    });

    it('a product created (with the slug of an unknown page) expires the lists and that page', async () => {
      const { changed } = await afterChange(() =>
        merchant.create({ name: 'Brand New Mug', slug: 'brand-new-mug', price: 9 }),
      );
      expect(changed).toContain('unknown product (brand-new-mug)');
    });

    it('a product hidden expires every list it was in', async () => {
      const id = await productId('classic-crew-tee');
      const { changed } = await afterChange(() => merchant.hide(id));
      expect(changed).toEqual(
        expect.arrayContaining(['bestsellers (by ribbon)', "apparel's products"]),
      );
    });

    it('a product deleted expires its page and the lists it was in', async () => {
      const id = await productId('classic-crew-tee');
      const { changed } = await afterChange(() => merchant.remove(id));
      expect(changed).toEqual(
        expect.arrayContaining(['product page (classic-crew-tee)', "apparel's products"]),
      );
    });

    it("a product added to a collection expires the collection's products", async () => {
      const apparel = (await catalog.getCollectionBySlug('apparel'))!;
      const boot = await productId('trail-runner');
      const { changed } = await afterChange(() => merchant.addToCollection(apparel.id, boot));
      expect(changed).toContain("apparel's products");
    });

    it('a collection renamed expires its page and the collection lists', async () => {
      const apparel = (await catalog.getCollectionBySlug('apparel'))!;
      const { changed, needless } = await afterChange(() =>
        merchant.renameCollection(apparel.id, 'Clothing'),
      );
      expect(changed).toEqual(expect.arrayContaining(['collections', 'collection page (apparel)']));
      expect(needless).not.toContain('product page (classic-crew-tee)');
    });
  },
);

/**
 * The Redis cache handler against a real redis-server: entries, tags and their expirations
 * shared by every server (each handler here is one server of a shop), the size bound, one shop's
 * keys apart from another's.
 */
import { describe, expect, it, vi } from 'vitest';
import { entry, handlerFor, rawClient, textOf, useRedisServer } from './helpers.js';
import { endlessStream } from '../../shared/__tests__/endless-stream.js';

const redis = useRedisServer();

describe('createRedisCacheHandler', () => {
  describe('get and set', () => {
    it('returns what was set, with its times and tags, as a new stream each time', async () => {
      const handler = handlerFor(redis.current, { prefix: 'get-set:' });
      const timestamp = Date.now();
      await handler.set('key-1', Promise.resolve(entry('hello', { tags: ['a', 'b'], timestamp })));
      const first = await handler.get('key-1', []);
      expect(first && { ...first, value: undefined }).toEqual({
        tags: ['a', 'b'],
        stale: 300,
        timestamp,
        expire: 3600,
        revalidate: 900,
        value: undefined,
      });
      expect(await textOf(first)).toBe('hello');
      expect(await textOf(await handler.get('key-1', []))).toBe('hello');
      expect(await handler.get('never-set', [])).toBeUndefined();
    });

    it('keeps bytes as they are (binary, empty)', async () => {
      const handler = handlerFor(redis.current, { prefix: 'binary:' });
      const bytes = new Uint8Array([0, 255, 13, 10, 0, 128]);
      await handler.set('bin', Promise.resolve(entry(bytes)));
      await handler.set('empty', Promise.resolve(entry('')));
      const found = await handler.get('bin', []);
      expect(new Uint8Array(await new Response(found!.value).arrayBuffer())).toEqual(bytes);
      expect(await textOf(await handler.get('empty', []))).toBe('');
    });

    it('makes a read of a key wait for its write in progress', async () => {
      const handler = handlerFor(redis.current, { prefix: 'pending:' });
      let finish: (value: ReturnType<typeof entry>) => void = () => {};
      const writing = handler.set('slow', new Promise((resolve) => (finish = resolve)));
      const reading = handler.get('slow', []);
      finish(entry('made while you waited'));
      await writing;
      expect(await textOf(await reading)).toBe('made while you waited');
    });

    it('shares entries between servers', async () => {
      const one = handlerFor(redis.current, { prefix: 'shared:' });
      const two = handlerFor(redis.current, { prefix: 'shared:' });
      await one.set('k', Promise.resolve(entry('from one')));
      expect(await textOf(await two.get('k', []))).toBe('from one');
    });

    it('lets Redis drop an entry when Next.js would no longer serve it (expire)', async () => {
      const handler = handlerFor(redis.current, { prefix: 'ttl:' });
      const timestamp = Date.now();
      await handler.set('k', Promise.resolve(entry('x', { timestamp, expire: 120 })));
      await handler.set('dynamic', Promise.resolve(entry('x', { expire: 0 })));
      const raw = await rawClient(redis.current);
      try {
        const expiresAt = Number(await raw.sendCommand(['PEXPIRETIME', 'ttl:entry:k']));
        expect(expiresAt).toBe(timestamp + 120_000);
        // `expire: 0` is dynamic: Next.js never serves it again, so it is not written.
        expect(await raw.exists('ttl:entry:dynamic')).toBe(0);
      } finally {
        raw.destroy();
      }
    });

    it('answers a miss for a value it did not write (no error)', async () => {
      const handler = handlerFor(redis.current, { prefix: 'garbage:' });
      const raw = await rawClient(redis.current);
      await raw.set('garbage:entry:a', 'not an entry');
      await raw.set('garbage:entry:b', Buffer.from([0, 0, 0, 9, 123]));
      raw.destroy();
      expect(await handler.get('a', [])).toBeUndefined();
      expect(await handler.get('b', [])).toBeUndefined();
    });
  });

  describe('size bound', () => {
    it('does not store an entry bigger than maxEntryBytes, and stops reading it', async () => {
      const handler = handlerFor(redis.current, { prefix: 'size:', maxEntryBytes: 1024 });
      await handler.set('fits', Promise.resolve(entry(new Uint8Array(1024))));
      // Endless, but past a guard it fails naming the broken cap (never a hung suite).
      const endless = endlessStream({ chunkBytes: 400, guardBytes: 64 * 1024 });
      await handler.set('too-big', Promise.resolve({ ...entry(''), value: endless.stream }));
      expect(endless.overran, 'the handler read past maxEntryBytes').toBe(false);
      expect(endless.cancelled).toBe(true);
      expect(endless.pulled).toBeLessThanOrEqual(4);
      expect(await handler.get('too-big', [])).toBeUndefined();
      expect((await handler.get('fits', []))?.tags).toEqual([]);
    });

    it('defaults to 2 MiB', async () => {
      const handler = handlerFor(redis.current, { prefix: 'size-default:' });
      await handler.set('2mib', Promise.resolve(entry(new Uint8Array(2 * 1024 * 1024))));
      await handler.set('over', Promise.resolve(entry(new Uint8Array(2 * 1024 * 1024 + 1))));
      expect(await handler.get('2mib', [])).toBeDefined();
      expect(await handler.get('over', [])).toBeUndefined();
    });

    it('does not store an entry whose stream broke off', async () => {
      const handler = handlerFor(redis.current, { prefix: 'broken:' });
      const broken = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(10));
          controller.error(new Error('render failed'));
        },
      });
      await handler.set('k', Promise.resolve({ ...entry(''), value: broken }));
      expect(await handler.get('k', [])).toBeUndefined();
    });
  });

  describe('updateTags', () => {
    it("expires a tag's entries on every server, at once", async () => {
      const one = handlerFor(redis.current, { prefix: 'tags:' });
      const two = handlerFor(redis.current, { prefix: 'tags:' });
      const before = Date.now() - 1000;
      await one.set('product', Promise.resolve(entry('old', { tags: ['p1'], timestamp: before })));
      await one.set('other', Promise.resolve(entry('kept', { tags: ['p2'], timestamp: before })));
      expect(await textOf(await two.get('product', []))).toBe('old');

      const announced = performance.now();
      await one.updateTags(['p1'], { expire: 0 });
      expect(await one.get('product', [])).toBeUndefined();
      await vi.waitFor(async () => expect(await two.get('product', [])).toBeUndefined(), {
        timeout: 2000,
        interval: 5,
      });
      const tookMs = performance.now() - announced;
      expect(tookMs).toBeLessThan(2000);
      console.log(
        `[cache] a tag expired on one server was expired on the other ${tookMs.toFixed(1)} ms later`,
      );
      expect(await textOf(await two.get('other', []))).toBe('kept');
      // What Next.js asks for the page's own tags: when the latest of them expired.
      expect(await two.getExpiration(['p1', 'p2'])).toBeGreaterThan(before);
      expect(await two.getExpiration(['p2'])).toBe(0);

      // An entry made after the expiration is served.
      await two.set('product', Promise.resolve(entry('new', { tags: ['p1'] })));
      expect(await textOf(await one.get('product', []))).toBe('new');
    });

    it('marks entries stale (served once more, then replaced) when the tag has a lifetime', async () => {
      const one = handlerFor(redis.current, { prefix: 'stale:' });
      const two = handlerFor(redis.current, { prefix: 'stale:' });
      const before = Date.now() - 1000;
      await one.set('k', Promise.resolve(entry('x', { tags: ['t'], timestamp: before })));
      await one.updateTags(['t'], { expire: 3600 });
      await vi.waitFor(async () => expect((await two.get('k', []))?.revalidate).toBe(-1), {
        timeout: 2000,
        interval: 5,
      });
    });

    it('expires at once when given no durations', async () => {
      const handler = handlerFor(redis.current, { prefix: 'no-durations:' });
      const before = Date.now() - 1000;
      await handler.set('k', Promise.resolve(entry('x', { tags: ['t'], timestamp: before })));
      await handler.updateTags(['t']);
      expect(await handler.get('k', [])).toBeUndefined();
    });

    it('is known to a server that starts after it', async () => {
      const one = handlerFor(redis.current, { prefix: 'late:' });
      const before = Date.now() - 1000;
      await one.set('k', Promise.resolve(entry('x', { tags: ['t'], timestamp: before })));
      await one.set('other', Promise.resolve(entry('y', { tags: ['u'], timestamp: before })));
      await one.updateTags(['t'], { expire: 0 });
      const late = handlerFor(redis.current, { prefix: 'late:' });
      expect(await textOf(await late.get('other', []))).toBe('y');
      expect(await late.get('k', [])).toBeUndefined();
      expect(await late.getExpiration(['t'])).toBeGreaterThan(before);
    });

    it("expires an entry by the page's own tags (soft tags) too", async () => {
      const handler = handlerFor(redis.current, { prefix: 'soft:' });
      const before = Date.now() - 1000;
      await handler.set('k', Promise.resolve(entry('x', { tags: ['t'], timestamp: before })));
      await handler.updateTags(['_N_T_/products/a'], { expire: 0 });
      expect(await handler.get('k', ['_N_T_/products/a'])).toBeUndefined();
      expect(await textOf(await handler.get('k', ['_N_T_/products/b']))).toBe('x');
    });
  });

  describe('prefix', () => {
    it("keeps two shops' entries and tags apart in one Redis", async () => {
      const shopA = handlerFor(redis.current, { prefix: 'shop-a:' });
      const shopB = handlerFor(redis.current, { prefix: 'shop-b:' });
      const before = Date.now() - 1000;
      await shopA.set('same-key', Promise.resolve(entry('A', { tags: ['t'], timestamp: before })));
      expect(await shopB.get('same-key', [])).toBeUndefined();
      await shopB.set('same-key', Promise.resolve(entry('B', { tags: ['t'], timestamp: before })));

      await shopA.updateTags(['t'], { expire: 0 });
      expect(await shopA.get('same-key', [])).toBeUndefined();
      // Give B's server the time to hear of it, were it told: it is not.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await textOf(await shopB.get('same-key', []))).toBe('B');
      expect(await shopB.getExpiration(['t'])).toBe(0);

      const raw = await rawClient(redis.current);
      try {
        const keys = (await raw.keys('shop-*')).sort();
        expect(keys).toEqual(['shop-a:entry:same-key', 'shop-a:tags', 'shop-b:entry:same-key']);
      } finally {
        raw.destroy();
      }
    });
  });
});

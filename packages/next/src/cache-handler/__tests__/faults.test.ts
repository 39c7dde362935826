/**
 * The Redis cache handler when Redis is down or slow: a page is never failed nor held past the
 * bound (the handler answers a miss, the page is rendered from the platform), an outage is logged
 * once, and the handler reconnects by itself and catches up with what it missed.
 */
import { describe, expect, it, vi } from 'vitest';
import { FakeClock, entry, flush, handlerFor, textOf, useRedisServer } from './helpers.js';

const redis = useRedisServer();

const unreachable = (lines: string[]) => lines.filter((line) => line.includes(' is unreachable '));
const back = (lines: string[]) => lines.filter((line) => line.includes(' answers again after '));

describe('createRedisCacheHandler under faults', () => {
  describe('Redis stopped', () => {
    it('answers misses at once, takes writes without throwing, logs once, then reconnects', async () => {
      const lines: string[] = [];
      const clock = new FakeClock();
      const handler = handlerFor(redis.current, { prefix: 'stopped:', lines, clock });
      await handler.set('k', Promise.resolve(entry('before')));
      expect(await textOf(await handler.get('k', []))).toBe('before');

      await redis.current.kill();
      // Neither waits for the bound (the clock never moves here): a refused connection is known.
      const misses = await Promise.all(Array.from({ length: 100 }, () => handler.get('k', [])));
      expect(misses.every((found) => found === undefined)).toBe(true);
      await expect(handler.set('k2', Promise.resolve(entry('during')))).resolves.toBeUndefined();
      await expect(handler.updateTags(['t'], { expire: 0 })).resolves.toBeUndefined();
      expect(await handler.get('k2', [])).toBeUndefined();
      expect(unreachable(lines)).toHaveLength(1);
      expect(back(lines), lines.join('\n')).toHaveLength(0);

      await redis.current.start();
      // The client reconnects by itself (its own back-off, at most maxReconnectDelayMs).
      await vi.waitFor(() => expect(back(lines)).toHaveLength(1), { timeout: 5000, interval: 20 });
      await handler.set('k3', Promise.resolve(entry('after')));
      expect(await textOf(await handler.get('k3', []))).toBe('after');
      expect(lines).toHaveLength(2);
    });

    it('announces a tag it expired during the outage once Redis is back', async () => {
      const one = handlerFor(redis.current, { prefix: 'kept-tags:' });
      const two = handlerFor(redis.current, { prefix: 'kept-tags:' });
      await one.set('warm', Promise.resolve(entry('x')));
      expect(await two.get('warm', [])).toBeDefined();

      await redis.current.kill();
      await vi.waitFor(async () => expect(await one.get('warm', [])).toBeUndefined());
      await one.updateTags(['t'], { expire: 0 });
      const expiredAt = await one.getExpiration(['t']);
      expect(expiredAt).toBeGreaterThan(0);
      expect(await two.getExpiration(['t'])).toBe(0);

      await redis.current.start();
      // Redis came back empty (no persistence): the expiration reaches `two` all the same, and
      // a server that starts now reads it from Redis.
      await vi.waitFor(async () => expect(await two.getExpiration(['t'])).toBe(expiredAt), {
        timeout: 5000,
        interval: 20,
      });
      const late = handlerFor(redis.current, { prefix: 'kept-tags:' });
      expect(await late.getExpiration(['t'])).toBe(expiredAt);
    });

    it('starts without Redis and logs the outage once, with no password in it', async () => {
      const lines: string[] = [];
      const stopped = await import('../../../../../scripts/redis-server.mjs').then((m) =>
        m.startRedisServer(),
      );
      const url = `redis://:s3cret-canary@127.0.0.1:${stopped.port}`;
      await stopped.stop();
      const handler = handlerFor(redis.current, { url, prefix: 'absent:', lines });
      expect(await handler.get('k', [])).toBeUndefined();
      await handler.set('k', Promise.resolve(entry('x')));
      expect(await handler.get('k', [])).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(unreachable(lines)).toEqual([
        `[vitrine] shared cache: Redis at 127.0.0.1:${stopped.port} is unreachable (ECONNREFUSED); ` +
          "pages are rendered from the store's platform, uncached, until it answers again.",
      ]);
      expect(lines.join('\n')).not.toContain('s3cret-canary');
    });
  });

  describe('Redis frozen (holds the connection, answers nothing)', () => {
    it('answers a miss after exactly timeoutMs, then at once until Redis answers again', async () => {
      const lines: string[] = [];
      const clock = new FakeClock();
      const handler = handlerFor(redis.current, { prefix: 'frozen:', lines, clock, timeoutMs: 40 });
      await handler.set('k', Promise.resolve(entry('cached')));
      expect(await textOf(await handler.get('k', []))).toBe('cached');

      redis.current.pause();
      try {
        let answer: unknown = 'waiting';
        void handler.get('k', []).then((found) => (answer = found));
        await clock.advance(39);
        expect(answer).toBe('waiting');
        await clock.advance(1);
        expect(answer).toBeUndefined();
        expect(unreachable(lines)).toEqual([
          `[vitrine] shared cache: Redis at 127.0.0.1:${redis.current.port} is unreachable ` +
            "(no answer within 40 ms); pages are rendered from the store's platform, uncached, " +
            'until it answers again.',
        ]);

        // During the outage nothing waits: the next reads answer without the clock moving.
        const during = await Promise.all(Array.from({ length: 50 }, () => handler.get('k', [])));
        expect(during.every((found) => found === undefined)).toBe(true);
        await expect(handler.set('k', Promise.resolve(entry('x')))).resolves.toBeUndefined();
        expect(unreachable(lines)).toHaveLength(1);
      } finally {
        redis.current.resume();
      }
      // It tries again on its back-off (50 ms, doubling, at most maxReconnectDelayMs = 100 ms).
      await vi.waitFor(
        async () => {
          await clock.advance(100);
          expect(back(lines)).toHaveLength(1);
        },
        { timeout: 5000, interval: 10 },
      );
      expect(await textOf(await handler.get('k', []))).toBe('cached');
      expect(lines).toHaveLength(2);
    });

    it('answers a read of an entry it is writing from that write, without waiting on Redis', async () => {
      const lines: string[] = [];
      const clock = new FakeClock();
      const handler = handlerFor(redis.current, { prefix: 'writing:', lines, clock });
      expect(await handler.get('warm', [])).toBeUndefined();

      redis.current.pause();
      try {
        const writing = handler.set('k', Promise.resolve(entry('fresh')));
        // The clock does not move: the write to Redis hangs, the read does not wait for it.
        expect(await textOf(await handler.get('k', []))).toBe('fresh');
        await clock.advance(1000);
        await writing;
        expect(unreachable(lines)).toHaveLength(1);
      } finally {
        redis.current.resume();
      }
    });

    it("does not count this process's own busy moments against Redis", async () => {
      // The real clock: a long task of the server's own delays its timers and Redis's reply alike.
      const lines: string[] = [];
      const handler = handlerFor(redis.current, { prefix: 'busy:', lines, timeoutMs: 20 });
      await handler.set('k', Promise.resolve(entry('cached')));
      expect(await textOf(await handler.get('k', []))).toBe('cached');

      const reading = handler.get('k', []);
      // The client writes its commands in a `setImmediate`: two turns of the event loop send it.
      // Then a render holds the process for 300 ms, while the reply comes in (Redis answers within
      // a millisecond, or a few on a busy machine) and the bound passes.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      const until = Date.now() + 300;
      while (Date.now() < until) {
        // busy
      }
      expect(await textOf(await reading)).toBe('cached');
      expect(lines).toEqual([]);
    });

    it('waits at most timeoutMs for the first connection', async () => {
      const clock = new FakeClock();
      redis.current.pause();
      try {
        const handler = handlerFor(redis.current, { prefix: 'first:', clock, timeoutMs: 30 });
        let answer: unknown = 'waiting';
        void handler.get('k', []).then((found) => (answer = found));
        await flush();
        expect(answer).toBe('waiting');
        await clock.advance(30);
        expect(answer).toBeUndefined();
      } finally {
        redis.current.resume();
      }
    });
  });
});

/**
 * What the cache handler's tests share: a real redis-server per test file (Debian's, on a free
 * port of 127.0.0.1, stopped after), a hand-driven clock for the handler's timers, entries as
 * Next.js hands them over, and a plain client to look at what the handler stored.
 */
import { createClient } from '@redis/client';
import type { CacheEntry } from 'next/cache';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startRedisServer, type RedisServer } from '../../../../../scripts/redis-server.mjs';
import type { CacheClock, RedisCacheHandlerOptions } from '../options.js';
import { createRedisCacheHandler, type RedisCacheHandler } from '../redis-handler.js';

/** A redis-server for this file's tests (started in `beforeAll`, stopped in `afterAll`). */
export function useRedisServer(): { current: RedisServer } {
  const holder = {} as { current: RedisServer };
  beforeAll(async () => {
    holder.current = await startRedisServer();
  }, 20_000);
  afterAll(async () => {
    await holder.current?.stop();
  });
  return holder;
}

/** A clock whose timers fire only when `advance` moves it. */
export class FakeClock implements CacheClock {
  // Starts at the real time: Redis expires what the handler writes by the real clock.
  #now = Date.now();
  #timers = new Map<number, { at: number; run: () => void }>();
  #next = 1;

  now(): number {
    return this.#now;
  }

  setTimeout(run: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.set(id, { at: this.#now + ms, run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** Timers waiting. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Moves the clock `ms` on, firing each timer due on the way (and what it starts). */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    for (;;) {
      await flush();
      const due = [...this.#timers]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at);
      const first = due[0];
      if (first === undefined) break;
      this.#timers.delete(first[0]);
      this.#now = Math.max(this.#now, first[1].at);
      first[1].run();
    }
    this.#now = end;
    await flush();
  }
}

/** Lets promise callbacks (and the I/O they wait on, briefly) run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** Handlers made by `handlerFor` in a test, closed after it. */
const open: RedisCacheHandler[] = [];
afterEach(() => {
  for (const handler of open.splice(0)) handler.close();
});

/** A handler on `redis` (closed after the test), its log lines in `lines`. */
export function handlerFor(
  redis: RedisServer,
  options: Partial<RedisCacheHandlerOptions> & { lines?: string[] } = {},
): RedisCacheHandler {
  const { lines = [], ...rest } = options;
  const handler = createRedisCacheHandler({
    url: redis.url,
    prefix: 'test:',
    log: (line) => lines.push(line),
    maxReconnectDelayMs: 100,
    // Wide, as the machine running the tests may be busy: the tests of the bound set their own.
    timeoutMs: 2000,
    ...rest,
  });
  open.push(handler);
  return handler;
}

/** An entry as Next.js hands it to `set`. */
export function entry(
  text: string | Uint8Array,
  fields: Partial<Omit<CacheEntry, 'value'>> = {},
): CacheEntry {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  return {
    value: new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
    tags: [],
    stale: 300,
    timestamp: Date.now(),
    expire: 3600,
    revalidate: 900,
    ...fields,
  };
}

/** The text of an entry's stream. */
export async function textOf(found: CacheEntry | undefined): Promise<string | undefined> {
  if (found === undefined) return undefined;
  return new Response(found.value).text();
}

/** A plain client on `redis`, to look at what the handler stored (closed by the caller). */
export async function rawClient(redis: RedisServer) {
  const client = createClient({ url: redis.url });
  client.on('error', () => {});
  await client.connect();
  return client;
}

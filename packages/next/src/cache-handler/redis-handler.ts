/**
 * Next.js's cache handler interface for `'use cache'` (`cacheHandlers` in next.config), on Redis:
 * every server of a shop reads and writes the same entries, and a tag one server expires (a
 * webhook's `revalidateTag`) is expired on all of them.
 *
 * In Redis, under the shop's prefix:
 * - `entry:<Next.js's cache key>`: an entry (entry-codec.ts), living as long as the entry may
 *   (`expire`), so Redis drops what Next.js would no longer serve;
 * - `tags`: a hash of each expired tag's record (tags-manifest.ts);
 * - the channel `tags`: each expiration as it is made, to every server at once.
 *
 * Each server keeps the tags' records in memory (filled from the hash when it connects, kept
 * current by the channel), so a read is one GET. An expiration made while Redis is unreachable is
 * kept and written (and announced) once it answers again.
 */
import type { CacheEntry, CacheHandler } from 'next/cache';
import { readAtMost } from '../shared/read-at-most.js';
import { decodeEntry, encodeEntry, streamOf, type EntryMeta } from './entry-codec.js';
import {
  resolveCacheOptions,
  type RedisCacheHandlerOptions,
  type ResolvedCacheOptions,
} from './options.js';
import { RedisLink, type RedisCommands } from './redis-link.js';
import { expirePages } from './page-tags.js';
import { TagsManifest, fromWire, toWire, type TagRecord } from './tags-manifest.js';

/** The handler, and `close()` for a server that stops (or a test). */
export interface RedisCacheHandler extends CacheHandler {
  /** Closes its connections to Redis. */
  close(): void;
}

// Writes the records of ARGV[3..] (tag, record pairs) unless Redis holds a later record of the
// tag (records are JSON arrays starting with when they were made), then announces them all.
const WRITE_TAGS = `
for i = 3, #ARGV, 2 do
  local known = redis.call('HGET', KEYS[1], ARGV[i])
  local knownAt = known and tonumber(string.match(known, '^%[(%d+)'))
  local at = tonumber(string.match(ARGV[i + 1], '^%[(%d+)'))
  if not knownAt or knownAt <= at then redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
redis.call('PUBLISH', ARGV[1], ARGV[2])
return 1`;

/** Tag expirations kept through an outage, at most: past this the oldest are dropped. */
const MAX_PENDING_TAGS = 10_000;
/** An entry lives in Redis at most this long, whatever its `expire`. */
const MAX_TTL_MS = 365 * 24 * 3600 * 1000;

/**
 * A `'use cache'` handler on Redis (Next.js 16's `cacheHandlers` interface). It starts connecting
 * at once (Next.js creates it when the server starts, so the first page finds it connected);
 * Redis down or slow never fails a page (see {@link RedisCacheHandlerOptions}).
 *
 * Most shops need none of this: set `REDIS_URL` and `cacheHandlers: vitrineCacheHandlers()` in
 * next.config. Create one yourself to set options the environment does not carry, in a module
 * whose default export it is, named in next.config's `cacheHandlers`.
 *
 * @example
 * // cache-handler.mjs
 * import { createRedisCacheHandler } from '@vitrine/next/cache-handler';
 * export default createRedisCacheHandler({ url: process.env.REDIS_URL, prefix: 'shop-eu:' });
 * @throws {StoreArgumentError} when `url` is not a redis:// or rediss:// URL, or a bound or size
 * is not a positive number.
 */
export function createRedisCacheHandler(options: RedisCacheHandlerOptions): RedisCacheHandler {
  const resolved = resolveCacheOptions(options);
  const tagsKey = `${resolved.prefix}tags`;
  // Pages kept whole follow the tags' records too (page-tags.ts).
  const manifest = new TagsManifest(expirePages);
  const pendingTags = new Map<string, TagRecord>();
  const link = new RedisLink(resolved, tagsKey, {
    onMessage: (message) => applyMessage(manifest, message),
    onSync: (redis) => catchUp(redis, tagsKey, manifest, pendingTags),
  });
  const entries = entryStore(resolved, link, manifest);
  void link.ready();

  return {
    get: entries.get,
    set: entries.set,
    async refreshTags() {
      // The channel keeps the records current; only the first moments of a server wait here.
      await link.ready();
    },
    async getExpiration(tags) {
      await link.ready();
      return manifest.expiration(tags);
    },
    async updateTags(tags, durations) {
      const now = resolved.clock.now();
      const records = new Map(tags.map((tag) => [tag, manifest.recordFor(tag, now, durations)]));
      for (const [tag, record] of records) manifest.apply(tag, record);
      const written = await link.write((redis) => writeTags(redis, tagsKey, records));
      if (!written) keepForLater(pendingTags, records);
    },
    close: () => link.close(),
  };
}

/** An entry being written by this server: its header and bytes once read, `undefined` if not kept. */
type InFlight = Promise<{ meta: EntryMeta; bytes: Buffer } | undefined>;

/** `get` and `set` of the entries. */
function entryStore(
  options: ResolvedCacheOptions,
  link: RedisLink,
  manifest: TagsManifest,
): Pick<CacheHandler, 'get' | 'set'> {
  const key = (cacheKey: string) => `${options.prefix}entry:${cacheKey}`;
  // Entries this server is writing: a read of the same key takes it from here (Next.js asks a
  // handler to wait for its own writes), without waiting on Redis for it.
  const inFlight = new Map<string, InFlight>();

  /**
   * `found` as Next.js takes it, or `undefined` when one of its tags, or of the page's (`softTags`:
   * Next.js asks `getExpiration` for them too, but perhaps before this server had caught up), has
   * expired it.
   */
  function served(
    found: { meta: EntryMeta; bytes: Buffer },
    softTags: readonly string[],
  ): CacheEntry | undefined {
    const { meta, bytes } = found;
    const now = options.clock.now();
    if (manifest.isExpired([...meta.tags, ...softTags], meta.timestamp, now)) return undefined;
    // Served once more while Next.js makes the new one, as its own handler does.
    const revalidate = manifest.isStale(meta.tags, meta.timestamp) ? -1 : meta.revalidate;
    return { ...meta, revalidate, value: streamOf(bytes) };
  }

  return {
    async get(cacheKey, softTags) {
      const writing = inFlight.get(cacheKey);
      if (writing !== undefined) {
        const written = await writing;
        if (written !== undefined) return served(written, softTags);
      }
      const stored = await link.read((redis) => redis.send(['GET', key(cacheKey)], true));
      if (!Buffer.isBuffer(stored)) return undefined;
      const decoded = decodeEntry(stored);
      return decoded && served(decoded, softTags);
    },
    async set(cacheKey, pendingEntry) {
      const reading = entryToKeep(pendingEntry, options);
      inFlight.set(cacheKey, reading);
      try {
        const kept = await reading;
        if (kept === undefined) return;
        const stored = encodeEntry(kept.meta, kept.bytes);
        const endsAt = String(kept.endsAt);
        await link.write((redis) => redis.send(['SET', key(cacheKey), stored, 'PXAT', endsAt]));
      } finally {
        if (inFlight.get(cacheKey) === reading) inFlight.delete(cacheKey);
      }
    },
  };
}

/**
 * The entry's header and bytes, and when it ends, or `undefined` when it is not to be kept: too
 * big, broken off, dynamic (`expire: 0`, which Next.js never serves again), or already over.
 */
async function entryToKeep(
  pendingEntry: Promise<CacheEntry>,
  options: ResolvedCacheOptions,
): Promise<{ meta: EntryMeta; bytes: Buffer; endsAt: number } | undefined> {
  let entry: CacheEntry;
  try {
    entry = await pendingEntry;
  } catch {
    return undefined;
  }
  // The stream is read (or cancelled) in every case: the handler owns it.
  const bytes = await readAtMost(entry.value, options.maxEntryBytes);
  if (bytes === undefined || entry.expire === 0) return undefined;
  const { value: _stream, ...meta } = entry;
  const now = options.clock.now();
  const endsAt = Math.round(Math.min(meta.timestamp + meta.expire * 1000, now + MAX_TTL_MS));
  return endsAt > now ? { meta, bytes, endsAt } : undefined;
}

function writeTags(
  redis: RedisCommands,
  tagsKey: string,
  records: ReadonlyMap<string, TagRecord>,
): Promise<unknown> {
  const wire = [...records].map(([tag, record]) => [tag, JSON.stringify(toWire(record))]);
  const message = JSON.stringify(Object.fromEntries([...records].map(([t, r]) => [t, toWire(r)])));
  return redis.send(['EVAL', WRITE_TAGS, '1', tagsKey, tagsKey, message, ...wire.flat()]);
}

/** After a (re)connection: the records expired meanwhile, then what this server kept to write. */
async function catchUp(
  redis: RedisCommands,
  tagsKey: string,
  manifest: TagsManifest,
  pendingTags: Map<string, TagRecord>,
): Promise<void> {
  const reply = await redis.send(['HGETALL', tagsKey]);
  for (const [tag, value] of fieldsOf(reply)) {
    const record = fromWire(parse(value));
    if (record !== undefined) manifest.apply(tag, record);
  }
  if (pendingTags.size === 0) return;
  const kept = new Map(pendingTags);
  await writeTags(redis, tagsKey, kept);
  for (const [tag, record] of kept) if (pendingTags.get(tag) === record) pendingTags.delete(tag);
}

function keepForLater(pending: Map<string, TagRecord>, records: ReadonlyMap<string, TagRecord>) {
  for (const [tag, record] of records) {
    pending.delete(tag);
    pending.set(tag, record);
  }
  for (const tag of pending.keys()) {
    if (pending.size <= MAX_PENDING_TAGS) break;
    pending.delete(tag);
  }
}

function applyMessage(manifest: TagsManifest, message: string): void {
  const records = parse(message);
  if (typeof records !== 'object' || records === null || Array.isArray(records)) return;
  for (const [tag, wire] of Object.entries(records as Record<string, unknown>)) {
    const record = fromWire(wire);
    if (record !== undefined) manifest.apply(tag, record);
  }
}

/** HGETALL's reply as pairs: a flat array (RESP2) or a map (RESP3). */
function fieldsOf(reply: unknown): Array<[string, string]> {
  if (Array.isArray(reply)) {
    const pairs: Array<[string, string]> = [];
    for (let i = 0; i + 1 < reply.length; i += 2)
      pairs.push([String(reply[i]), String(reply[i + 1])]);
    return pairs;
  }
  if (reply instanceof Map) return [...reply].map(([k, v]) => [String(k), String(v)]);
  if (typeof reply === 'object' && reply !== null) {
    return Object.entries(reply).map(([k, v]) => [k, String(v)]);
  }
  return [];
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

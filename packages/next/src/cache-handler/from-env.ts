/**
 * The handler a server's environment asks for: on Redis when `REDIS_URL` is set (connecting at
 * once), otherwise Next.js's own in-memory handler (made on first use).
 */
import type { CacheHandler } from 'next/cache';
import { nextMemoryHandler } from './memory-fallback.js';
import { readCacheEnv } from './options.js';
import { createRedisCacheHandler } from './redis-handler.js';

/**
 * The `'use cache'` handler of the server's environment (see {@link readCacheEnv}): the Redis
 * handler when `REDIS_URL` is set, Next.js's in-memory one otherwise. The module
 * `vitrineCacheHandlers()` names default-exports it; a module of your own may too.
 *
 * @example
 * // cache-handler.mjs, named in next.config's cacheHandlers
 * import { cacheHandlerFromEnv } from '@vitrine/next/cache-handler';
 * export default cacheHandlerFromEnv();
 * @throws {StoreArgumentError} when `REDIS_URL` (or a `VITRINE_CACHE_*` variable) is set to
 * something unusable, naming it.
 */
export function cacheHandlerFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): CacheHandler {
  const options = readCacheEnv(env);
  if (options !== undefined) return createRedisCacheHandler(options);
  let memory: CacheHandler | undefined;
  const current = () => (memory ??= nextMemoryHandler());
  return {
    get: (cacheKey, softTags) => current().get(cacheKey, softTags),
    set: (cacheKey, pendingEntry) => current().set(cacheKey, pendingEntry),
    refreshTags: () => current().refreshTags(),
    getExpiration: (tags) => current().getExpiration(tags),
    updateTags: (tags, durations) => current().updateTags(tags, durations),
  };
}

/**
 * `@vitrine/next/cache-handler`: the shop's `'use cache'` entries in Redis, shared by all its
 * servers. Server only.
 *
 * Its default export is the handler Next.js loads (next.config's `cacheHandlers` names this
 * module: `vitrineCacheHandlers()`), configured by the server's environment: on Redis when
 * `REDIS_URL` is set, otherwise Next.js's own in-memory handler. It connects on first use, not
 * when imported.
 */
import type { CacheHandler } from 'next/cache';
import { nextMemoryHandler } from './memory-fallback.js';
import { readCacheEnv } from './options.js';
import { createRedisCacheHandler } from './redis-handler.js';

export { vitrineCacheHandlers } from './config.js';
export type { VitrineCacheHandlers } from './config.js';
export { createRedisCacheHandler } from './redis-handler.js';
export type { RedisCacheHandler } from './redis-handler.js';
export { readCacheEnv } from './options.js';
export type { CacheClock, RedisCacheHandlerOptions } from './options.js';

/**
 * The handler of this server's environment, made on first use. A `REDIS_URL` that is set but
 * unusable fails here, when the module loads, with an error naming it.
 */
function handlerOfEnvironment(): CacheHandler {
  const options = readCacheEnv();
  let handler: CacheHandler | undefined;
  const current = () =>
    (handler ??= options ? createRedisCacheHandler(options) : nextMemoryHandler());
  return {
    get: (cacheKey, softTags) => current().get(cacheKey, softTags),
    set: (cacheKey, pendingEntry) => current().set(cacheKey, pendingEntry),
    refreshTags: () => current().refreshTags(),
    getExpiration: (tags) => current().getExpiration(tags),
    updateTags: (tags, durations) => current().updateTags(tags, durations),
  };
}

const handler: CacheHandler = handlerOfEnvironment();
export default handler;

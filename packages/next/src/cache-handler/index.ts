/**
 * `@vitrine/next/cache-handler`: the shop's `'use cache'` entries in Redis, shared by all its
 * servers, turned on by `REDIS_URL`. Server only; importing it connects to nothing (next.config
 * imports it for `vitrineCacheHandlers()`).
 */
export { vitrineCacheHandlers } from './config.js';
export type { VitrineCacheHandlers } from './config.js';
export { cacheHandlerFromEnv } from './from-env.js';
export { createRedisCacheHandler } from './redis-handler.js';
export type { RedisCacheHandler } from './redis-handler.js';
export { readCacheEnv } from './options.js';
export type { CacheClock, RedisCacheHandlerOptions } from './options.js';

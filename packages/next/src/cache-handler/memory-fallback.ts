/**
 * Next.js's own in-memory `'use cache'` handler, for a server whose next.config named this
 * package's handler (a build made with `REDIS_URL`, a standalone output that keeps the build's
 * config) but that runs without `REDIS_URL`: it then behaves as if no handler had been named.
 */
import { createRequire } from 'node:module';
import type { CacheHandler } from 'next/cache';

/** Next.js's default size of its in-memory cache (`cacheMaxMemorySize`). */
const NEXT_DEFAULT_MAX_MEMORY = 50 * 1024 * 1024;

/** Next.js's in-memory handler, loaded from the shop's own Next.js. */
export function nextMemoryHandler(maxBytes = NEXT_DEFAULT_MAX_MEMORY): CacheHandler {
  const require = createRequire(import.meta.url);
  const defaults = require('next/dist/server/lib/cache-handlers/default.js') as {
    createDefaultCacheHandler: (maxSize: number) => CacheHandler;
  };
  return defaults.createDefaultCacheHandler(maxBytes);
}

/**
 * What next.config needs for the shared cache: one line, `cacheHandlers: vitrineCacheHandlers()`.
 * Next.js reads next.config when it builds and again when `next start` starts, so one build runs
 * with and without Redis: the handler is named only when `REDIS_URL` is set where the server
 * starts.
 */
import { fileURLToPath } from 'node:url';
import { readCacheEnv } from './options.js';

/** next.config's `cacheHandlers`, as {@link vitrineCacheHandlers} returns it. */
export interface VitrineCacheHandlers {
  /** Next.js's kinds of cache, each with the path of its handler. */
  [kind: string]: string | undefined;
  /** The handler of `'use cache'`. */
  default?: string;
  /** The handler of `'use cache: remote'`. */
  remote?: string;
}

/**
 * next.config's `cacheHandlers`: this package's Redis handler for `'use cache'` and
 * `'use cache: remote'` when `REDIS_URL` is set, nothing otherwise (Next.js's in-memory cache,
 * all one server needs).
 *
 * @example
 * // next.config.ts
 * import { vitrineCacheHandlers } from '@vitrine/next/cache-handler';
 * export default { cacheComponents: true, cacheHandlers: vitrineCacheHandlers() };
 * @throws {StoreArgumentError} when `REDIS_URL` (or a `VITRINE_CACHE_*` variable) is set to
 * something unusable.
 */
export function vitrineCacheHandlers(
  env: Readonly<Record<string, string | undefined>> = process.env,
): VitrineCacheHandlers {
  if (readCacheEnv(env) === undefined) return {};
  const handler = fileURLToPath(new URL('./handler.js', import.meta.url));
  return { default: handler, remote: handler };
}

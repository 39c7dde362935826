/**
 * `@vitrine/next/config`: what a shop's `next.config.ts` needs, in one call.
 */
import type { NextConfig } from 'next';
import { CATALOG_CACHE_LIFE } from '../catalog/cache-life.js';
import { vitrineCacheHandlers } from '../cache-handler/config.js';
import { readShopAddress } from '../server/store-config.js';

/**
 * The catalog's default cache life: served from the cache for up to a day, refreshed in the
 * background after an hour. The store's webhooks expire what changes at once; these bounds only
 * limit what a lost webhook costs.
 */
export const DEFAULT_CATALOG_CACHE_LIFE = { stale: 300, revalidate: 3600, expire: 86_400 };

/**
 * `nextConfig` with what `@vitrine/next` needs: Cache Components and partial prefetching on (as a
 * new app has them), the `vitrine-catalog` cache life (yours wins when `nextConfig.cacheLife`
 * names it), the platform's media host for `next/image`, and, when `REDIS_URL` is set where the
 * server starts, the catalog's cache in Redis, shared by every server of the shop
 * (`vitrineCacheHandlers()`).
 *
 * @example
 * // next.config.ts
 * import { withVitrine } from '@vitrine/next/config';
 * export default withVitrine({ poweredByHeader: false });
 * @throws {StoreArgumentError} when `REDIS_URL` (or a `VITRINE_CACHE_*` variable) is unusable.
 */
export function withVitrine(nextConfig: NextConfig = {}): NextConfig {
  return {
    ...nextConfig,
    cacheComponents: nextConfig.cacheComponents ?? true,
    partialPrefetching: nextConfig.partialPrefetching ?? true,
    cacheLife: { [CATALOG_CACHE_LIFE]: DEFAULT_CATALOG_CACHE_LIFE, ...nextConfig.cacheLife },
    cacheHandlers: { ...vitrineCacheHandlers(), ...nextConfig.cacheHandlers },
    experimental: {
      // Pages kept whole (ISR) stay in this server's memory, not in the build's folder: one
      // build runs against any store, and a page kept for one store must not outlive the server.
      isrFlushToDisk: false,
      ...nextConfig.experimental,
      // A page's islands import what they use from the entries' modules, not every module the
      // entries list: what a page downloads is what it renders.
      optimizePackageImports: [
        ...(nextConfig.experimental?.optimizePackageImports ?? []),
        '@vitrine/next',
        '@vitrine/react',
        '@vitrine/sdk',
      ],
    },
    images: {
      ...nextConfig.images,
      remotePatterns: [
        ...(nextConfig.images?.remotePatterns ?? []),
        { protocol: 'https', hostname: 'static.wixstatic.com', pathname: '/media/**' },
      ],
    },
  };
}

/**
 * Checks, as the server starts, that a production server knows its own address:
 * `VITRINE_SITE_URL` (or `VITRINE_ALLOWED_HOSTS`), where the store's hosted pages return and every
 * redirect of the shop goes, never a host a request's header names. Call it from
 * `instrumentation.ts`'s `register()`, which Next runs once when the server starts: a server
 * without it then stops at once with the error, instead of failing its first request. Nothing
 * is checked in development or during `next build`.
 *
 * @example
 * // instrumentation.ts
 * import { checkShopAddress } from '@vitrine/next/config';
 * export function register(): void {
 *   checkShopAddress();
 * }
 * @throws {StoreArgumentError} naming `VITRINE_SITE_URL` when neither is set in production, or the
 * variable whose value is unusable.
 */
export function checkShopAddress(): void {
  readShopAddress();
}

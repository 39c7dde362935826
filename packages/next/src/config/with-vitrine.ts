/**
 * `@vitrine/next/config`: what a shop's `next.config.ts` needs, in one call.
 */
import type { NextConfig } from 'next';
import { CATALOG_CACHE_LIFE } from '../catalog/cache-life.js';

/**
 * The catalog's default cache life: served from the cache for up to a day, refreshed in the
 * background after an hour. The store's webhooks expire what changes at once; these bounds only
 * limit what a lost webhook costs.
 */
export const DEFAULT_CATALOG_CACHE_LIFE = { stale: 300, revalidate: 3600, expire: 86_400 };

/**
 * `nextConfig` with what `@vitrine/next` needs: Cache Components and partial prefetching on (as a
 * new app has them), the `vitrine-catalog` cache life (yours wins when `nextConfig.cacheLife`
 * names it), and the platform's media host for `next/image`.
 *
 * @example
 * // next.config.ts
 * import { withVitrine } from '@vitrine/next/config';
 * export default withVitrine({ poweredByHeader: false });
 */
export function withVitrine(nextConfig: NextConfig = {}): NextConfig {
  return {
    ...nextConfig,
    cacheComponents: nextConfig.cacheComponents ?? true,
    partialPrefetching: nextConfig.partialPrefetching ?? true,
    cacheLife: { [CATALOG_CACHE_LIFE]: DEFAULT_CATALOG_CACHE_LIFE, ...nextConfig.cacheLife },
    images: {
      ...nextConfig.images,
      remotePatterns: [
        ...(nextConfig.images?.remotePatterns ?? []),
        { protocol: 'https', hostname: 'static.wixstatic.com', pathname: '/media/**' },
      ],
    },
  };
}

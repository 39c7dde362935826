import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';
import { vitrineCacheHandlers } from '@vitrine/next/cache-handler';

const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const nextConfig: NextConfig = {
  // Today's defaults of a new app (create-next-app): the catalog is cached (`'use cache'`), the
  // shopper's part of each page streams in behind `<Suspense>`.
  cacheComponents: true,
  partialPrefetching: true,
  // The monorepo's root holds the lockfile and node_modules the shop's packages resolve from.
  turbopack: { root: workspaceRoot },
  outputFileTracingRoot: workspaceRoot,
  // With REDIS_URL set where the server starts, the `'use cache'` catalog is kept in Redis and
  // shared by every server of the shop; without it, in each server's memory (Next's default).
  cacheHandlers: vitrineCacheHandlers(),
  poweredByHeader: false,
  // The shop kit both example shops share is TypeScript source: Next compiles it with the app.
  transpilePackages: ['@vitrine/shop-ui'],
};

export default nextConfig;

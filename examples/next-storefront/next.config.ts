import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const nextConfig: NextConfig = {
  // The monorepo's root holds the lockfile and node_modules the shop's packages resolve from.
  turbopack: { root: workspaceRoot },
  outputFileTracingRoot: workspaceRoot,
  poweredByHeader: false,
  // Next's strictest rendering mode: it refuses clocks, random values and request data where it
  // prerenders. Every page here depends on the shopper's cookies, so nothing is prerendered (see
  // app/layout.tsx and lib/request-store.ts), but the checks still run.
  cacheComponents: true,
  partialPrefetching: true,
};

export default nextConfig;

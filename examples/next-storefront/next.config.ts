import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withVitrine } from '@vitrine/next/config';

const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// `withVitrine`: Cache Components on, the catalog's cache life, and with REDIS_URL set where the
// server starts, the catalog's cache in Redis, shared by every server of the shop.
export default withVitrine({
  // The monorepo's root holds the lockfile and node_modules the shop's packages resolve from.
  turbopack: { root: workspaceRoot },
  outputFileTracingRoot: workspaceRoot,
  poweredByHeader: false,
  // The home page is a page of a dynamic segment, so that Next keeps it whole after its first
  // view (app/home/[edition]/page.tsx says why). After the proxy, before the pages.
  rewrites: () =>
    Promise.resolve({
      beforeFiles: [{ source: '/', destination: '/home/default' }],
      afterFiles: [],
      fallback: [],
    }),
  // The shop kit both example shops share is TypeScript source: Next compiles it with the app.
  transpilePackages: ['@vitrine/shop-ui'],
});

/**
 * The browser tests' harness: how this shop's server starts. Per test file: the BUILT storefront
 * (dist/) served by a tiny static server on 127.0.0.1 port 0 with its own /config.js, a fresh
 * emulator that registers that origin's redirect URIs, and one Chromium (Debian's
 * /usr/bin/chromium through playwright-core). Everything stops in `afterAll`. The journeys (a
 * fresh browser context per test, screenshots on failure, the console's errors) and the Chromium
 * launch are the shop kit's (`@vitrine/shop-ui/e2e/`).
 *
 * The suite runs on one catalog, {@link SUITE_CATALOG} (Catalog V3 unless
 * `VITRINE_E2E_CATALOG=v1`); `catalogs.test.ts` runs a short journey on the other and compares
 * what the two show. The shop is the same build on both: only the emulator differs.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogVersion, EmulatorOptions } from '@vitrine/emulator';
import type { Browser } from 'playwright-core';
import { assertChromium, launchChromium } from '@vitrine/shop-ui/e2e/chromium';
import {
  CLIENT_ID,
  startShopEmulator,
  type ShopUnderTest,
} from '@vitrine/shop-ui/e2e/shop-under-test';
import { afterAll, beforeAll } from 'vitest';

export { journey } from '@vitrine/shop-ui/e2e/journey';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Fails with a clear message when the storefront has not been built. */
export function assertBuilt(): void {
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error(
      `The browser tests run against the built storefront, and ${DIST}/index.html is missing. ` +
        'Run `npm run build` in examples/storefront (or `npx turbo run build` at the repo root) first.',
    );
  }
  assertChromium();
}

/**
 * A static server of dist/ with a generated /config.js; unknown paths get index.html (SPA).
 * `beforeServe` may hold a file back (a slow chunk) by returning a promise.
 */
async function startStaticServer(
  configScript: () => string,
  beforeServe?: (path: string) => Promise<void> | void,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      await beforeServe?.(url.pathname);
      const headers = { 'Cache-Control': 'no-store' };
      if (url.pathname === '/config.js') {
        response.writeHead(200, { ...headers, 'Content-Type': MIME['.js'] });
        response.end(configScript());
        return;
      }
      let file = normalize(join(DIST, decodeURIComponent(url.pathname)));
      if (!file.startsWith(DIST + sep) && file !== DIST) {
        response.writeHead(403).end();
        return;
      }
      const isFile = await stat(file).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!isFile) {
        if (extname(url.pathname) !== '') {
          response.writeHead(404, headers).end('Not found');
          return;
        }
        file = join(DIST, 'index.html');
      }
      const body = await readFile(file);
      response.writeHead(200, {
        ...headers,
        'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * The catalog the whole browser suite runs on: Catalog V3, what new stores run, unless
 * `VITRINE_E2E_CATALOG=v1` says otherwise (to run the suite on a V1 store by hand).
 */
export const SUITE_CATALOG: CatalogVersion = process.env.VITRINE_E2E_CATALOG === 'v1' ? 'v1' : 'v3';

/** The catalog the short journey of `catalogs.test.ts` runs on: the one the suite does not. */
export const OTHER_CATALOG: CatalogVersion = SUITE_CATALOG === 'v3' ? 'v1' : 'v3';

/**
 * The store's paths the shop reads its catalog by, on each catalog: for the tests that hold back
 * or fail the store's answers (`page.route`, `emulator.injectFault`).
 */
export const CATALOG_PATHS: Readonly<
  Record<CatalogVersion, { productList: string; productReads: RegExp; categoryReads: RegExp }>
> = {
  v1: {
    productList: '/stores-reader/v1/products/query-platformized',
    productReads: /^\/stores-reader\/v1\/products\//,
    categoryReads: /^\/v2\/collections\//,
  },
  v3: {
    productList: '/stores/v3/products/search',
    productReads: /^\/stores\/v3\/(products|inventory-items)\//,
    categoryReads: /^\/categories\/v1\/categories\//,
  },
};

/** What a test file gets: the storefront's origin, its emulator and its browser. */
export type Storefront = ShopUnderTest & {
  /** The catalog its emulator runs. */
  catalog: CatalogVersion;
};

/** Options of {@link useStorefront}. */
export interface StorefrontOptions {
  /** The emulator's options; its catalog is {@link SUITE_CATALOG} unless `catalog` says. */
  emulator?: Omit<EmulatorOptions, 'port' | 'clients'>;
  /** Called before each file is served; a promise holds the file back until it settles. */
  beforeServe?: (path: string) => Promise<void> | void;
}

/**
 * Starts the storefront, a fresh emulator and Chromium for this test file (in `beforeAll`) and
 * stops them all (in `afterAll`). Read the returned object inside tests.
 */
export function useStorefront(options: StorefrontOptions = {}): Storefront {
  return useStorefronts([options])[0]!;
}

/**
 * {@link useStorefront} for several shops in one test file (one per catalog, say), each on its
 * own server and emulator, sharing one Chromium.
 */
export function useStorefronts(all: readonly StorefrontOptions[]): Storefront[] {
  const shops = all.map(() => ({}) as Storefront);
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    assertBuilt();
    // Chromium starts while the servers do; a launch that fails is thrown by the `await` below.
    const browser: Promise<Browser> = launchChromium();
    browser.catch(() => undefined);
    closers.push(() => browser.then((b) => b.close()));
    await Promise.all(
      all.map(async (options, index) => {
        const shop = shops[index]!;
        let config = '';
        const server = await startStaticServer(() => config, options.beforeServe);
        closers.push(server.close);
        shop.origin = server.origin;
        shop.url = (path = '/') => `${server.origin}${path}`;
        shop.emulator = await startShopEmulator(server.origin, {
          catalog: SUITE_CATALOG,
          ...options.emulator,
        });
        closers.push(() => shop.emulator.close());
        shop.catalog = options.emulator?.catalog ?? SUITE_CATALOG;
        config = `window.VITRINE_CONFIG = ${JSON.stringify({
          baseUrl: shop.emulator.url,
          clientId: CLIENT_ID,
        })};\n`;
      }),
    );
    const launched = await browser;
    for (const shop of shops) shop.browser = launched;
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled(closers.map((close) => close()));
  }, 30_000);

  return shops;
}

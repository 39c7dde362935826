/**
 * The browser tests' harness: how this shop's server starts. Per test file: the BUILT shop
 * (`next build` output) served by Next's production server on a free port of 127.0.0.1, a fresh
 * emulator that registers that origin's redirect URIs and counts the requests it serves, and one
 * Chromium (Debian's /usr/bin/chromium through playwright-core). Per test (the shop kit's
 * `journey`, strict here): a fresh browser context (a new visitor) that must log no console error
 * or warning and throw no page error (a hydration mismatch is one of these), no error logged by
 * the shop's server, and a screenshot of every open page when the test fails. All stops in
 * `afterAll`; the shop's server also stops by itself if the test process dies.
 *
 * The suite runs on one catalog, {@link SUITE_CATALOG} (Catalog V3, what new stores run, unless
 * `VITRINE_E2E_CATALOG=v1`); `catalogs.test.ts` runs a short journey on the other. The shop is
 * the same build on both: it reads the store's address at run time, so only the emulator differs.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertChromium, launchChromium } from '@vitrine/shop-ui/e2e/chromium';
import { journey as kitJourney, type JourneyContext } from '@vitrine/shop-ui/e2e/journey';
import {
  CLIENT_ID,
  startShopEmulator,
  type ShopUnderTest,
} from '@vitrine/shop-ui/e2e/shop-under-test';
import type { CatalogVersion } from '@vitrine/emulator';
import { afterAll, beforeAll } from 'vitest';
import { freePort, startNextServer } from '@vitrine/shop-ui/e2e/next-server.mjs';

export { CLIENT_ID } from '@vitrine/shop-ui/e2e/shop-under-test';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Fails with a clear message when the shop has not been built or there is no Chromium. */
function assertReady(): void {
  if (!existsSync(join(ROOT, '.next', 'BUILD_ID'))) {
    throw new Error(
      'The browser tests run against the built shop, and .next/BUILD_ID is missing. Run ' +
        '`npm run build` in examples/next-storefront (or `npx turbo run build` at the root) first.',
    );
  }
  assertChromium();
}

/**
 * The catalog the whole browser suite runs on: Catalog V3, what new stores run, unless
 * `VITRINE_E2E_CATALOG=v1` says otherwise (to run the suite on a V1 store by hand).
 */
export const SUITE_CATALOG: CatalogVersion = process.env.VITRINE_E2E_CATALOG === 'v1' ? 'v1' : 'v3';

/** The catalog the short journeys of `catalogs.test.ts` run on: the one the suite does not. */
export const OTHER_CATALOG: CatalogVersion = SUITE_CATALOG === 'v3' ? 'v1' : 'v3';

/** The store's read of which catalog it runs: once per server process of the shop. */
export const VERSION_READ = /^GET \/stores\/v3\/provision\/version /;

/**
 * The platform's catalog reads in the emulator's log (either catalog's products, stock,
 * collections or categories), the version read left out: a page served from the cache makes none.
 */
export function isCatalogCall(line: string): boolean {
  return (
    / \/(stores(-reader)?\/v[13]\/|v2\/collections|categories\/v1\/)/.test(line) &&
    !VERSION_READ.test(line)
  );
}

/** What a test file gets: the shop's origin, its emulator and what it served, and a browser. */
export interface Shop extends ShopUnderTest {
  /** The catalog its emulator runs. */
  catalog: CatalogVersion;
  /** Requests to the emulator's token endpoint so far (`POST /oauth2/token`, any outcome). */
  grants(): number;
  /**
   * The emulator's log so far, one line per request: method, path, status, time (never a token
   * or a query).
   */
  requests(): readonly string[];
  /** The platform's catalog reads logged since `mark` (an index into {@link requests}). */
  catalogCallsSince(mark: number): string[];
  /** What the shop's server wrote to stderr so far (Next.js logs render errors there). */
  serverErrors: string[];
}

/** Options of {@link useShop}. */
export interface ShopOptions {
  /** The emulator's state file (`startEmulator`'s `data`): a test may read its webhook key there. */
  emulatorData?: string;
  /** The catalog the emulator's store runs. @default SUITE_CATALOG */
  catalog?: CatalogVersion;
}

/**
 * Starts the shop, a fresh emulator and Chromium for this test file (in `beforeAll`) and stops
 * them all (in `afterAll`). The emulator posts its webhooks to the shop's `/api/webhooks`, which
 * verifies them with the emulator's public key. Read the returned object inside tests.
 */
export function useShop(options: ShopOptions = {}): Shop {
  const shop = {} as Shop;
  let server: ChildProcess | undefined;
  // One line per request: method, path, status, time (never a token or a query).
  const served: string[] = [];

  beforeAll(async () => {
    assertReady();
    const port = await freePort();
    shop.origin = `http://127.0.0.1:${port}`;
    shop.url = (path = '/') => `${shop.origin}${path}`;
    shop.catalog = options.catalog ?? SUITE_CATALOG;
    shop.emulator = await startShopEmulator(shop.origin, {
      catalog: shop.catalog,
      logger: (line) => served.push(line),
      webhookUrl: `${shop.origin}/api/webhooks`,
      ...(options.emulatorData ? { data: options.emulatorData } : {}),
    });
    shop.grants = () => served.filter((line) => line.startsWith('POST /oauth2/token ')).length;
    shop.requests = () => [...served];
    shop.catalogCallsSince = (mark) => served.slice(mark).filter(isCatalogCall);
    shop.serverErrors = [];
    server = await startNextServer({
      dir: ROOT,
      port,
      env: {
        VITRINE_API_URL: shop.emulator.url,
        VITRINE_CLIENT_ID: CLIENT_ID,
        VITRINE_WEBHOOK_PUBLIC_KEY: await shop.emulator.webhookPublicKey(),
      },
      onError: (line) => shop.serverErrors.push(line),
    });
    shop.browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    server?.kill();
    await Promise.allSettled([shop.browser?.close(), shop.emulator?.close()]);
  }, 30_000);

  return shop;
}

/**
 * A test from the shopper's side in a fresh browser context (the shop kit's `journey`), strict:
 * it fails when a page of the shop logs a console error or warning or throws (React reports a
 * hydration mismatch so), or when the shop's server logs an error; on failure every page is
 * screenshotted to test-results/<file>/<test>-<n>.png.
 */
export function journey(
  shop: Shop,
  name: string,
  run: (journey: JourneyContext) => Promise<void>,
): void {
  kitJourney(shop, name, run, { strict: true, serverErrors: () => shop.serverErrors });
}

/**
 * The browser test's harness: an emulator with its drop-in (port 0, a directory of the test's
 * own), the BUILT shop served by Next's production server with the drop-in's `NODE_OPTIONS`, and
 * Chromium launched with the drop-in's flags, exactly what the emulator's README tells a
 * developer to set. The shop's code is the app as written: its platform hosts untouched.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { assertChromium, launchChromium } from '@vitrine/shop-ui/e2e/chromium';
import { freePort, startNextServer } from '@vitrine/shop-ui/e2e/next-server.mjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The shop's client id, from its `.env` (what Next reads too). */
function clientId(): string {
  const id = /^NEXT_PUBLIC_WIX_CLIENT_ID=(.+)$/m.exec(readFileSync(join(ROOT, '.env'), 'utf8'));
  if (!id?.[1]) throw new Error('.env names no NEXT_PUBLIC_WIX_CLIENT_ID');
  return id[1].trim();
}

function assertReady(): void {
  if (!existsSync(join(ROOT, '.next', 'BUILD_ID')))
    throw new Error(
      'The browser test runs against the built shop and .next/BUILD_ID is missing: run `npm run build` in examples/official-client-shop first.',
    );
  assertChromium();
}

/** The running set-up a test reads. */
export interface Shop {
  origin: string;
  emulator: Emulator & { dropIn: NonNullable<Emulator['dropIn']> };
  browser: Browser;
  /** What the shop's server wrote to stderr (Next logs render and middleware errors there). */
  serverErrors: string[];
  /** One line per request the emulator served (method, path, status; never a token). */
  served: string[];
}

/**
 * Starts everything in `beforeAll`, stops it all in `afterAll`.
 * @param options.catalog the store's catalog (the emulator's default, Catalog V1, when left out);
 * the same build of the shop serves either, asking the store which one it runs.
 */
export function useShop(options: { catalog?: 'v1' | 'v3' } = {}): Shop {
  const shop = { serverErrors: [] as string[], served: [] as string[] } as Shop;
  let server: ChildProcess | undefined;
  let root: string | undefined;

  beforeAll(async () => {
    assertReady();
    const port = await freePort();
    // `localhost`, the name Next.js gives its own origin (`request.nextUrl.origin` turns
    // 127.0.0.1 into it), which the shop's redirect URIs are made of.
    shop.origin = `http://localhost:${port}`;
    root = mkdtempSync(join(tmpdir(), 'official-client-shop-'));
    const emulator = await startEmulator({
      port: 0,
      ...(options.catalog ? { catalog: options.catalog } : {}),
      dropIn: { port: 0, directory: join(root, 'drop-in') },
      clients: [
        {
          clientId: clientId(),
          redirectUris: ['/callback', '/cart', '/thank-you'].map((p) => `${shop.origin}${p}`),
        },
      ],
      logger: (line) => shop.served.push(line),
    });
    shop.emulator = emulator as Shop['emulator'];
    server = await startNextServer({
      dir: ROOT,
      port,
      env: { NODE_OPTIONS: shop.emulator.dropIn.nodeOptions },
      onError: (line) => shop.serverErrors.push(line),
    });
    shop.browser = await launchChromium(shop.emulator.dropIn.chromiumArgs);
  }, 60_000);

  afterAll(async () => {
    server?.kill();
    await Promise.allSettled([shop.browser?.close(), shop.emulator?.close()]);
    if (root) rmSync(root, { recursive: true, force: true });
  }, 30_000);

  return shop;
}

/**
 * The home page's grid: its heading, and the 12 products' pictures all shown, through Next's
 * image optimizer (raster pictures; it would refuse SVG without `dangerouslyAllowSVG`), which
 * fetched them from the platform's media host, https://static.wixstatic.com.
 */
export async function expectProductGrid(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
  const images = page.locator('main img');
  await expect.poll(() => images.count()).toBe(12);
  await expect
    .poll(() =>
      images.evaluateAll(
        (all) => (all as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth > 0).length,
      ),
    )
    .toBe(12);
  for (const src of await images.evaluateAll((all) => all.map((i) => (i as HTMLImageElement).src)))
    expect(src).toMatch(/\/_next\/image\?url=https%3A%2F%2Fstatic\.wixstatic\.com%2Fmedia%2F/);
}

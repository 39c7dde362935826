/**
 * The browser tests' harness. Per test file: the BUILT shop (`next build` output) served by
 * Next's production server on a free port of 127.0.0.1, a fresh emulator that registers that
 * origin's redirect URIs and counts the requests it serves, and one Chromium (Debian's
 * /usr/bin/chromium through playwright-core). Per test: a fresh browser context (a new visitor)
 * that must log no console error or warning and throw no page error (a hydration mismatch is
 * one of these), and a screenshot of every open page when the test fails. All stops in
 * `afterAll`; the shop's server also stops by itself if the test process dies.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort, startShopServer } from './shop-process.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(ROOT, 'test-results');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CLIENT_ID = 'vitrine-local-client';

/** Generous but bounded waits: the machine running CI may be slow and shared. */
export const WAIT_MS = 15_000;

/** Fails with a clear message when the shop has not been built or there is no Chromium. */
function assertReady(): void {
  if (!existsSync(join(ROOT, '.next', 'BUILD_ID'))) {
    throw new Error(
      'The browser tests run against the built shop, and .next/BUILD_ID is missing. Run ' +
        '`npm run build` in examples/next-storefront (or `npx turbo run build` at the root) first.',
    );
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}. Install Debian's: \`apt-get install -y chromium\` ` +
        '(the tests never download a browser). Set CHROMIUM_PATH to use another.',
    );
  }
}

/** What a test file gets: the shop's origin, its emulator and what it served, and a browser. */
export interface Shop {
  origin: string;
  emulator: Emulator;
  browser: Browser;
  /** A shop address: `url('/account')`. */
  url(path?: string): string;
  /** Requests to the emulator's token endpoint so far (`POST /oauth2/token`, any outcome). */
  grants(): number;
  /**
   * The emulator's log so far, one line per request: method, path, status, time (never a token
   * or a query).
   */
  requests(): readonly string[];
  /** What the shop's server wrote to stderr so far (Next.js logs render errors there). */
  serverErrors: string[];
}

/** Options of {@link useShop}. */
export interface ShopOptions {
  /** The emulator's state file (`startEmulator`'s `data`): a test may read its webhook key there. */
  emulatorData?: string;
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
    shop.emulator = await startEmulator({
      port: 0,
      clients: [
        { clientId: CLIENT_ID, redirectUris: [`${shop.origin}/callback`, `${shop.origin}/`] },
      ],
      logger: (line) => served.push(line),
      webhookUrl: `${shop.origin}/api/webhooks`,
      ...(options.emulatorData ? { data: options.emulatorData } : {}),
    });
    shop.grants = () => served.filter((line) => line.startsWith('POST /oauth2/token ')).length;
    shop.requests = () => [...served];
    shop.serverErrors = [];
    server = await startShopServer({
      port,
      env: {
        VITRINE_API_URL: shop.emulator.url,
        VITRINE_CLIENT_ID: CLIENT_ID,
        VITRINE_WEBHOOK_PUBLIC_KEY: await shop.emulator.webhookPublicKey(),
      },
      onError: (line) => shop.serverErrors.push(line),
    });
    shop.browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      // playwright-core gives every launch a fresh temporary --user-data-dir of its own (it
      // refuses one in `args`), removed again when the browser closes.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    });
  }, 60_000);

  afterAll(async () => {
    server?.kill();
    await Promise.allSettled([shop.browser?.close(), shop.emulator?.close()]);
  }, 30_000);

  return shop;
}

/** What a journey receives: a fresh context (a new visitor) and its first page. */
export interface JourneyContext {
  context: BrowserContext;
  page: Page;
}

/**
 * A test from the shopper's side in a fresh browser context. It fails when a page of the shop
 * logs a console error or warning or throws (React reports a hydration mismatch so), or when
 * the shop's server logs an error;
 * on failure every page is screenshotted to test-results/<file>/<test>-<n>.png.
 */
export function journey(
  shop: Shop,
  name: string,
  run: (journey: JourneyContext) => Promise<void>,
  timeout = 90_000,
): void {
  test(
    name,
    async ({ task }) => {
      const file = basename(task.file.name).replace(/\.test\.ts$/, '');
      const context = await shop.browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'en-US',
      });
      context.setDefaultTimeout(WAIT_MS);
      context.setDefaultNavigationTimeout(WAIT_MS);
      const problems: string[] = [];
      context.on('page', (page) => watch(page, shop.origin, problems));
      const page = await context.newPage();
      const serverErrorsBefore = shop.serverErrors.length;
      try {
        await run({ context, page });
        problems.push(
          ...shop.serverErrors.slice(serverErrorsBefore).map((line) => `[server] ${line}`),
        );
        expect(problems, 'console errors or warnings, page errors, server errors').toEqual([]);
      } catch (error) {
        await screenshotAll(context, file, name);
        if (error instanceof Error && problems.length > 0) {
          error.message += `\n\nBrowser console:\n${problems.slice(-20).join('\n')}`;
        }
        throw error;
      } finally {
        await context.close();
      }
    },
    timeout,
  );
}

/** Collects what the shop's pages log (not the emulator's hosted pages: not ours to judge). */
function watch(page: Page, origin: string, problems: string[]): void {
  const ours = () => page.url().startsWith(`${origin}/`);
  page.on('pageerror', (error) => {
    if (ours()) problems.push(`[pageerror] ${error.message}`);
  });
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && ours()) {
      problems.push(`[console.${message.type()}] ${message.text()}`);
    }
  });
}

async function screenshotAll(context: BrowserContext, file: string, name: string): Promise<void> {
  const dir = join(RESULTS, file);
  await mkdir(dir, { recursive: true });
  const slug = name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  await Promise.all(
    context
      .pages()
      .map((page, index) =>
        page
          .screenshot({ path: join(dir, `${slug}-${index + 1}.png`), fullPage: true })
          .catch(() => undefined),
      ),
  );
}

/**
 * The browser tests' harness. Per test file: the BUILT storefront (dist/) served by a tiny
 * static server on 127.0.0.1 port 0 with its own /config.js, a fresh emulator that registers
 * that origin's redirect URIs, and one Chromium (Debian's /usr/bin/chromium through
 * playwright-core). Per test: a fresh browser context (its own storage, like a new visitor) and
 * a screenshot of every open page when the test fails. Everything stops in `afterAll`.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');
const RESULTS = join(ROOT, 'test-results');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CLIENT_ID = 'vitrine-local-client';

/** Generous but bounded waits: the machine running CI may be slow and shared. */
export const WAIT_MS = 15_000;

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
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}. Install Debian's: \`apt-get install -y chromium\` ` +
        '(the tests never download a browser). Set CHROMIUM_PATH to use another.',
    );
  }
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

/** What a test file gets: the storefront's origin, its emulator and its browser. */
export interface Storefront {
  origin: string;
  emulator: Emulator;
  browser: Browser;
  /** A storefront address: `url('/cart')`. */
  url(path?: string): string;
}

/**
 * Starts the storefront, a fresh emulator and Chromium for this test file (in `beforeAll`) and
 * stops them all (in `afterAll`). Read the returned object inside tests.
 */
export function useStorefront(
  options: {
    emulator?: Parameters<typeof startEmulator>[0];
    /** Called before each file is served; a promise holds the file back until it settles. */
    beforeServe?: (path: string) => Promise<void> | void;
  } = {},
): Storefront {
  const shop = {} as Storefront;
  let closeServer: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    assertBuilt();
    let config = '';
    const server = await startStaticServer(() => config, options.beforeServe);
    closeServer = server.close;
    shop.origin = server.origin;
    shop.url = (path = '/') => `${server.origin}${path}`;
    shop.emulator = await startEmulator({
      port: 0,
      ...options.emulator,
      clients: [
        { clientId: CLIENT_ID, redirectUris: [`${server.origin}/callback`, `${server.origin}/`] },
      ],
    });
    config = `window.VITRINE_CONFIG = ${JSON.stringify({
      baseUrl: shop.emulator.url,
      clientId: CLIENT_ID,
    })};\n`;
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
        '--disable-quic',
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled([shop.browser?.close(), shop.emulator?.close(), closeServer?.()]);
  }, 30_000);

  return shop;
}

/** What a journey receives: a fresh context (a new visitor) and its first page. */
export interface JourneyContext {
  context: BrowserContext;
  page: Page;
}

/**
 * A test from the shopper's side in a fresh browser context. On failure, every page of the
 * context is screenshotted to test-results/<file>/<test>-<n>.png and the page's console errors
 * are added to the failure message.
 */
export function journey(
  shop: Storefront,
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
      context.on('page', (page) => watch(page, problems));
      const page = await context.newPage();
      try {
        await run({ context, page });
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

function watch(page: Page, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`[pageerror] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`[console] ${message.text()}`);
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

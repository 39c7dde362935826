/**
 * A store page written the way the platform makers' minimal example is (platform-example/store.tsx:
 * plain React, the official client in the browser), unchanged, against the emulator through its
 * drop-in: it reads the site's id from the visitor's access token with `jwt-decode`, adds to the
 * cart under the eCommerce app's id, and goes to the hosted checkout, where it looks for what the
 * makers' own test looks for: `#SITE_CONTAINER` holding the product's name. Built with esbuild
 * and served by a small server of the test's own (no Next build), on free ports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { assertChromium, launchChromium } from '@vitrine/shop-ui/e2e/chromium';
import { freePort } from '@vitrine/shop-ui/e2e/next-server.mjs';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT_ID = '2c0d3a53-8a8e-4e3e-bb1c-5d1a2e6f0b7d';
const WAIT = { timeout: 20_000 };

let emulator: Emulator & { dropIn: NonNullable<Emulator['dropIn']> };
let browser: Browser;
let server: Server;
let origin: string;
let root: string;

/** The page's script: store.tsx and what it imports, for the browser, in one file. */
async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, 'platform-example', 'store.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    define: {
      'process.env.WIX_CLIENT_ID': JSON.stringify(CLIENT_ID),
      'process.env.NODE_ENV': '"production"',
    },
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}

beforeAll(async () => {
  assertChromium();
  const script = await bundle();
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = createServer((request, response) => {
    if (request.url === '/store.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(script);
    } else if (request.url === '/' || request.url?.startsWith('/?')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Store</title><link rel="icon" href="data:,"></head><body><div id="root"></div><script type="module" src="/store.js"></script></body></html>',
      );
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  root = mkdtempSync(join(tmpdir(), 'platform-example-'));
  emulator = (await startEmulator({
    port: 0,
    dropIn: { port: 0, directory: join(root, 'drop-in') },
    clients: [{ clientId: CLIENT_ID, redirectUris: [`${origin}/`] }],
  })) as typeof emulator;
  browser = await launchChromium(emulator.dropIn.chromiumArgs);
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([
    browser?.close(),
    emulator?.close(),
    new Promise((done) => (server ? server.close(done) : done(undefined))),
  ]);
  if (root) rmSync(root, { recursive: true, force: true });
}, 30_000);

/** The site's id, from a visitor token the emulator issues (as the page reads it). */
async function siteId(): Promise<string> {
  const reply = await fetch(`${emulator.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: CLIENT_ID, grantType: 'anonymous' }),
  });
  const { access_token } = (await reply.json()) as { access_token: string };
  const payload = access_token.slice('OauthNG.JWS.'.length).split('.')[1]!;
  const { data } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { data: string };
  return (JSON.parse(data) as { instance: { metaSiteId: string } }).instance.metaSiteId;
}

test("the makers' example reads its site's id, adds under the eCommerce app's id and finds its product on the hosted checkout", async () => {
  const context = await browser.newContext();
  context.setDefaultTimeout(WAIT.timeout);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`[pageerror] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`[console] ${page.url()} ${message.text()}`);
  });
  const fromBrowser: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (emulator.dropIn.hosts.includes(url.hostname))
      fromBrowser.push(
        `${response.request().method()} ${url.hostname}${url.pathname} ${response.status()}`,
      );
  });
  try {
    await page.goto(`${origin}/`);
    await page.getByRole('heading', { level: 1, name: 'Store' }).waitFor();
    // The page decoded the visitor's token (jwt-decode throws "Invalid token specified" on any
    // other shape), and read the site the emulator's tokens name.
    const shown = page.locator('#site-id');
    await expect.poll(() => shown.innerText()).toMatch(/^[0-9a-f-]{36}$/);
    expect(await shown.innerText()).toBe(await siteId());

    const first = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Add to cart' }) })
      .first();
    const name = (await first.innerText()).replace(/\s*Add to cart\s*$/, '').trim();
    expect(name).not.toBe('');
    await first.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('list', { name: 'Cart' }).getByText(`${name} × 1`).waitFor();
    expect(
      fromBrowser.some((l) => /^POST \S+\/ecom\/v1\/carts\/current\/add-to-cart 200$/.test(l)),
    ).toBe(true);

    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${emulator.url}/checkout`));
    await expect.poll(() => page.locator('#SITE_CONTAINER').innerText()).toContain(name);
    expect(problems).toEqual([]);
  } catch (error) {
    if (error instanceof Error)
      error.message += `\n\nBrowser: ${problems.join('\n')}\nPlatform hosts from the browser: ${fromBrowser.join(', ')}`;
    throw error;
  } finally {
    await context.close();
  }
});

// `node bench/run.mjs weight`: the JavaScript a first visit of a product page downloads, against
// the blank-Next floor. Chromium (playwright-core, Debian's /usr/bin/chromium, the shop kit's
// flags) opens the page with an empty profile and waits until the page is idle: loaded, the
// network quiet for QUIET_MS, then a requestIdleCallback, then quiet again (what loads "when
// idle" is counted). Every JavaScript response's body is gzipped here at level 9 and summed (not
// the transfer size: the same measure whatever the server compresses with). The floor is a
// minimal App Router app of the same Next.js and config (Cache Components and partial
// prefetching on; one page with an `<h1>`), built by this benchmark in a temporary folder and
// removed afterwards. Also: layout shift (PerformanceObserver 'layout-shift', the CLS sum),
// console errors, and the header's cart count for a returning visitor with items.
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startEmulator } from '@vitrine/emulator';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/chromium-flags.mjs';
import { ROOT, provenance, writeSection } from './lib.mjs';
import { BENCH_CATALOG } from './lib.mjs';
import { buildFloor } from './floor.mjs';
import { startShop } from './shop.mjs';
import { CART_PRODUCT, cartLine, returningVisitor } from './visitors.mjs';

const PRODUCT = '/products/brass-ruler';
const LIMIT_KB = 20;
const QUIET_MS = 1500;
const CART_QUANTITY = 3;
// Visits of each kind: a layout shift depends on how the stream is cut, so the worst of several.
const VISITS = 3;

const require = createRequire(join(ROOT, 'package.json'));
const NEXT_VERSION = JSON.parse(readFileSync(require.resolve('next/package.json'), 'utf8')).version;

/**
 * Opens `url` in a fresh context (with `cookies`), waits until idle, and returns every
 * JavaScript file downloaded (path, gzip -9 bytes), the CLS, console errors and the page.
 */
async function visit(browser, url, cookies = []) {
  const context = await browser.newContext();
  if (cookies.length > 0) await context.addCookies(cookies);
  const page = await context.newPage();
  // A phone's network (about 1.6 Mbit/s down, 150 ms of latency): the streamed HTML arrives in
  // pieces the browser paints one by one, as a shopper's does, so a placeholder that is not the
  // size of what replaces it shows as a layout shift every time, not only on a busy server.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 200_000,
    uploadThroughput: 90_000,
  });
  await page.addInitScript(() => {
    window.__cls = 0;
    window.__shifts = [];
    const describe = (node) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).trim().split(/\s+/).join('.')}` : ''}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        window.__cls += entry.value;
        window.__shifts.push(
          `${entry.value.toFixed(4)} at ${entry.startTime.toFixed(0)} ms: ${entry.sources
            .map(
              (source) =>
                `${describe(source.node)} (${source.previousRect.y}→${source.currentRect.y})`,
            )
            .join(', ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const files = [];
  const reading = [];
  const errors = [];
  let lastResponse = Date.now();
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('response', (response) => {
    lastResponse = Date.now();
    const type = response.request().resourceType();
    const path = new URL(response.url()).pathname;
    if (type !== 'script' && !path.endsWith('.js')) return;
    reading.push(
      response.body().then(
        (body) => files.push({ path, gz: gzipSync(body, { level: 9 }).length, raw: body.length }),
        () => {},
      ),
    );
  });
  const quiet = async () => {
    const until = Date.now() + 20_000;
    while (Date.now() - lastResponse < QUIET_MS && Date.now() < until) {
      await page.waitForTimeout(200);
    }
  };
  await page.goto(url, { waitUntil: 'load' });
  await quiet();
  await page.evaluate(
    () => new Promise((done) => requestIdleCallback(() => done(), { timeout: 5000 })),
  );
  await quiet();
  await Promise.all(reading);
  const cls = await page.evaluate(() => window.__cls);
  const shifts = await page.evaluate(() => window.__shifts);
  return { files: files.sort((a, b) => b.gz - a.gz), cls, shifts, errors, page, context };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (files) => files.reduce((sum, file) => sum + file.gz, 0);

/**
 * `VISITS` visits, one after another: the first's files, the largest CLS and its shifts, every
 * console error, and a wrong cart count if any visit saw one.
 */
async function worstOf(open) {
  const seen = [];
  for (let i = 0; i < VISITS; i += 1) {
    const one = await open();
    await one.context.close();
    seen.push(one);
  }
  const worst = seen.reduce((a, b) => (b.cls > a.cls ? b : a));
  const counts = seen.map((one) => one.count);
  return {
    files: seen[0].files,
    cls: worst.cls,
    shifts: worst.shifts,
    errors: seen.flatMap((one) => one.errors),
    count: counts.find((count) => count !== CART_QUANTITY) ?? counts[0],
  };
}

/** The number on the header's cart button ("Cart 3 items"). */
async function cartCount(page) {
  const text = await page
    .getByRole('navigation', { name: 'Account and cart' })
    .getByRole('link', { name: /^Cart \d+ items?$/ })
    .textContent({ timeout: 10_000 });
  const match = /Cart\s*(\d+)\s*item/.exec(text ?? '');
  return match ? Number(match[1]) : Number.NaN;
}

/** Runs the measure; prints and writes the figures. */
export async function runWeight() {
  const floorDir = buildFloor();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  const emulator = await startEmulator({ port: 0, catalog: BENCH_CATALOG });
  let floor;
  let shopVisit;
  let returning;
  try {
    const blank = await startShop({ dir: floorDir });
    try {
      floor = await visit(browser, `${blank.origin}/`);
      await floor.context.close();
    } finally {
      blank.stop();
    }
    const shop = await startShop({ emulator });
    try {
      // Warm the page (its cache entries filled), as a shop that has been up a while.
      const warm = await fetch(`${shop.origin}${PRODUCT}`);
      await warm.text();
      shopVisit = await worstOf(() => visit(browser, `${shop.origin}${PRODUCT}`));
      const line = await cartLine(emulator, CART_PRODUCT, CART_QUANTITY);
      const jar = await returningVisitor({ origin: shop.origin, emulator, line });
      const cookies = [...jar.values].map(([name, value]) => ({
        name,
        value,
        url: shop.origin,
      }));
      returning = await worstOf(async () => {
        const seen = await visit(browser, `${shop.origin}${PRODUCT}`, cookies);
        seen.count = await cartCount(seen.page);
        return seen;
      });
    } finally {
      shop.stop();
    }
  } finally {
    await browser.close();
    await emulator.close();
    rmSync(floorDir, { recursive: true, force: true });
  }
  report(floor, shopVisit, returning);
}

function report(floor, shop, returning) {
  const difference = total(shop.files) - total(floor.files);
  const met = difference <= LIMIT_KB * 1024;
  const lines = [
    provenance('weight'),
    `Next.js ${NEXT_VERSION}. A first visit (empty browser profile) of ${PRODUCT} in Chromium, on a throttled network (150 ms, 1.6 Mbit/s), until idle (loaded, no response for ${QUIET_MS} ms, a \`requestIdleCallback\`, quiet again); each JavaScript body gzipped here at level 9 and summed. The floor: a blank App Router app (one page with an \`<h1>\`, Cache Components and partial prefetching on) of the same Next.js, built in a temporary folder.`,
    '',
    '| | JavaScript files | gzip -9 | raw |',
    '| --- | --- | --- | --- |',
    `| blank-Next floor | ${floor.files.length} | ${kb(total(floor.files))} | ${kb(floor.files.reduce((s, f) => s + f.raw, 0))} |`,
    `| product page, first visit | ${shop.files.length} | ${kb(total(shop.files))} | ${kb(shop.files.reduce((s, f) => s + f.raw, 0))} |`,
    `| **difference** | | **${kb(difference)}** (limit ${LIMIT_KB} KB: ${met ? 'met' : '**NOT met**'}) | |`,
    '',
    `- Layout shift (CLS, the largest of ${VISITS} visits each): first visit ${shop.cls.toFixed(4)}, returning visitor with a cart ${returning.cls.toFixed(4)} (floor ${floor.cls.toFixed(4)}).`,
    ...[
      ...shop.shifts.map((s) => `first visit` + ': ' + s),
      ...returning.shifts.map((s) => `returning: ${s}`),
    ].map((shift) => `  - shift, ${shift}`),
    `- Cart count in the header of a returning visitor with ${CART_QUANTITY} items, once idle (${VISITS} visits): ${returning.count} (${returning.count === CART_QUANTITY ? 'right' : '**wrong**'}).`,
    `- Console errors or hydration warnings (all visits): first visit ${shop.errors.length}, returning ${returning.errors.length}${[...shop.errors, ...returning.errors].length ? ` (${[...shop.errors, ...returning.errors].slice(0, 3).join(' / ')})` : ''}.`,
    '',
    'The product page\'s files (largest first; "also in the floor\'s" when the floor downloads a file of that name):',
    '',
    '| file | gzip -9 | raw |',
    '| --- | --- | --- |',
    ...shop.files.map(
      (file) =>
        `| \`${file.path}\`${floor.files.some((f) => basename(f.path) === basename(file.path)) ? " (also in the floor's)" : ''} | ${kb(file.gz)} | ${kb(file.raw)} |`,
    ),
    '',
    "The floor's files:",
    '',
    '| file | gzip -9 | raw |',
    '| --- | --- | --- |',
    ...floor.files.map((file) => `| \`${file.path}\` | ${kb(file.gz)} | ${kb(file.raw)} |`),
  ];
  console.log(lines.join('\n'));
  writeSection(BENCH_CATALOG === 'v3' ? 'weight-v3' : 'weight', lines);
}

const basename = (path) => path.slice(path.lastIndexOf('/') + 1);

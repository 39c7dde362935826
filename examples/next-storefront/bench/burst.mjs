// `node bench/run.mjs burst`: 100 visitors at once, each viewing the home page, a collection and
// a product one after another (a browser's keep-alive connections, its cookies kept between
// views), against the BUILT shop (Next's production server) and the emulator, each in a process
// of its own on this machine. Once with returning visitors (the cookies of a first visit and a
// cart), once with new visitors (no cookies: each is minted by its first view). Prints pages/s,
// first byte p50/p95, last byte p95, failures, token grants per new visitor (from the emulator's
// request log) and the CPU each process took.
import {
  CookieJar,
  browserAgent,
  cpuMsOf,
  median,
  ms,
  ownCpuMs,
  provenance,
  quantile,
  startEmulatorProcess,
  timedGet,
  writeSection,
} from './lib.mjs';
import { rmSync } from 'node:fs';
import { BLANK_PAGE, BLANK_PAGE_WITH_A_HOLE, buildFloor } from './floor.mjs';
import { startShop } from './shop.mjs';
import { CART_PRODUCT, productId, returningVisitor } from './visitors.mjs';

const VISITORS = Number(process.env.BENCH_VISITORS ?? 100);
const ALL_PAGES = [
  ['home', '/', 'aria-label="Bestsellers"'],
  ['collection', '/collections/stationery', '<h1>Stationery</h1>'],
  ['product', '/products/brass-ruler', '<h1>Brass Ruler</h1>'],
];
// BENCH_BURST_PAGES=product: each visitor views that page three times instead (a page alone).
const ONLY = process.env.BENCH_BURST_PAGES;
const PAGES = ONLY
  ? Array.from({ length: 3 }, () => ALL_PAGES.find(([name]) => name === ONLY))
  : ALL_PAGES;
if (PAGES.includes(undefined)) throw new Error(`BENCH_BURST_PAGES: no page ${ONLY}`);
const TARGET = { pagesPerSecond: 150, p95Ms: 1000 };

const FLOOR_PAGES = Array.from({ length: PAGES.length }, () => ['blank', '/', '<h1>Blank</h1>']);

/** The item count of the shopper's hint in `jar` (`vitrine.<client id>.cart`), if any. */
function hintCount(jar) {
  for (const [name, raw] of jar.values) {
    if (!/^vitrine\..+\.cart$/.test(name)) continue;
    const [count, , identity] = decodeURIComponent(raw).split(':');
    if (/^\d+$/.test(count ?? '') && identity) return Number(count);
  }
  return undefined;
}

/** One visitor's three views, one after another; each view's timings or its failure. */
async function visit(origin, jar, pages = PAGES) {
  const agent = browserAgent();
  const views = [];
  try {
    for (const [, path, marker] of pages) {
      try {
        const view = await timedGet(`${origin}${path}`, { jar, marker, agent });
        const ok = view.status === 200 && !Number.isNaN(view.marker);
        // The cart count the page shows: the shopper's hint the browser holds after the view
        // (a readable cookie; the page's inline script puts it in the header before painting).
        const count = hintCount(jar);
        views.push({
          ok,
          status: view.status,
          firstByte: view.firstByte,
          total: view.total,
          count: count === undefined ? undefined : Number(count),
        });
      } catch (error) {
        views.push({ ok: false, status: String(error), firstByte: NaN, total: NaN });
      }
    }
  } finally {
    agent.destroy();
  }
  return views;
}

/** Every visitor at once; the figures of the burst. */
async function burst({ origin, emulator, shopPid, jars, pages = PAGES, itemCount }) {
  await emulator.flush();
  const logFrom = emulator.served.length;
  const grantsBefore = await emulator.grants();
  const cpu = { shop: cpuMsOf(shopPid), emulator: cpuMsOf(emulator.pid), bench: ownCpuMs() };
  const started = performance.now();
  const results = await Promise.all(jars.map((jar) => visit(origin, jar, pages)));
  const wall = performance.now() - started;
  const used = {
    shop: cpuMsOf(shopPid) - cpu.shop,
    emulator: cpuMsOf(emulator.pid) - cpu.emulator,
    bench: ownCpuMs() - cpu.bench,
  };
  await emulator.flush();
  const grantsAfter = await emulator.grants();
  const log = emulator.served.slice(logFrom);
  if (process.env.BENCH_DEBUG) {
    const statuses = {};
    for (const line of log) statuses[line.split(' ')[2]] = (statuses[line.split(' ')[2]] ?? 0) + 1;
    console.log('emulator statuses', statuses, 'sample', log.slice(0, 3));
    const slow = log.filter((line) => Number(/ ([\d.]+)ms/.exec(line)?.[1] ?? 0) > 200);
    console.log(`emulator: ${log.length} requests, ${slow.length} over 200 ms`, slow.slice(0, 5));
    const firsts = results.map((views) => views[0]);
    console.log(
      'first views by first byte:',
      firsts
        .map((v) => Math.round(v.firstByte))
        .sort((a, b) => a - b)
        .filter((_, i) => i % 10 === 0),
    );
  }
  const views = results.flat();
  const ok = views.filter((v) => v.ok);
  const failures = views.filter((v) => !v.ok);
  const sumGrants = (g) => Object.values(g).reduce((a, b) => a + b, 0);
  return {
    pages: views.length,
    wall,
    pagesPerSecond: (views.length / wall) * 1000,
    p50: median(ok.map((v) => v.firstByte)),
    p95: quantile(
      ok.map((v) => v.firstByte),
      0.95,
    ),
    last95: quantile(
      ok.map((v) => v.total),
      0.95,
    ),
    failures: failures.length,
    // The shopper's hint after the view: what the page shows of the shopper's cart.
    withoutCount: ok.filter((v) => v.count === undefined || v.count !== itemCount).length,
    failureKinds: [...new Set(failures.map((f) => String(f.status)))].slice(0, 5),
    tokenCalls: log.filter((line) => line.split(' ')[1]?.startsWith('/oauth2/token')).length,
    grants: sumGrants(grantsAfter) - sumGrants(grantsBefore),
    cartCalls: log.filter((line) => line.split(' ')[1]?.startsWith('/ecom/')).length,
    catalogCalls: log.filter((line) => /^\S+ \/(stores|v2\/collections)/.test(line)).length,
    cpu: used,
  };
}

/**
 * The blank pages the burst also runs against (none with BENCH_NO_FLOOR=1); BENCH_FLOOR_CONFIGS=1
 * adds the page with a request-time part with partial prefetching off, and with Cache Components
 * off too: what each costs Next per view.
 */
function floors() {
  if (process.env.BENCH_NO_FLOOR) return [];
  const hole = 'blank Next page with a request-time part (cookies)';
  return [
    ['blank Next page (static)', BLANK_PAGE, {}],
    [hole, BLANK_PAGE_WITH_A_HOLE, {}],
    ...(process.env.BENCH_FLOOR_CONFIGS
      ? [
          [
            `${hole}, partial prefetching off`,
            BLANK_PAGE_WITH_A_HOLE,
            { partialPrefetching: false },
          ],
          [
            `${hole}, Cache Components off`,
            BLANK_PAGE_WITH_A_HOLE,
            { cacheComponents: false, partialPrefetching: false },
          ],
        ]
      : []),
  ];
}

function blankRun(blank, emulator) {
  return { origin: blank.origin, emulator, shopPid: blank.pid };
}

/** Runs both bursts; prints and writes the table. */
export async function runBurst() {
  const emulator = await startEmulatorProcess();
  const serverErrors = [];
  const shop = await startShop({ emulator, onError: (line) => serverErrors.push(line) });
  const rows = [];
  try {
    // Warm: every page rendered and its catalog cached, as on a shop that has been up a while.
    for (let i = 0; i < 3; i += 1) await visit(shop.origin, new CookieJar());
    const id = await productId(emulator, CART_PRODUCT);
    const returning = [];
    for (let i = 0; i < VISITORS; i += 10) {
      const batch = Array.from({ length: Math.min(10, VISITORS - i) }, () =>
        returningVisitor({ origin: shop.origin, emulator, id, quantity: 1 }),
      );
      returning.push(...(await Promise.all(batch)));
    }
    rows.push({
      who: 'returning (with a cart)',
      ...(await burst({
        origin: shop.origin,
        emulator,
        shopPid: shop.pid,
        jars: returning,
        itemCount: 1,
      })),
    });
    const fresh = Array.from({ length: VISITORS }, () => new CookieJar());
    rows.push({
      who: 'new',
      ...(await burst({
        origin: shop.origin,
        emulator,
        shopPid: shop.pid,
        jars: fresh,
        itemCount: 0,
      })),
    });
  } finally {
    shop.stop();
  }
  try {
    // The same burst on blank Next pages: what Next itself serves on this machine now.
    for (const [who, page, config] of floors()) {
      const dir = buildFloor(page, config);
      try {
        const blank = await startShop({ dir });
        try {
          for (let i = 0; i < 3; i += 1) await visit(blank.origin, new CookieJar(), FLOOR_PAGES);
          const jars = Array.from({ length: VISITORS }, () => new CookieJar());
          const row = await burst({ ...blankRun(blank, emulator), jars, pages: FLOOR_PAGES });
          rows.push({ who, ...row });
        } finally {
          blank.stop();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await emulator.close();
  }
  const met = (r) =>
    r.pagesPerSecond >= TARGET.pagesPerSecond &&
    r.p95 <= TARGET.p95Ms &&
    r.failures === 0 &&
    r.withoutCount === 0;
  const lines = [
    provenance('burst'),
    `${VISITORS} visitors at once, ${PAGES.length} pages each (home, a collection, a product, one after another, cookies kept); warm shop. Targets: ≥ ${TARGET.pagesPerSecond} pages/s, first byte p95 ≤ ${TARGET.p95Ms} ms, 0 failures, 1 token grant per new visitor.`,
    '',
    '| visitors | pages | pages/s | first byte p50 | first byte p95 | last byte p95 | failures | pages without the right cart count | token grants / visitor | cart calls / page | catalog calls / page | CPU: shop server | CPU: emulator | CPU: load generator | targets |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.who} | ${r.pages} in ${(r.wall / 1000).toFixed(2)} s | ${r.pagesPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.last95)} | ${r.failures}${r.failures ? ` (${r.failureKinds.join(', ')})` : ''} | ${r.who.startsWith('blank') ? '' : r.withoutCount} | ${(r.tokenCalls / VISITORS).toFixed(2)} (grants counted: ${(r.grants / VISITORS).toFixed(2)}) | ${(r.cartCalls / r.pages).toFixed(2)} | ${(r.catalogCalls / r.pages).toFixed(2)} | ${(r.cpu.shop / 1000).toFixed(1)} s (${(r.cpu.shop / r.pages).toFixed(1)} ms/page) | ${(r.cpu.emulator / 1000).toFixed(1)} s | ${(r.cpu.bench / 1000).toFixed(1)} s | ${r.who.startsWith('blank') ? '(reference)' : met(r) && (r.who !== 'new' || r.tokenCalls === VISITORS) ? 'met' : '**NOT met**'} |`,
    ),
  ];
  console.log(lines.join('\n'));
  if (serverErrors.length > 0) {
    console.log(`\nThe shop's server logged:\n${serverErrors.slice(0, 20).join('\n')}`);
  }
  writeSection('burst', lines);
}

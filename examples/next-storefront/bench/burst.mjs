// `node bench/run.mjs burst`: 100 visitors at once, each viewing the home page, a collection and
// a product one after another (a browser's keep-alive connections, its cookies kept between
// views), against the BUILT shop (Next's production server) and the emulator, each in a process
// of its own on this machine. Once with returning visitors (the cookies of a first visit and a
// cart), once with new visitors who only look (no cookies, each view with the router's
// prefetches of the other pages: no grant, as sessions are minted on first use), once with new
// visitors who add to the cart after two pages (one grant each, at the add). Prints pages/s,
// first byte p50/p95, last byte p95, failures, token grants per visitor (from the emulator's
// request log and its grant count) and the CPU each process took.
import {
  CookieJar,
  browserAgent,
  cpuMsOf,
  median,
  ms,
  ownCpuMs,
  BENCH_CATALOG,
  VERSION_READ,
  isCatalogCall,
  provenance,
  quantile,
  startEmulatorProcess,
  timedGet,
  writeSection,
} from './lib.mjs';
import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { BLANK_PAGE, BLANK_PAGE_WITH_A_HOLE, buildFloor } from './floor.mjs';
import { startShop } from './shop.mjs';
import { CART_PRODUCT, cartLine, returningVisitor } from './visitors.mjs';

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

/** What a view of the burst does: a page, or the store's first use (an add to the cart). */
function steps(pages, { adds = false } = {}) {
  if (!adds) return pages.map(([, path, marker]) => ({ path, marker }));
  const [first, second, third] = pages;
  return [
    { path: first[1], marker: first[2] },
    { path: second[1], marker: second[2] },
    { add: true },
    { path: third[1], marker: third[2] },
  ];
}

/**
 * A visitor's views, one after another; each view's timings or its failure, and the cart count
 * the page shows after it (the shopper's hint the browser holds; a browser without one shows 0).
 * `prefetches`: each page view goes with the router's prefetches of the other pages, at once.
 */
async function visit(origin, jar, pages = PAGES, { adds = false, prefetches = false, line } = {}) {
  const agent = browserAgent();
  const views = [];
  let expected = itemCountOf(jar);
  try {
    for (const step of steps(pages, { adds })) {
      if (step.add) {
        await addToCart(origin, jar, line, agent);
        expected += 1;
        continue;
      }
      try {
        const others = prefetches
          ? pages
              .filter(([, path]) => path !== step.path)
              .map(([, path]) => prefetch(`${origin}${path}`, step.path, jar, agent))
          : [];
        const [view] = await Promise.all([
          timedGet(`${origin}${step.path}`, { jar, marker: step.marker, agent }),
          ...others,
        ]);
        const ok = view.status === 200 && !Number.isNaN(view.marker);
        // The cart count the page shows: the shopper's hint the browser holds after the view
        // (a readable cookie; the page's inline script puts it in the header before painting).
        const count = hintCount(jar) ?? 0;
        views.push({
          ok,
          status: view.status,
          firstByte: view.firstByte,
          total: view.total,
          rightCount: count === expected,
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

/** A router prefetch of `url` from the page at `from`, as Next's client sends it. */
function prefetch(url, from, jar, agent) {
  return timedGet(url, {
    jar,
    agent,
    headers: { rsc: '1', 'next-router-prefetch': '1', 'next-url': from },
  });
}

/** The item count the hint in `jar` says (0 without one). */
function itemCountOf(jar) {
  return hintCount(jar) ?? 0;
}

/**
 * An add to the cart as the browser's cart engine makes it, the store's first use: the shop's
 * session endpoint (a new visitor minted there, its hint written), Cart V2's add (the SDK's
 * default cart, on either catalog: the line names its variant) with that access token, and the
 * hint the engine then writes.
 */
async function addToCart(origin, jar, line, agent) {
  const emulatorUrl = EMULATOR.url;
  const session = await post(`${origin}/_vitrine/session`, '{}', jar, agent, {
    'x-vitrine-session': '1',
    'sec-fetch-site': 'same-origin',
  });
  if (session.status !== 200) throw new Error(`The session request answered ${session.status}`);
  const { access_token: token, identity } = JSON.parse(session.body);
  const added = await fetch(`${emulatorUrl}/ecom/v2/carts/current/add-line-items`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ catalogItems: [line] }),
  });
  if (!added.ok) throw new Error(`The add answered ${added.status}`);
  await added.arrayBuffer();
  const name = [...jar.values.keys()].find((key) => key.endsWith('.cart'));
  const clientId = decodeURIComponent(decodeURIComponent(jar.values.get(name)).split(':')[3]);
  const count = (hintCount(jar) ?? 0) + 1;
  jar.values.set(
    name,
    encodeURIComponent(
      `${count}:visitor:${encodeURIComponent(identity)}:${encodeURIComponent(clientId)}`,
    ),
  );
}

/** A POST of `body` (JSON) with the jar's cookies; its status and body. */
function post(url, body, jar, agent, headers) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: jar.header(),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          jar.update(response.headers['set-cookie'] ?? []);
          resolve({ status: response.statusCode, body: text });
        });
        response.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${url} took over 30 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Every visitor at once; the figures of the burst. */
async function burst({ origin, emulator, shopPid, jars, pages = PAGES, options = {} }) {
  await emulator.flush();
  const logFrom = emulator.served.length;
  const grantsBefore = await emulator.grants();
  const cpu = { shop: cpuMsOf(shopPid), emulator: cpuMsOf(emulator.pid), bench: ownCpuMs() };
  const started = performance.now();
  const results = await Promise.all(jars.map((jar) => visit(origin, jar, pages, options)));
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
    withoutCount: ok.filter((v) => !v.rightCount).length,
    failureKinds: [...new Set(failures.map((f) => String(f.status)))].slice(0, 5),
    tokenCalls: log.filter((line) => line.split(' ')[1]?.startsWith('/oauth2/token')).length,
    grants: sumGrants(grantsAfter) - sumGrants(grantsBefore),
    cartCalls: log.filter((line) => line.split(' ')[1]?.startsWith('/ecom/')).length,
    catalogCalls: log.filter(isCatalogCall).length,
    versionReads: log.filter((line) => VERSION_READ.test(line)).length,
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
// The emulator of the run (the adders call the platform directly, as a browser does).
const EMULATOR = { url: '' };

export async function runBurst() {
  const emulator = await startEmulatorProcess();
  EMULATOR.url = emulator.url;
  const serverErrors = [];
  const shop = await startShop({ emulator, onError: (line) => serverErrors.push(line) });
  const rows = [];
  let versionReads = 0;
  try {
    // Warm: every page rendered and its catalog cached, as on a shop that has been up a while.
    for (let i = 0; i < 3; i += 1) await visit(shop.origin, new CookieJar());
    const line = await cartLine(emulator, CART_PRODUCT);
    const returning = [];
    for (let i = 0; i < VISITORS; i += 10) {
      const batch = Array.from({ length: Math.min(10, VISITORS - i) }, () =>
        returningVisitor({ origin: shop.origin, emulator, line }),
      );
      returning.push(...(await Promise.all(batch)));
    }
    const run = (jars, options) =>
      burst({ origin: shop.origin, emulator, shopPid: shop.pid, jars, options });
    rows.push({ who: 'returning (with a cart)', grantsEach: 0, ...(await run(returning)) });
    // New visitors who only look: no token grant (mint on first use). Then the same, each page
    // view with the router's prefetches of the other pages at once (three requests a view).
    const fresh = Array.from({ length: VISITORS }, () => new CookieJar());
    rows.push({ who: 'new, who only look', grantsEach: 0, ...(await run(fresh)) });
    const lookers = Array.from({ length: VISITORS }, () => new CookieJar());
    rows.push({
      who: 'new, who only look (with prefetches)',
      grantsEach: 0,
      ...(await run(lookers, { prefetches: true })),
    });
    // New visitors who add to the cart after two pages (the store's first use), then view a third.
    const adders = Array.from({ length: VISITORS }, () => new CookieJar());
    rows.push({
      who: 'new, who add to the cart',
      grantsEach: 1,
      ...(await run(adders, { adds: true, line })),
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
    await emulator.flush();
    versionReads = emulator.served.filter((line) => VERSION_READ.test(line)).length;
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
    `Catalog ${BENCH_CATALOG.toUpperCase()} store, Cart V2. ${VISITORS} visitors at once, ${PAGES.length} pages each (home, a collection, a product, one after another, cookies kept; the adders add to the cart after the second, through the shop's session endpoint and the platform, as the browser's cart engine does); warm shop. Targets: ≥ ${TARGET.pagesPerSecond} pages/s, first byte p95 ≤ ${TARGET.p95Ms} ms, 0 failures, token grants: 0 for a visitor who only looks, exactly 1 for one who adds to the cart. Cart calls count the adders' own add (the browser's), not only the shop server's.`,
    '',
    '| visitors | pages | pages/s | first byte p50 | first byte p95 | last byte p95 | failures | pages without the right cart count | token grants / visitor | cart calls / page | catalog calls / page | CPU: shop server | CPU: emulator | CPU: load generator | targets |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.who} | ${r.pages} in ${(r.wall / 1000).toFixed(2)} s | ${r.pagesPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.last95)} | ${r.failures}${r.failures ? ` (${r.failureKinds.join(', ')})` : ''} | ${r.who.startsWith('blank') ? '' : r.withoutCount} | ${(r.tokenCalls / VISITORS).toFixed(2)} (grants counted: ${(r.grants / VISITORS).toFixed(2)}) | ${(r.cartCalls / r.pages).toFixed(2)} | ${(r.catalogCalls / r.pages).toFixed(2)} | ${(r.cpu.shop / 1000).toFixed(1)} s (${(r.cpu.shop / r.pages).toFixed(1)} ms/page) | ${(r.cpu.emulator / 1000).toFixed(1)} s | ${(r.cpu.bench / 1000).toFixed(1)} s | ${r.who.startsWith('blank') ? '(reference)' : met(r) && r.tokenCalls === r.grantsEach * VISITORS && r.grants === r.grantsEach * VISITORS ? 'met' : '**NOT met**'} |`,
    ),
  ];
  lines.push(
    '',
    `The store's catalog version, read over the whole run (one shop server process, its warm-up and every burst): ${versionReads} time(s).`,
  );
  console.log(lines.join('\n'));
  if (serverErrors.length > 0) {
    console.log(`\nThe shop's server logged:\n${serverErrors.slice(0, 20).join('\n')}`);
  }
  writeSection(BENCH_CATALOG === 'v3' ? 'burst-v3' : 'burst', lines);
}

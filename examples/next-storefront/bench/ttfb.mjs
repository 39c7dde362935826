// `node bench/run.mjs ttfb`: time to first byte and to the last byte of a warm home, collection
// and product page of the BUILT shop, and the platform calls each page view makes, with 0 ms and
// with 150 ms added to every platform call (the emulator's fault rule: a shop server talking to a
// platform in another region). One returning visitor (cookies from a first visit), pages
// requested one after another. Writes the figures to BENCHMARKS.md (its "latest run" markers).
import { startEmulator } from '@vitrine/emulator';
import {
  BENCH_CATALOG,
  CookieJar,
  isCatalogCall,
  median,
  ms,
  provenance,
  quantile,
  timedGet,
  writeSection,
} from './lib.mjs';
import { startShop } from './shop.mjs';

// Each page, and a piece of its catalog content: the time it arrives is when the shopper sees
// the catalog (the rest of the stream is the shopper's part: session and cart).
const PAGES = [
  ['home', '/', 'aria-label="Bestsellers"'],
  ['collection', '/collections/stationery', '<h1>Stationery</h1>'],
  ['product', '/products/brass-ruler', '<h1>Brass Ruler</h1>'],
];
const LATENCIES_MS = [0, 150];
const WARM_UP = 4;
const MEASURED = 15;
const p90 = (values) => quantile(values, 0.9);

/** The kind of platform call an emulator log line is ("GET /stores-reader/… 200 3.1ms id"). */
function kindOf(line) {
  const path = line.split(' ')[1] ?? '';
  if (isCatalogCall(line)) return 'catalog';
  if (path.startsWith('/ecom/')) return 'cart';
  if (path.startsWith('/oauth2/')) return 'token';
  return 'other';
}

/** Runs the measure; prints and writes the table. */
export async function runTtfb() {
  const served = [];
  const serverErrors = [];
  const emulator = await startEmulator({
    port: 0,
    catalog: BENCH_CATALOG,
    logger: (line) => served.push(line),
  });
  const shop = await startShop({ emulator, onError: (line) => serverErrors.push(line) });
  const origin = shop.origin;

  const rows = [];
  try {
    // A first visit mints the visitor; its cookies make every later request a returning one.
    const jar = new CookieJar();
    await timedGet(`${origin}/`, { jar });
    for (const latencyMs of LATENCIES_MS) {
      emulator.clearFaults();
      if (latencyMs > 0) emulator.injectFault({ path: '/*', latencyMs });
      for (const [page, path, marker] of PAGES) {
        for (let i = 0; i < WARM_UP; i += 1) await timedGet(`${origin}${path}`, { jar });
        const before = served.length;
        const runs = [];
        for (let i = 0; i < MEASURED; i += 1) {
          const run = await timedGet(`${origin}${path}`, { jar, marker });
          if (run.status !== 200) throw new Error(`${path} answered ${run.status}`);
          runs.push(run);
        }
        const calls = served.slice(before).map(kindOf);
        const perView = (kind) => calls.filter((k) => k === kind).length / MEASURED;
        rows.push({
          latencyMs,
          page,
          firstByte: median(runs.map((r) => r.firstByte)),
          firstByte90: p90(runs.map((r) => r.firstByte)),
          catalogIn: median(runs.map((r) => r.marker)),
          total: median(runs.map((r) => r.total)),
          catalog: perView('catalog'),
          cart: perView('cart'),
          token: perView('token'),
          other: perView('other'),
        });
      }
    }
  } finally {
    emulator.clearFaults();
    shop.stop();
    await emulator.close();
  }

  const table = [
    '| added latency | page | first byte (median) | first byte (p90) | catalog content (median) | last byte (median) | catalog calls / view | cart calls / view | token calls / view |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.latencyMs} ms | ${r.page} | ${ms(r.firstByte)} | ${ms(r.firstByte90)} | ${ms(r.catalogIn)} | ${ms(r.total)} | ${r.catalog} | ${r.cart} | ${r.token + r.other} |`,
    ),
  ];
  const report = [
    provenance('ttfb'),
    `${WARM_UP} warm-up requests, then ${MEASURED} measured, per page and latency; one returning visitor.`,
    '',
    ...table,
  ];
  console.log(report.join('\n'));
  if (serverErrors.length > 0)
    console.log(`\nThe shop's server logged:\n${serverErrors.join('\n')}`);
  writeSection(BENCH_CATALOG === 'v3' ? 'latest-v3' : 'latest', report);
}

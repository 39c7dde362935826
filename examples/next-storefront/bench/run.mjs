// `npm run bench` (the repository's, or this example's): time to first byte and to the last
// byte of a warm home, collection and product page of the BUILT shop, and the platform calls
// each page view makes, with 0 ms and with 150 ms added to every platform call (the emulator's
// fault rule: a shop server talking to a platform in another region). One returning visitor
// (cookies from a first visit), pages requested one after another. Writes the figures to
// BENCHMARKS.md (between its "latest run" markers) with the command that made them.
import { request } from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '@vitrine/emulator';
import { freePort, startNextServer } from '@vitrine/shop-ui/e2e/next-server.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const COMMAND = 'npm run bench -w @vitrine/next-storefront';
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

if (!existsSync(join(ROOT, '.next', 'BUILD_ID'))) {
  console.error('Build the shop first: npm run build -w @vitrine/next-storefront');
  process.exit(1);
}

/**
 * One GET: ms to the first body byte, to `marker` in the body and to the last byte, the status
 * and the set-cookie headers.
 */
function timedGet(url, cookie, marker) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByte;
    let markerAt;
    let body = '';
    const req = request(url, { headers: cookie ? { cookie } : {} }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        firstByte ??= performance.now() - started;
        body += chunk;
        if (marker && markerAt === undefined && body.includes(marker)) {
          markerAt = performance.now() - started;
        }
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          firstByte: firstByte ?? performance.now() - started,
          marker: markerAt ?? Number.NaN,
          total: performance.now() - started,
          setCookie: response.headers['set-cookie'] ?? [],
        }),
      );
      response.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${url} took over 30 s`)));
    req.on('error', reject);
    req.end();
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p90 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.9) - 1];
const ms = (value) => `${value.toFixed(0)} ms`;

/** The kind of platform call an emulator log line is ("GET /stores-reader/… 200 3.1ms id"). */
function kindOf(line) {
  const path = line.split(' ')[1] ?? '';
  if (path.startsWith('/stores') || path.startsWith('/v2/collections')) return 'catalog';
  if (path.startsWith('/ecom/')) return 'cart';
  if (path.startsWith('/oauth2/')) return 'token';
  return 'other';
}

const served = [];
const serverErrors = [];
const emulator = await startEmulator({ port: 0, logger: (line) => served.push(line) });
const port = await freePort();
const shop = await startNextServer({
  dir: ROOT,
  port,
  env: { VITRINE_API_URL: emulator.url, VITRINE_CLIENT_ID: emulator.clientId },
  onError: (line) => serverErrors.push(line),
});
const origin = `http://127.0.0.1:${port}`;

const rows = [];
try {
  // A first visit mints the visitor; its cookies make every later request a returning one.
  const first = await timedGet(`${origin}/`);
  const cookie = first.setCookie.map((header) => header.split(';')[0]).join('; ');
  for (const latencyMs of LATENCIES_MS) {
    emulator.clearFaults();
    if (latencyMs > 0) emulator.injectFault({ path: '/*', latencyMs });
    for (const [page, path, marker] of PAGES) {
      for (let i = 0; i < WARM_UP; i += 1) await timedGet(`${origin}${path}`, cookie);
      const before = served.length;
      const runs = [];
      for (let i = 0; i < MEASURED; i += 1) {
        const run = await timedGet(`${origin}${path}`, cookie, marker);
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
  shop.kill();
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
  `Measured ${new Date().toISOString().slice(0, 10)} with \`${COMMAND}\` (Node ${process.version}, ${cpus().length} cores: ${cpus()[0]?.model ?? 'unknown CPU'}). ${WARM_UP} warm-up requests, then ${MEASURED} measured, per page and latency; one returning visitor.`,
  '',
  ...table,
];
console.log(report.join('\n'));
if (serverErrors.length > 0) console.log(`\nThe shop's server logged:\n${serverErrors.join('\n')}`);

const file = join(ROOT, 'BENCHMARKS.md');
const START = '<!-- bench:latest:start -->';
const END = '<!-- bench:latest:end -->';
if (existsSync(file)) {
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from !== -1 && to > from) {
    writeFileSync(
      file,
      `${text.slice(0, from + START.length)}\n${report.join('\n')}\n${text.slice(to)}`,
    );
    console.log(`\nWritten to ${file}`);
  }
}

// `npm run bench` (the repository's, or this package's): the shared cache against Next.js's
// in-memory default, with the BUILT example shop (examples/next-storefront: one build, served by
// Next's production server) against a fresh emulator, on one and on two servers (requests
// alternating between them, as a load balancer would send them). The four configurations run side
// by side and are measured one view of each in turn. For a warm product page: the
// first byte, the product in the stream (`<h1>`), the last byte and the platform's catalog calls
// per view; then the catalog calls of the first view on each server, and how long a price change
// announced to one server takes to show on the other. Redis is a local redis-server on a free
// port (scripts/redis-server.mjs). Writes the figures, with the command, to BENCHMARKS.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStoreClient } from '@vitrine/sdk';
import { startEmulator } from '@vitrine/emulator';
import { freePort, startNextServer } from '../../../examples/shop-ui/e2e/next-server.mjs';
import { startRedisServer } from '../../../scripts/redis-server.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const SHOP = join(HERE, '..', '..', '..', 'examples', 'next-storefront');
const COMMAND = 'npm run bench -w @vitrine/next';
const PRODUCT = '/products/brass-ruler';
const MARKER = '<h1>Brass Ruler</h1>';
const WARM_UP = 6;
const MEASURED = 60;
const AGREE_WITHIN_MS = 5000;

if (!existsSync(join(SHOP, '.next', 'BUILD_ID'))) {
  console.error('Build the example shop first: npm run build -w @vitrine/next-storefront');
  process.exit(1);
}

/** One GET: ms to the first body byte, to `MARKER`, to the last byte; status, body, cookies. */
function timedGet(url, cookie) {
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
        if (markerAt === undefined && body.includes(MARKER)) markerAt = performance.now() - started;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          body,
          firstByte: firstByte ?? Number.NaN,
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

const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => sorted(values)[Math.floor(values.length / 2)];
const p90 = (values) => sorted(values)[Math.ceil(values.length * 0.9) - 1];
const ms = (value) => `${value.toFixed(1)} ms`;
const isCatalog = (line) => / \/(stores|v2\/collections)/.test(line);

/**
 * One configuration, started: `count` servers of the build, on Redis or not, each with its own
 * emulator (and Redis). Measures the first view of the product on each server, then warms them.
 */
async function setUp({ servers: count, redis: withRedis }) {
  const served = [];
  const ports = [];
  for (let i = 0; i < count; i += 1) ports.push(await freePort());
  const origins = ports.map((port) => `http://127.0.0.1:${port}`);
  // The emulator tells the first server of each change (the platform posts each event once).
  const emulator = await startEmulator({
    port: 0,
    logger: (line) => served.push(line),
    webhookUrl: `${origins[0]}/api/webhooks`,
  });
  const redis = withRedis ? await startRedisServer() : undefined;
  const env = {
    VITRINE_API_URL: emulator.url,
    VITRINE_CLIENT_ID: emulator.clientId,
    VITRINE_WEBHOOK_PUBLIC_KEY: await emulator.webhookPublicKey(),
    ...(redis ? { REDIS_URL: redis.url } : {}),
  };
  const config = {
    servers: count,
    store: withRedis ? 'Redis (`REDIS_URL`)' : 'in memory (default)',
    served,
    origins,
    emulator,
    redis,
    children: [],
    errors: [],
    runs: [],
  };
  for (const port of ports) {
    config.children.push(
      await startNextServer({ dir: SHOP, port, env, onError: (line) => config.errors.push(line) }),
    );
  }
  const first = await timedGet(`${origins[0]}/`);
  config.cookie = first.setCookie.map((header) => header.split(';')[0]).join('; ');
  // The first view of the product on each server, in turn: what a cold server costs.
  const beforeFirst = served.length;
  for (const origin of origins) await timedGet(`${origin}${PRODUCT}`, config.cookie);
  config.firstViewsCatalog = served.slice(beforeFirst).filter(isCatalog).length;
  for (let i = 0; i < WARM_UP * count; i += 1) {
    await timedGet(`${origins[i % count]}${PRODUCT}`, config.cookie);
  }
  return config;
}

async function tearDown(config) {
  for (const child of config.children) child.kill();
  await config.emulator.close();
  await config.redis?.stop();
}

/** ms from a merchant's price change until every server shows it; `undefined` past 5 s. */
async function priceChangeReachesAll(emulator, origins, cookie) {
  const merchant = createStoreClient({
    clientId: emulator.clientId,
    baseUrl: emulator.url,
    apiKey: emulator.apiKey,
  });
  const { items } = await merchant.products.query({ filter: { slug: 'brass-ruler' } });
  const price = 20 + Math.floor(Math.random() * 50);
  const changed = performance.now();
  await merchant.products.update(items[0].id, { priceData: { price } });
  merchant.dispose();
  const shown = `$${price}.00`;
  while (performance.now() - changed < AGREE_WITHIN_MS) {
    const pages = await Promise.all(origins.map((o) => timedGet(`${o}${PRODUCT}`, cookie)));
    if (pages.every((page) => page.body.includes(`class="price__current">${shown}<`))) {
      return performance.now() - changed;
    }
  }
  return undefined;
}

const configs = [];
try {
  for (const servers of [1, 2]) {
    for (const redis of [false, true]) configs.push(await setUp({ servers, redis }));
  }
  // One view of each configuration in turn, so that whatever else the machine does weighs on
  // all of them alike.
  const before = configs.map((config) => config.served.length);
  for (let i = 0; i < MEASURED; i += 1) {
    for (const config of configs) {
      const origin = config.origins[i % config.servers];
      const run = await timedGet(`${origin}${PRODUCT}`, config.cookie);
      if (run.status !== 200 || Number.isNaN(run.marker)) throw new Error(`${PRODUCT} failed`);
      config.runs.push(run);
    }
  }
  configs.forEach((config, i) => {
    const calls = config.served.slice(before[i]).filter(isCatalog).length;
    config.catalogPerView = calls / MEASURED;
  });
  for (const config of configs) {
    if (config.servers > 1) {
      config.agree = await priceChangeReachesAll(config.emulator, config.origins, config.cookie);
    }
  }
} finally {
  await Promise.allSettled(configs.map(tearDown));
}

const rows = configs.map((config) => ({
  ...config,
  firstByte: median(config.runs.map((r) => r.firstByte)),
  firstByte90: p90(config.runs.map((r) => r.firstByte)),
  marker: median(config.runs.map((r) => r.marker)),
  marker90: p90(config.runs.map((r) => r.marker)),
  total: median(config.runs.map((r) => r.total)),
}));

const table = [
  '| servers | cache | first byte (median) | first byte (p90) | product in the stream (median) | product (p90) | last byte (median) | catalog calls / warm view | catalog calls, first view on each server | a price change shows on every server |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.servers} | ${r.store} | ${ms(r.firstByte)} | ${ms(r.firstByte90)} | ${ms(r.marker)} | ${ms(r.marker90)} | ${ms(r.total)} | ${Number(r.catalogPerView.toFixed(2))} | ${r.firstViewsCatalog} | ${r.servers === 1 ? '(one server)' : r.agree === undefined ? `not within ${AGREE_WITHIN_MS / 1000} s` : `after ${r.agree.toFixed(0)} ms`} |`,
  ),
];
const report = [
  `Measured ${new Date().toISOString().slice(0, 10)} with \`${COMMAND}\` (Node ${process.version}, ${cpus().length} cores: ${cpus()[0]?.model ?? 'unknown CPU'}; Redis on the same machine). The four configurations run side by side (each its own emulator, Redis and servers); ${WARM_UP} warm-up views per server, then ${MEASURED} measured views per configuration, one of each in turn, alternating between a configuration's servers; one returning visitor; no latency added to the platform.`,
  '',
  ...table,
];
console.log(report.join('\n'));
for (const row of rows) {
  if (row.errors.length > 0) console.log(`\nThe shop's servers logged:\n${row.errors.join('\n')}`);
}

const file = join(HERE, '..', 'BENCHMARKS.md');
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

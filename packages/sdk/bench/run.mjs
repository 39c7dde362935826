// `npm run bench` in packages/sdk: (a) the minified, gzipped browser bundle of a storefront
// scenario; (b) client CPU per call against a loopback server, for plain fetch, bare ky and the
// SDK side by side. Writes the figures to BENCHMARKS.md with the command that made them.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import ky from 'ky';
import { createStoreClient } from '@vitrine/sdk';

const here = dirname(fileURLToPath(import.meta.url));
const COMMAND = 'npm run bench -w @vitrine/sdk';
const BUNDLE_TARGET_KB = 10;
const OFFICIAL_CLIENT_KB = 28.7;
const CPU_TARGET_PERCENT = 15;

async function measureBundle() {
  const result = await build({
    entryPoints: [join(here, 'scenario.js')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const byPackage = {};
  const [output] = Object.values(result.metafile.outputs);
  for (const [file, info] of Object.entries(output.inputs)) {
    const match = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    const name = match ? match[1] : file.includes('packages/sdk') ? '@vitrine/sdk' : 'scenario';
    byPackage[name] = (byPackage[name] ?? 0) + info.bytesInOutput;
  }
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, byPackage };
}

function startServer() {
  return new Promise((resolve, reject) => {
    const child = fork(join(here, 'loopback-server.mjs'), { stdio: 'inherit' });
    child.once('message', ({ port }) => resolve({ port, child }));
    child.once('error', reject);
  });
}

const TOKENS = {
  accessToken: { value: 'at_bench-token', expiresAt: Math.floor(Date.now() / 1000) + 86_400 },
  refreshToken: { value: 'rt_bench-token', role: 'visitor' },
};

function variants(origin) {
  const path = '/stores-reader/v1/products/p1';
  const headers = { authorization: TOKENS.accessToken.value };
  const kyClient = ky.create({ timeout: 30_000 });
  const store = createStoreClient({ clientId: 'bench', baseUrl: origin, tokens: TOKENS });
  return {
    'plain fetch': async () => {
      const response = await fetch(origin + path, { headers });
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      return response.json();
    },
    'bare ky': () => kyClient.get(origin + path, { headers }).json(),
    '@vitrine/sdk': () => store.products.get('p1'),
  };
}

async function cpuPerCall(call, calls) {
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) await call();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / calls;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measureCpu() {
  const { port, child } = await startServer();
  try {
    const calls = variants(`http://127.0.0.1:${port}`);
    const rounds = 7;
    const perRound = 1500;
    const samples = Object.fromEntries(Object.keys(calls).map((name) => [name, []]));
    for (const call of Object.values(calls)) await cpuPerCall(call, 500); // warm up JIT and sockets
    // Rounds interleave the variants so drift in the machine's load hits all of them alike.
    for (let round = 0; round < rounds; round++) {
      for (const [name, call] of Object.entries(calls)) {
        samples[name].push(await cpuPerCall(call, perRound));
      }
    }
    return {
      rounds,
      perRound,
      perCall: Object.fromEntries(Object.entries(samples).map(([n, s]) => [n, median(s)])),
    };
  } finally {
    child.disconnect();
  }
}

const bundle = await measureBundle();
const cpu = await measureCpu();
const kyMicros = cpu.perCall['bare ky'];
const sdkMicros = cpu.perCall['@vitrine/sdk'];
const overhead = ((sdkMicros - kyMicros) / kyMicros) * 100;
const gzipKb = bundle.gzipped / 1024;

const lines = [
  '# @vitrine/sdk benchmarks',
  '',
  `Produced by \`${COMMAND}\` (packages/sdk/bench/run.mjs) on ${new Date().toISOString().slice(0, 10)},`,
  `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}.`,
  '',
  '## Bundle size: storefront scenario',
  '',
  'bench/scenario.js (create a client, get the cart, add to it, query products) bundled by esbuild',
  'for the browser, minified, gzip level 9.',
  '',
  '| measure | value | target |',
  '|---|---|---|',
  `| minified | ${(bundle.minified / 1024).toFixed(1)} KB | |`,
  `| minified + gzipped | ${gzipKb.toFixed(1)} KB | ≤ ${BUNDLE_TARGET_KB} KB (${gzipKb <= BUNDLE_TARGET_KB ? 'met' : 'NOT met'}); the platform's official client needs ${OFFICIAL_CLIENT_KB} KB for the same scenario (figure from issue 2, not re-measured here) |`,
  '',
  'Minified bytes by package:',
  '',
  '| package | bytes |',
  '|---|---|',
  ...Object.entries(bundle.byPackage)
    .sort((a, b) => b[1] - a[1])
    .map(([name, bytes]) => `| ${name} | ${bytes} |`),
  '',
  '## Client CPU per call',
  '',
  `\`GET /stores-reader/v1/products/p1\` against a loopback server in another process (so only the`,
  `client's CPU is counted), ${cpu.rounds} interleaved rounds of ${cpu.perRound} sequential calls per`,
  'variant after a warm-up; median of the rounds, user + system CPU from `process.cpuUsage()`.',
  '',
  '| client | CPU per call |',
  '|---|---|',
  ...Object.entries(cpu.perCall).map(([name, micros]) => `| ${name} | ${micros.toFixed(1)} µs |`),
  '',
  `@vitrine/sdk over bare ky: ${overhead >= 0 ? '+' : ''}${overhead.toFixed(1)} % (target ≤ ${CPU_TARGET_PERCENT} %: ${overhead <= CPU_TARGET_PERCENT ? 'met' : 'NOT met'}).`,
  '',
];
writeFileSync(join(here, '..', 'BENCHMARKS.md'), lines.join('\n'));
console.log(lines.join('\n'));

// `npm run bench` in packages/sdk: (a) the browser bundle of a storefront scenario, code-split
// as an app's bundler would split it, minified and gzipped; (b) client CPU per call against a
// loopback server, for plain fetch, bare ky and the SDK side by side. Writes the figures to
// BENCHMARKS.md with the command that made them. Measures the built package (`npx tsup` first).
import { execFileSync, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import ky from 'ky';
import { createStoreClient } from '@vitrine/sdk';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const COMMAND = 'npm run bench -w @vitrine/sdk';
const BUNDLE_TARGET_KB = 10;
const OFFICIAL_CLIENT_KB = 28.7;
const CPU_TARGET_PERCENT = 15;

const gzipped = (code) => gzipSync(code, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Bundles bench/scenario.js with code splitting, as a storefront's bundler would: the entry
 * chunk, the shared chunks it imports statically (loaded with it, before anything runs), and
 * the chunks behind dynamic `import()`s (loaded only when the code reaches them).
 */
async function measureBundle() {
  const workdir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  const outdir = join(workdir, 'bundle');
  try {
    const result = await build({
      entryPoints: [join(here, 'scenario.js')],
      bundle: true,
      splitting: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outdir,
      metafile: true,
      logLevel: 'silent',
      absWorkingDir: root,
    });
    // Metafile paths are relative to `root`.
    const fileOf = (path) => resolve(root, path);
    const outputs = Object.entries(result.metafile.outputs)
      .filter(([path]) => path.endsWith('.js'))
      .map(([path, info]) => {
        const file = fileOf(path);
        const code = readFileSync(file);
        return { file, name: basename(file), info, minified: code.length, gzipped: gzipped(code) };
      });
    const byFile = new Map(outputs.map((output) => [output.file, output]));
    const entry = outputs.find((output) => output.info.entryPoint?.endsWith('scenario.js'));

    // Everything the entry imports statically, transitively: the initial load.
    const initial = new Set();
    const stack = [entry.file];
    while (stack.length > 0) {
      const file = stack.pop();
      if (initial.has(file)) continue;
      initial.add(file);
      for (const { path, kind } of byFile.get(file).info.imports) {
        if (kind === 'import-statement' && byFile.has(fileOf(path))) stack.push(fileOf(path));
      }
    }

    const byPackage = {};
    for (const file of initial) {
      for (const [input, info] of Object.entries(byFile.get(file).info.inputs)) {
        const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
        const name = match ? match[1] : input.startsWith('dist/') ? '@vitrine/sdk' : 'scenario';
        byPackage[name] = (byPackage[name] ?? 0) + info.bytesInOutput;
      }
    }

    const loadedAtRunTime = await runScenario(join(workdir, 'run'), outputs);
    const sum = (list, key) => list.reduce((total, output) => total + output[key], 0);
    const initialOutputs = outputs.filter((output) => initial.has(output.file));
    const lateOutputs = outputs.filter(
      (output) => !initial.has(output.file) && loadedAtRunTime.has(output.name),
    );
    return {
      outputs: outputs.map((output) => ({
        ...output,
        role: initial.has(output.file)
          ? output === entry
            ? 'entry'
            : 'initial'
          : loadedAtRunTime.has(output.name)
            ? 'loaded at run time'
            : 'on first use',
      })),
      entry,
      initial: {
        files: initialOutputs.length,
        minified: sum(initialOutputs, 'minified'),
        gzipped: sum(initialOutputs, 'gzipped'),
      },
      late: {
        files: lateOutputs.length,
        minified: sum(lateOutputs, 'minified'),
        gzipped: sum(lateOutputs, 'gzipped'),
      },
      all: {
        files: outputs.length,
        minified: sum(outputs, 'minified'),
        gzipped: sum(outputs, 'gzipped'),
      },
      byPackage,
    };
  } finally {
    rmSync(workdir, { recursive: true, force: true });
  }
}

/**
 * Runs the bundled scenario once, in this process, against a scripted platform (a `fetch` that
 * answers the token grant, the cart and the product query), and returns the names of the chunks
 * it evaluated: a copy of each chunk first registers itself when it loads.
 */
async function runScenario(runDir, outputs) {
  mkdirSync(runDir);
  for (const { file, name } of outputs) {
    const mark = `globalThis.__vitrineBenchLoaded.add(${JSON.stringify(name)});\n`;
    writeFileSync(join(runDir, name), mark + readFileSync(file, 'utf8'));
  }
  const cart = { id: 'cart-1', lineItems: [{ id: 'line-1', quantity: 1 }] };
  const answers = {
    '/oauth2/token': { access_token: 'at_1', refresh_token: 'rt_1', expires_in: 3600 },
    '/ecom/v1/carts/current': { cart },
    '/ecom/v1/carts/current/add-to-cart': { cart },
    '/stores-reader/v1/products/query-platformized': {
      products: [{ id: 'p1' }],
      metadata: { total: 1 },
    },
  };
  const realFetch = globalThis.fetch;
  globalThis.__vitrineBenchLoaded = new Set();
  globalThis.fetch = async (input) => {
    const { pathname } = new URL(input instanceof Request ? input.url : String(input));
    const body = answers[pathname];
    return body === undefined
      ? new Response('{}', { status: 404 })
      : new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  try {
    const { run } = await import(pathToFileURL(join(runDir, 'scenario.js')).href);
    await run();
    return new Set(globalThis.__vitrineBenchLoaded);
  } finally {
    globalThis.fetch = realFetch;
    delete globalThis.__vitrineBenchLoaded;
  }
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

const MEMORY_CLIENTS = 4000;
const MEMORY_TARGET_BYTES = 1024;

// bench/memory.mjs in a fresh process with `--expose-gc`, once per tab-sync setting.
function measureMemory(tabSync) {
  const args = ['--expose-gc', join(here, 'memory.mjs'), String(MEMORY_CLIENTS)];
  if (tabSync) args.push('tabSync');
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' }).trim());
}

const bundle = await measureBundle();
const cpu = await measureCpu();
const memory = [measureMemory(false), measureMemory(true)];
const kyMicros = cpu.perCall['bare ky'];
const sdkMicros = cpu.perCall['@vitrine/sdk'];
const overhead = ((sdkMicros - kyMicros) / kyMicros) * 100;
const headlineKb = bundle.initial.gzipped / 1024;
const met = headlineKb <= BUNDLE_TARGET_KB;
const chunkCount = (count) => `${count} ${count === 1 ? 'file' : 'files'}`;

const lines = [
  '# @vitrine/sdk benchmarks',
  '',
  `Produced by \`${COMMAND}\` (packages/sdk/bench/run.mjs, after \`npx tsup\`) on ${new Date().toISOString().slice(0, 10)},`,
  `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}.`,
  '',
  '## Bundle size: storefront scenario',
  '',
  'bench/scenario.js (create a client, get the cart, add to it, query products) bundled from the',
  'built package by esbuild for the browser with code splitting (`splitting: true`, ESM),',
  'minified. Each file is gzipped on its own (level 9), as a server compresses each response, and',
  'the sizes are summed. The initial load is the entry chunk and every chunk it imports',
  'statically: a browser loads all of them before the scenario runs. The other chunks sit behind',
  'dynamic `import()`s (member sign-in, hosted and silent login, raw identity calls, redirect',
  'sessions, the cart carry-over, catalog writes) and load only when first used. To see which the',
  'scenario itself needs, the bench runs the bundle once against a scripted platform (in Node,',
  'with a fake `fetch`) and records the chunks it evaluates.',
  '',
  '| measure | minified | gzipped | target |',
  '|---|---|---|---|',
  `| **initial load** (entry chunk + the chunks it imports statically; ${chunkCount(bundle.initial.files)}) | ${kb(bundle.initial.minified)} | **${kb(bundle.initial.gzipped)}** | ≤ ${BUNDLE_TARGET_KB} KB gzipped (${met ? 'met' : 'NOT met'}); the platform's official client needs ${OFFICIAL_CLIENT_KB} KB for the same scenario (figure from issue 2, not re-measured here) |`,
  `| of which the entry chunk file alone | ${kb(bundle.entry.minified)} | ${kb(bundle.entry.gzipped)} | |`,
  `| loaded later by the scenario at run time | ${bundle.late.files === 0 ? 'none' : `${kb(bundle.late.minified)} (${chunkCount(bundle.late.files)})`} | ${bundle.late.files === 0 ? 'none' : kb(bundle.late.gzipped)} | |`,
  `| all chunks, including those loaded on first use (${chunkCount(bundle.all.files)}) | ${kb(bundle.all.minified)} | ${kb(bundle.all.gzipped)} | |`,
  '',
  'Chunks:',
  '',
  '| chunk | loaded | minified bytes | gzipped bytes |',
  '|---|---|---|---|',
  ...bundle.outputs
    .sort((a, b) => b.minified - a.minified)
    .map(
      ({ name, role, minified, gzipped: gz }) =>
        `| ${name.replace(/(-[A-Z0-9]{8})+\.js$/, '-[hash].js')} | ${role} | ${minified} | ${gz} |`,
    ),
  '',
  'Minified bytes of the initial load by package:',
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
  '## Memory kept per server request client',
  '',
  `bench/memory.mjs in its own process (\`node --expose-gc\`): ${MEMORY_CLIENTS} clients built as a server`,
  "builds one per request (a visitor's tokens from the request, memory storage), each reads its",
  'cart and a page of products from an in-process `fetch`, then `dispose()`. The heap after',
  'collecting until it stops shrinking, minus the heap before (after a warm-up of 200 clients),',
  'divided by the number of clients.',
  '',
  '| tab sync | heap kept per disposed client | target |',
  '|---|---|---|',
  ...memory.map(
    (run) =>
      `| ${run.tabSync ? '`tabSync: true` (channels opened, then closed by dispose)' : 'off (the server default)'} | ${Math.max(0, run.perClient).toFixed(0)} bytes | < ${MEMORY_TARGET_BYTES} bytes (${run.perClient < MEMORY_TARGET_BYTES ? 'met' : 'NOT met'}) |`,
  ),
  '',
  'Before issue 10 every client whose cart was used opened a `BroadcastChannel` that was never',
  'closed, whatever `tabSync` said: about 20 KB kept per client (4000 clients: +75 MB).',
  '',
];
writeFileSync(join(here, '..', 'BENCHMARKS.md'), lines.join('\n'));
console.log(lines.join('\n'));

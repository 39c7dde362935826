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
 * the step fails when either does.
 */
import { spawn } from 'node:child_process';

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

function runLane(args) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['turbo', 'run', 'test', ...args, ...process.argv.slice(2)], {
      stdio: 'inherit',
    });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(lanes.map(runLane));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);

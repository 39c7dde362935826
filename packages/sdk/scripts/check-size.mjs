// The size check of `npm test` (check:package, after the build): the storefront scenario
// (bench/scenario.js: create a client, read the cart, add to it, query products) must load at
// most LIMIT_BYTES gzipped up front from the built package, measured as bench/run.mjs measures
// it. `--by-source` lists the initial load's minified bytes by source file instead, bundling
// the scenario against src/ (bench/scenario-source.js).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureBundle } from '../bench/measure-bundle.mjs';

/**
 * The budget of the scenario's initial load, gzipped: what it weighed when it was set (18.5 KB),
 * with a little room. The room is nearly gone: 18.96 KB with store.members, store.orders and
 * store.recommendations (issue 19), 19.47 KB since issue 21 (the cart store's held calls and their
 * sending on `pagehide`, one input check for the cart, the transport and auth split by what they
 * do), 19.45 KB after the first run's fixes (issue 18: an add marks that a cart may exist, +20 B;
one URL check instead of three, -20 B; the tabs' flags off the first page, -50 B), 19.48 KB
(19,952 B) after issue 28 (the cart store's methods typed one by one, one rule for an error's
cause, typed faces for the parts loaded on first use). Issue 13's target, 10 KB, is not met;
BENCHMARKS.md says why.
 */
export const LIMIT_BYTES = 19.5 * 1024;

/**
 * The budget of an island's initial load (bench/lite-scenario.js, `@vitrine/sdk/lite`'s deferred
 * client), gzipped: the SDK a server-rendered page downloads before the shopper needs the store
 * (2.4 KB when set).
 */
export const LITE_LIMIT_BYTES = 3 * 1024;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

const invoked =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (invoked && process.argv.includes('--by-source')) {
  const result = await measureBundle({
    entry: join(root, 'bench/scenario-source.js'),
    root,
    lazyApart: true,
  });
  console.log(
    `initial load (from src/): ${kb(result.initial.gzipped)} gzipped, ${result.initial.minified} bytes minified, ${result.initial.files} file(s)`,
  );
  for (const [input, bytes] of Object.entries(result.byInput).sort((a, b) => b[1] - a[1])) {
    console.log(`${String(bytes).padStart(7)}  ${input}`);
  }
} else if (invoked) {
  const result = await measureBundle({ entry: join(root, 'bench/scenario.js'), root });
  const verdict = result.initial.gzipped <= LIMIT_BYTES ? 'within' : 'OVER';
  console.log(
    `@vitrine/sdk storefront scenario: initial load ${kb(result.initial.gzipped)} gzipped (${result.initial.files} file(s)), ${verdict} the ${kb(LIMIT_BYTES)} budget (issue 13's target: 10 KB)`,
  );
  const lite = await measureBundle({ entry: join(root, 'bench/lite-scenario.js'), root });
  const liteVerdict = lite.initial.gzipped <= LITE_LIMIT_BYTES ? 'within' : 'OVER';
  console.log(
    `@vitrine/sdk/lite islands scenario: initial load ${kb(lite.initial.gzipped)} gzipped (${lite.initial.files} file(s)), ${liteVerdict} the ${kb(LITE_LIMIT_BYTES)} budget`,
  );
  if (verdict === 'OVER' || liteVerdict === 'OVER') {
    console.error('Run `node scripts/check-size.mjs --by-source` to see what it is made of.');
    process.exit(1);
  }
}

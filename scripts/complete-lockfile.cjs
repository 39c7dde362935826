// Keeps package-lock.json acceptable to `npm ci`.
//
// Packages such as rollup, esbuild, turbo and lightningcss list one native binary per platform
// as optional dependencies. The registry this project installs from serves only some of those
// binaries (those of the machine's platform), so `npm install` leaves the others out of the
// lockfile, and `npm ci` then refuses the lockfile ("Missing: @rollup/rollup-darwin-arm64@ from
// lock file"). This adds the missing entries (version and `optional: true`; npm skips an
// optional package it cannot fetch or that does not fit the platform).
//
//   node scripts/complete-lockfile.cjs          add what is missing (after `npm install`)
//   node scripts/complete-lockfile.cjs --check  exit 1 when something is missing (in `npm test`)
const fs = require('node:fs');
const path = require('node:path');

const file = path.join(__dirname, '..', 'package-lock.json');
const check = process.argv.includes('--check');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;

// Where Node would find `name` from the package at `from`: nested folders first, then up.
function resolvedEntry(from, name) {
  let prefix = from === '' ? '' : `${from}/`;
  for (;;) {
    const candidate = `${prefix}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    const index = prefix.lastIndexOf('node_modules/');
    if (index === -1) return undefined;
    prefix = prefix.slice(0, index);
  }
}

const missing = [];
for (const [from, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolvedEntry(from, name) || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)) continue;
    const key = `node_modules/${name}`;
    if (packages[key] || missing.some((m) => m.key === key)) continue;
    missing.push({
      key,
      entry: { version: range, optional: true, ...(entry.dev ? { dev: true } : {}) },
    });
  }
}

if (check) {
  if (missing.length > 0) {
    console.error(
      `package-lock.json lacks ${missing.length} optional platform packages (e.g. ${missing[0].key}); ` +
        'run `node scripts/complete-lockfile.cjs` so that `npm ci` accepts it.',
    );
    process.exit(1);
  }
  process.exit(0);
}

for (const { key, entry } of missing) packages[key] = entry;
const [rootKey, ...rest] = Object.keys(packages);
lock.packages = Object.fromEntries(
  [rootKey, ...rest.sort((a, b) => a.localeCompare(b, 'en'))].map((key) => [key, packages[key]]),
);
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${missing.length} optional platform packages to package-lock.json`);

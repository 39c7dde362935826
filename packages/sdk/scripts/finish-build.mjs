// After tsup. `@vitrine/sdk/server` is built on the public entry: its imports of the root
// (`../index.js` from src/server/, `./index.js` from src/server.ts) are left external by tsup,
// and pointed here at the built root entry of the same format, so an app that loads both
// entries loads one copy of the client, its error classes and its state. The CommonJS files
// must name `./index.cjs`: a `require` of the ES module build fails, and CommonJS types that
// import ES module types fail TypeScript apps compiled as CommonJS (TS1479).
import { copyFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';

// The declarations of the CommonJS entries are the ES module entries' text (tsup writes them once,
// for the ES module builds, as one TypeScript program each costs seconds), under `.d.cts`.
for (const name of ['index', 'server']) {
  copyFileSync(
    new URL(`../dist/${name}.d.ts`, import.meta.url),
    new URL(`../dist/${name}.d.cts`, import.meta.url),
  );
}

// `@vitrine/sdk/lite` is built apart (it must not import the root entry's code), but its names
// are the root entry's: its declarations re-export them, so both entries share one type. The
// names are read from its source's export lists.
const liteSource = readFileSync(new URL('../src/lite.ts', import.meta.url), 'utf8');
const exportsOf = (kind) =>
  [...liteSource.matchAll(new RegExp(`export ${kind}\\{([^}]*)\\}`, 'g'))]
    .flatMap(([, names]) => names.split(','))
    .map((name) => name.trim())
    .filter(Boolean)
    .join(', ');
// The lite build's files import the base errors under a placeholder: point each at
// dist/base-errors.js from where it is.
const liteDir = new URL('../dist/lite/', import.meta.url);
for (const entry of readdirSync(liteDir, { recursive: true })) {
  if (!String(entry).endsWith('.js')) continue;
  const file = new URL(String(entry), liteDir);
  const depth = String(entry).split('/').length;
  const text = readFileSync(file, 'utf8');
  const fixed = text.replaceAll('"@vitrine-base-errors"', `"${'../'.repeat(depth)}base-errors.js"`);
  if (fixed !== text) writeFileSync(file, fixed);
}

for (const [name, root] of [
  ['lite.d.ts', './index.js'],
  ['lite.d.cts', './index.cjs'],
]) {
  writeFileSync(
    new URL(`../dist/${name}`, import.meta.url),
    `export { ${exportsOf('')} } from '${root}';\nexport type { ${exportsOf('type ')} } from '${root}';\n`,
  );
}

const rewrites = {
  'server.js': [['"../index.js"', '"./index.js"']],
  'server.cjs': [
    ['require("../index.js")', 'require("./index.cjs")'],
    ['require("./index.js")', 'require("./index.cjs")'],
  ],
  'server.d.cts': [["from './index.js'", "from './index.cjs'"]],
};

for (const [name, pairs] of Object.entries(rewrites)) {
  const file = new URL(`../dist/${name}`, import.meta.url);
  let text = readFileSync(file, 'utf8');
  for (const [from, to] of pairs) {
    if (!text.includes(from))
      throw new Error(`dist/${name} no longer holds ${from}: check the build`);
    text = text.replaceAll(from, to);
  }
  if (/index\.js/.test(text) && name.includes('cjs')) {
    throw new Error(`dist/${name} still names index.js`);
  }
  writeFileSync(file, text);
}

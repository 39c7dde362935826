// After tsup. The build is one file per source file (unbundled), which esbuild writes with the
// source's import paths: the CommonJS files must `require` the `.cjs` siblings, not the ES
// module `.js` ones.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = new URL('../dist', import.meta.url).pathname;
const relativeJs = /require\("(\.{1,2}\/[^"]+)\.js"\)/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let rewritten = 0;
for (const file of files(dist)) {
  if (!file.endsWith('.cjs')) continue;
  const code = readFileSync(file, 'utf8');
  const fixed = code.replace(relativeJs, (_match, path) => `require("${path}.cjs")`);
  if (fixed !== code) {
    writeFileSync(file, fixed);
    rewritten++;
  }
}
if (rewritten === 0) throw new Error('no CommonJS file required a sibling: check the build');

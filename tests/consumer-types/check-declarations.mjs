// The CommonJS declarations of the published packages (`*.d.cts`) may import only packages a
// CommonJS app can `require`: an import of an ES-module-only package's types (jose, ky) breaks
// TypeScript apps compiled as CommonJS (TS1479 under some compilers and settings), even where
// this repository's own compiler lets it pass. Checked on the built files.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const problems = [];

for (const pkg of ['@vitrine/sdk', '@vitrine/react']) {
  const dist = join(dirname(require.resolve(`${pkg}/package.json`)), 'dist');
  for (const file of readdirSync(dist, { recursive: true })) {
    if (!String(file).endsWith('.d.cts')) continue;
    const text = readFileSync(join(dist, String(file)), 'utf8');
    for (const [, specifier] of text.matchAll(
      /^(?:import|export)\b[^;]*?\bfrom\s+'([^'.][^']*)'/gm,
    )) {
      if (!requirable(specifier))
        problems.push(`${pkg}/dist/${file} imports ES-module-only ${specifier}`);
    }
  }
}

function requirable(specifier) {
  const name = specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : specifier.split('/')[0];
  const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8'));
  const subpath = specifier === name ? '.' : `.${specifier.slice(name.length)}`;
  const entry = manifest.exports?.[subpath] ?? (subpath === '.' ? manifest.exports : undefined);
  if (entry === undefined) return manifest.type !== 'module';
  return JSON.stringify(entry).includes('"require"') || manifest.type !== 'module';
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}

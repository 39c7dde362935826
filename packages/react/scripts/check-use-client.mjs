// The built files keep their sources' directives, one per file (tsup builds each source file on
// its own): a file is 'use client' in dist exactly when its source is, and the server-safe
// modules that React Server Components import (the entry, query options and keys, the
// selection rules they share with useProductChoice, createQueryClient, the error class) are not.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// A directive prologue: CommonJS files open with "use strict" before it.
const directive = /^(["']use strict["'];\s*)?["']use client["'];/;
const serverSafe = [
  'index',
  'models',
  'catalog/query-options',
  'catalog/query-keys',
  'catalog/selection',
  'query-client',
  'errors',
];
const problems = [];

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__tests__') yield* sources(path);
    } else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

for (const source of sources(join(root, 'src'))) {
  const name = relative(join(root, 'src'), source).replace(/\.tsx?$/, '');
  const client = directive.test(readFileSync(source, 'utf8'));
  if (client && serverSafe.includes(name)) problems.push(`src/${name} must stay server-safe`);
  for (const extension of ['.js', '.cjs']) {
    const built = join(root, 'dist', name + extension);
    if (!existsSync(built)) {
      problems.push(`dist/${name}${extension} is missing`);
      continue;
    }
    if (directive.test(readFileSync(built, 'utf8')) !== client) {
      problems.push(`dist/${name}${extension} ${client ? 'lost' : 'gained'} 'use client'`);
    }
  }
}
// A server-safe module that imported a client one would hand server code a client reference
// instead of the function (the entry only re-exports, which is allowed).
function clientImports(name, seen = new Set()) {
  const file = join(root, 'dist', `${name}.js`);
  if (seen.has(file) || !existsSync(file)) return [];
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  const found = directive.test(code) ? [name] : [];
  for (const [, path] of code.matchAll(/from\s+"(\.{1,2}\/[^"]+)\.js"/g)) {
    const next = join(name, '..', path).replace(/^\.\//, '');
    found.push(...clientImports(next, seen));
  }
  return found;
}
for (const name of serverSafe.filter((candidate) => candidate !== 'index')) {
  const client = clientImports(name);
  if (client.length > 0)
    problems.push(`dist/${name}.js reaches client modules: ${client.join(', ')}`);
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}

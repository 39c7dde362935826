#!/usr/bin/env node
// The `vitrine-emulator` command. A published package always has dist/; in the repository, right
// after `npm ci`, it does not yet (npm links this file before anything is built), so the emulator
// is built first, once, with its own build script.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.js');

if (!existsSync(cli)) {
  if (!existsSync(join(root, 'src', 'cli.ts'))) {
    process.stderr.write(
      `vitrine-emulator: ${cli} is missing and there is no source to build it from; reinstall @vitrine/emulator.\n`,
    );
    process.exit(1);
  }
  process.stderr.write('vitrine-emulator: building the emulator first (npm run build)…\n');
  // The build's own output goes to stderr, so stdout stays the emulator's.
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
    shell: process.platform === 'win32',
  });
  if (build.status !== 0 || !existsSync(cli)) {
    process.stderr.write(
      'vitrine-emulator: the build failed (see above). Run `npm run build -w @vitrine/emulator` to retry.\n',
    );
    process.exit(1);
  }
}

await import(pathToFileURL(cli).href);

/**
 * The files the drop-in keeps in its directory for the app's Node processes: the hook that
 * `NODE_OPTIONS=--import=…` loads (copied from this package, so the path stays valid whatever
 * becomes of an `npx` cache) and its configuration, `drop-in.json` (hosts, port, the authority's
 * certificate; nothing secret). And the undo that removes every file the drop-in made.
 */
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AUTHORITY_FILES } from './authority.js';
import { assertOwnDirectory, writeFileAtomically } from './directory.js';

/** The hook's files, as shipped in the package's `drop-in/` folder. */
const HOOK_FILES = ['node-hook.mjs', 'route-platform-hosts.mjs'] as const;
const CONFIG_FILE = 'drop-in.json';

/** Every file the drop-in writes to its directory, and nothing else is ever removed. */
export const DROP_IN_FILES: readonly string[] = [
  ...HOOK_FILES,
  CONFIG_FILE,
  AUTHORITY_FILES.certificate,
  AUTHORITY_FILES.key,
  AUTHORITY_FILES.serverKey,
];

/** The package's `drop-in/` folder, from this module in `src/drop-in/` or bundled in `dist/`. */
function packagedHookFolder(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 3; up += 1) {
    if (existsSync(join(folder, 'drop-in', HOOK_FILES[0]))) return join(folder, 'drop-in');
    folder = dirname(folder);
  }
  throw new Error('The drop-in hook files are missing from @vitrine/emulator; reinstall it');
}

/** What `drop-in.json` holds. */
export interface HookConfig {
  hosts: readonly string[];
  port: number;
  ca: string;
}

/**
 * Writes the hook and its configuration into `dir`; answers the `file:` URL of the hook, which
 * `NODE_OPTIONS="--import=…"` names.
 */
export function writeHookFiles(dir: string, config: HookConfig): string {
  const source = packagedHookFolder();
  for (const file of HOOK_FILES)
    writeFileAtomically(join(dir, file), readFileSync(join(source, file), 'utf8'), 0o644);
  writeFileAtomically(join(dir, CONFIG_FILE), `${JSON.stringify(config, null, 2)}\n`, 0o644);
  return pathToFileURL(join(dir, HOOK_FILES[0])).href;
}

/**
 * Undoes the drop-in: removes the files it made in `dir` (never anything else), then `dir` and
 * its `vitrine-emulator` parent if they are left empty. Answers the files removed.
 * @throws {DropInError} when `dir` is a link, not a directory, or another user's, as starting
 *   refuses it: nothing is removed then (a link would have its target's files deleted).
 */
export function removeDropInFiles(dir: string): string[] {
  try {
    assertOwnDirectory(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // Its own files, and temporary ones a killed write left (`ca-key.pem.1a2b3c4d5e6f.tmp`).
  const own = (name: string) => DROP_IN_FILES.includes(name.replace(/\.[0-9a-f]{12}\.tmp$/, ''));
  const removed: string[] = [];
  for (const name of readdirSync(dir).filter(own)) {
    const path = join(dir, name);
    rmSync(path, { force: true });
    removed.push(path);
  }
  for (const folder of [dir, dirname(dir)]) {
    if (folder === dirname(dir) && basename(folder) !== 'vitrine-emulator') break;
    try {
      rmdirSync(folder); // only when empty
    } catch {
      break;
    }
  }
  return removed;
}

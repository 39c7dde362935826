/**
 * The drop-in's per-user directory: where it lives, and the checks that keep its private key
 * readable by its owner only (directory 0700, key 0600, no symbolic links, owned by the user).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DropInError } from './drop-in-error.js';

/** POSIX permissions apply; on Windows the user's profile directory is already private. */
const POSIX = process.platform !== 'win32';

/**
 * The default directory: `$XDG_CONFIG_HOME/vitrine-emulator/drop-in` (`~/.config/…` when unset),
 * `%LOCALAPPDATA%\vitrine-emulator\drop-in` on Windows.
 */
export function defaultDropInDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const base = POSIX
    ? env.XDG_CONFIG_HOME || join(homedir(), '.config')
    : env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local');
  return join(base, 'vitrine-emulator', 'drop-in');
}

function ownedByUser(uid: number): boolean {
  return !POSIX || process.getuid === undefined || uid === process.getuid();
}

/**
 * Checks that an existing `dir` may be the drop-in's: a real directory (not a link to one) of
 * this user. Answers its mode bits.
 * @throws {DropInError} when it is a symbolic link, not a directory, or another user's.
 */
export function assertOwnDirectory(dir: string): number {
  const stat = lstatSync(dir);
  if (stat.isSymbolicLink() || !stat.isDirectory())
    throw new DropInError(`${dir} must be a directory, not a link or a file`);
  if (!ownedByUser(stat.uid)) throw new DropInError(`${dir} belongs to another user`);
  return stat.mode;
}

/**
 * Creates `dir` (and its missing parents) owner-only, or checks an existing one: a real
 * directory of this user, made owner-only if it was not.
 * @throws {DropInError} when it is a symbolic link, not a directory, or another user's.
 */
export function ensurePrivateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = assertOwnDirectory(dir);
  if (POSIX && (mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/**
 * Checks that a private file may be trusted: a regular file of this user that no one else can
 * read or write. `false` when it does not exist.
 * @throws {DropInError} when it exists but fails a check (nothing is read from it then).
 */
export function privateFileExists(path: string): boolean {
  let stat;
  try {
    stat = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  if (stat.isSymbolicLink() || !stat.isFile())
    throw new DropInError(`${path} must be a regular file, not a link`);
  if (!ownedByUser(stat.uid)) throw new DropInError(`${path} belongs to another user`);
  if (POSIX && (stat.mode & 0o077) !== 0)
    throw new DropInError(
      `${path} is open to other users (mode ${(stat.mode & 0o777).toString(8)}); remove the drop-in (npx @vitrine/emulator --remove-drop-in) and start again`,
    );
  return true;
}

/**
 * Writes a file atomically (a new temporary file, then a rename), created with `mode` from the
 * start so a private key is never readable by others, even for a moment.
 */
export function writeFileAtomically(path: string, data: string, mode: number): void {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, data, { mode, flag: 'wx' });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

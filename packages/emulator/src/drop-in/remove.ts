/** The drop-in's undo, for the CLI's `--remove-drop-in` and for code. */
import { defaultDropInDirectory } from './directory.js';
import { removeDropInFiles } from './hook-files.js';

/**
 * Removes what the drop-in made: its certificate authority (key and certificate), the Node hook
 * and its configuration, then its directory if nothing else is left in it. Nothing outside that
 * directory was ever changed, so nothing else needs undoing; unset the `NODE_OPTIONS` and close
 * the Chromium profile that used it. Stop the emulator first.
 * @example removeDropIn(); // the default directory
 * @returns the paths of the files removed (none when there was no drop-in).
 * @throws {DropInError} when the directory is a symbolic link, not a directory, or another
 *   user's (the same refusal as a start's), removing nothing.
 */
export function removeDropIn(options: { directory?: string } = {}): string[] {
  return removeDropInFiles(options.directory ?? defaultDropInDirectory());
}

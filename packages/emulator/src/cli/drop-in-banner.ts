/** What the CLI prints about a running drop-in: exactly what to set, and how to undo it. */
import type { DropIn } from '../drop-in/start.js';

/** A POSIX shell word: single-quoted unless it is plainly safe. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Lines of the banner about `dropIn`. */
export function dropInBanner(dropIn: DropIn): string[] {
  return [
    `  drop-in:    ${dropIn.hosts.map((h) => `https://${h}`).join(' ')}`,
    `              → ${dropIn.url} (server key ${dropIn.serverKeyCreated ? 'made' : 'kept'}, certificate authority ${dropIn.caCreated ? 'made' : 'kept'} in ${dropIn.directory})`,
    "Run the app's Node processes (Next.js server, proxy and middleware included) with:",
    `  NODE_OPTIONS=${shellWord(dropIn.nodeOptions)}`,
    `Open its pages in Chromium, in a profile for this app alone (it trusts any site whose chain carries the drop-in's server key${dropIn.serverKeyCreated ? '; a new key: flags printed before no longer match' : ''}), with:`,
    `  chromium --user-data-dir="$(mktemp -d)" ${dropIn.chromiumArgs.map(shellWord).join(' ')}`,
    'Undo: stop the emulator, then run npx @vitrine/emulator --remove-drop-in (see the README).',
  ];
}

// @ts-check
/**
 * Loaded into an app's Node processes with
 * `NODE_OPTIONS="--import=file:///…/vitrine-emulator/drop-in/node-hook.mjs"`: reads the drop-in's
 * configuration beside this file (written by the emulator when it starts with `--drop-in`) and
 * routes the platform's host names to it (route-platform-hosts.mjs).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseRoute, routePlatformHosts } from './route-platform-hosts.mjs';

const file = fileURLToPath(new URL('./drop-in.json', import.meta.url));
let text;
try {
  text = readFileSync(file, 'utf8');
} catch (error) {
  const code = /** @type {{ code?: string }} */ (error).code ?? 'unreadable';
  throw new Error(
    `Vitrine emulator drop-in: ${file} is missing (${code}). Start the emulator with --drop-in, or take --import=…node-hook.mjs out of NODE_OPTIONS.`,
  );
}
try {
  routePlatformHosts(parseRoute(JSON.parse(text)));
} catch (error) {
  throw new Error(
    `Vitrine emulator drop-in: ${file} is not a valid configuration (${error instanceof Error ? error.message : 'unreadable'}). Start the emulator with --drop-in again.`,
  );
}

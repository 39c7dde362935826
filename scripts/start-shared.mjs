// What `npm start` (start.mjs) and `npm run start:next` (start-next.mjs) share: building a shop
// and the packages it needs, starting the emulator, the banner with the addresses to open, and
// stopping everything on Ctrl-C.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const EMULATOR_PORT = Number(process.env.VITRINE_EMULATOR_PORT ?? 4010);

/**
 * The options of a start script (`npm start -- --catalog v3`): `catalog`, the catalog the
 * emulator's store runs, `'v1'` (the emulator's default) or `'v3'`. Prints the usage and exits on
 * anything else (and on `--help`).
 * @param {string} script how the script is run, for the usage line (`npm start`)
 * @param {readonly string[]} argv the arguments after the script's name
 * @returns {{ catalog: 'v1' | 'v3' }}
 */
export function startOptionsOrExit(script, argv = process.argv.slice(2)) {
  const usage = `Usage: ${script} [-- --catalog v1|v3]\n  --catalog  the catalog the emulator's store runs: v1 (the default) or v3`;
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { catalog: { type: 'string', default: 'v1' }, help: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    process.exit(1);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (values.catalog !== 'v1' && values.catalog !== 'v3') {
    console.error(`--catalog must be v1 or v3, not "${values.catalog}".\n${usage}`);
    process.exit(1);
  }
  return { catalog: values.catalog };
}

/** Builds `workspace` and what it depends on (turbo, cached); exits when the build fails. */
export function buildOrExit(workspace, what) {
  console.log(`Building the packages and ${what}…`);
  const build = spawnSync(
    'npx',
    ['turbo', 'run', 'build', `--filter=${workspace}...`, '--output-logs=errors-only'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } },
  );
  if (build.status !== 0) {
    console.error('The build failed; see the errors above.');
    process.exit(build.status ?? 1);
  }
}

/** Starts the emulator on EMULATOR_PORT with `options`; exits with a hint when it cannot. */
export async function startEmulatorOrExit(startEmulator, options = {}) {
  try {
    return await startEmulator({ port: EMULATOR_PORT, ...options });
  } catch (error) {
    console.error(`Could not start the emulator on port ${EMULATOR_PORT}: ${error.message}`);
    console.error('Set VITRINE_EMULATOR_PORT to use another port.');
    process.exit(1);
  }
}

/**
 * Prints where to go (and `extra` lines, `[label, value]`), then stops what `stop` closes on
 * Ctrl-C (or SIGTERM) and exits.
 */
export function announceAndStopOnSignal({ title, open, emulator, extra = [], stop }) {
  const more = extra.map(([label, value]) => `\n  ${label.padEnd(22)} ${value}`).join('');
  console.log(`
  ${title} is running.

  ${open.label.padEnd(22)} ${open.url}
  Emulator (API):        ${emulator.url}   client id ${emulator.clientId}
  Outgoing mail:         ${emulator.url}/_emulator/outbox${more}

  Press Ctrl-C to stop.
`);
  let stopping = false;
  async function onSignal() {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stop();
    process.exit(0);
  }
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

// `npm start`: builds what the storefront needs, starts the emulator and the storefront together,
// and prints the address to open. Ctrl-C stops both.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const storefrontDir = join(root, 'examples', 'storefront');
const EMULATOR_PORT = Number(process.env.VITRINE_EMULATOR_PORT ?? 4010);
const STOREFRONT_PORT = Number(process.env.VITRINE_STOREFRONT_PORT ?? 4173);

console.log('Building the packages and the storefront…');
const build = spawnSync(
  'npx',
  ['turbo', 'run', 'build', '--filter=@vitrine/storefront...', '--output-logs=errors-only'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  },
);
if (build.status !== 0) {
  console.error('The build failed; see the errors above.');
  process.exit(build.status ?? 1);
}

const { startEmulator } = await import('@vitrine/emulator');
// Vite is the storefront's own dependency: resolve it from there.
const requireFromStorefront = createRequire(join(storefrontDir, 'package.json'));
const { preview } = await import(pathToFileURL(requireFromStorefront.resolve('vite')).href);

let emulator;
try {
  emulator = await startEmulator({ port: EMULATOR_PORT });
} catch (error) {
  console.error(`Could not start the emulator on port ${EMULATOR_PORT}: ${error.message}`);
  console.error('Set VITRINE_EMULATOR_PORT to use another port.');
  process.exit(1);
}

let storefront;
try {
  storefront = await preview({
    root: storefrontDir,
    logLevel: 'warn',
    preview: { port: STOREFRONT_PORT, strictPort: true, host: '127.0.0.1', open: false },
  });
} catch (error) {
  console.error(`Could not start the storefront on port ${STOREFRONT_PORT}: ${error.message}`);
  await emulator.close();
  process.exit(1);
}

console.log(`
  Vitrine is running.

  Open the storefront:   http://127.0.0.1:${STOREFRONT_PORT}/
  Emulator (API):        ${emulator.url}   client id ${emulator.clientId}
  Outgoing mail:         ${emulator.url}/_emulator/outbox

  Press Ctrl-C to stop.
`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await Promise.allSettled([emulator.close(), storefront.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

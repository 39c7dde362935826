// `npm run start:next`: builds what the Next.js shop needs, starts the emulator (registering the
// shop's return addresses) and the shop's production server together, and prints the address to
// open. Ctrl-C stops both.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shopDir = join(root, 'examples', 'next-storefront');
const EMULATOR_PORT = Number(process.env.VITRINE_EMULATOR_PORT ?? 4010);
const SHOP_PORT = Number(process.env.VITRINE_NEXT_PORT ?? 3000);
process.env.NEXT_TELEMETRY_DISABLED = '1';

console.log('Building the packages and the Next.js shop…');
const build = spawnSync(
  'npx',
  ['turbo', 'run', 'build', '--filter=@vitrine/next-storefront...', '--output-logs=errors-only'],
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

const { startEmulator, DEFAULT_CLIENT_ID, DEFAULT_REDIRECT_URIS } =
  await import('@vitrine/emulator');

let emulator;
try {
  // The hosted pages return to the shop's /callback and / : register them, with the defaults
  // (`clients` replaces the default client).
  const shopOrigins = [`http://127.0.0.1:${SHOP_PORT}`, `http://localhost:${SHOP_PORT}`];
  emulator = await startEmulator({
    port: EMULATOR_PORT,
    clients: [
      {
        clientId: DEFAULT_CLIENT_ID,
        redirectUris: [
          ...DEFAULT_REDIRECT_URIS,
          ...shopOrigins.flatMap((origin) => [`${origin}/callback`, `${origin}/`]),
        ],
      },
    ],
  });
} catch (error) {
  console.error(`Could not start the emulator on port ${EMULATOR_PORT}: ${error.message}`);
  console.error('Set VITRINE_EMULATOR_PORT to use another port.');
  process.exit(1);
}

// The shop reads the store's address from its environment on every request.
process.env.VITRINE_API_URL = emulator.url;
process.env.VITRINE_CLIENT_ID = emulator.clientId;
process.env.NODE_ENV = 'production';

// Next.js is the shop's own dependency: resolve it from there.
const requireFromShop = createRequire(join(shopDir, 'package.json'));
const { default: next } = await import(pathToFileURL(requireFromShop.resolve('next')).href);

let server;
try {
  const app = next({ dev: false, dir: shopDir, hostname: '127.0.0.1', port: SHOP_PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  server = createServer((request, response) => void handle(request, response));
  await new Promise((listening, fail) => {
    server.once('error', fail);
    server.listen(SHOP_PORT, '127.0.0.1', listening);
  });
} catch (error) {
  console.error(`Could not start the shop on port ${SHOP_PORT}: ${error.message}`);
  console.error('Set VITRINE_NEXT_PORT to use another port.');
  await emulator.close();
  process.exit(1);
}

console.log(`
  Vitrine (Next.js) is running.

  Open the shop:         http://127.0.0.1:${SHOP_PORT}/
  Emulator (API):        ${emulator.url}   client id ${emulator.clientId}
  Outgoing mail:         ${emulator.url}/_emulator/outbox

  Press Ctrl-C to stop.
`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  server.closeAllConnections();
  await Promise.allSettled([emulator.close(), new Promise((done) => server.close(done))]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

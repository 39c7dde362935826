// `npm run start:next`: builds what the Next.js shop needs, starts the emulator (registering the
// shop's return addresses, and posting its webhooks to the shop's /api/webhooks, which expires
// what changed in the shop's cached catalog) and the shop's production server together, and
// prints the address to open. Ctrl-C stops both.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  announceAndStopOnSignal,
  buildOrExit,
  root,
  startEmulatorOrExit,
} from './start-shared.mjs';

const shopDir = join(root, 'examples', 'next-storefront');
const SHOP_PORT = Number(process.env.VITRINE_NEXT_PORT ?? 3000);
process.env.NEXT_TELEMETRY_DISABLED = '1';

buildOrExit('@vitrine/next-storefront', 'the Next.js shop');

const { startEmulator, DEFAULT_CLIENT_ID, DEFAULT_REDIRECT_URIS } =
  await import('@vitrine/emulator');

// The hosted pages return to the shop's /callback and / : the defaults hold them for port 3000;
// another VITRINE_NEXT_PORT is registered beside them (`clients` replaces the default client).
const shopOrigins = [`http://127.0.0.1:${SHOP_PORT}`, `http://localhost:${SHOP_PORT}`];
const shopReturns = shopOrigins.flatMap((origin) => [`${origin}/callback`, `${origin}/`]);
const emulator = await startEmulatorOrExit(startEmulator, {
  // A catalog change (a merchant's write with the API key) reaches the shop's pages at once.
  webhookUrl: `http://127.0.0.1:${SHOP_PORT}/api/webhooks`,
  clients: [
    {
      clientId: DEFAULT_CLIENT_ID,
      redirectUris: [...new Set([...DEFAULT_REDIRECT_URIS, ...shopReturns])],
    },
  ],
});

// The shop reads the store's address from its environment on every request.
process.env.VITRINE_API_URL = emulator.url;
process.env.VITRINE_CLIENT_ID = emulator.clientId;
// The key that verifies the emulator's webhooks (the platform's dashboard shows a store's).
process.env.VITRINE_WEBHOOK_PUBLIC_KEY = await emulator.webhookPublicKey();
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

announceAndStopOnSignal({
  title: 'Vitrine (Next.js)',
  open: { label: 'Open the shop:', url: `http://127.0.0.1:${SHOP_PORT}/` },
  emulator,
  stop() {
    server.closeAllConnections();
    return Promise.allSettled([emulator.close(), new Promise((done) => server.close(done))]);
  },
});

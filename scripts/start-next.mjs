// `npm run start:next`: builds what the Next.js shop needs, starts the emulator (registering the
// shop's return addresses, and posting its webhooks to the shop's /api/webhooks, which expires
// what changed in the shop's cached catalog) and the shop's production server together, and
// prints the address to open. Ctrl-C stops everything.
//
// `VITRINE_NEXT_SERVERS=2` starts two servers of the one build (ports VITRINE_NEXT_PORT and the
// next one), each its own process as behind a load balancer, sharing one cache in Redis: a local
// redis-server on a free port (scripts/redis-server.mjs, nothing kept on disk, stopped with the
// script), or the one `REDIS_URL` names. The emulator posts its webhooks to the first server
// only, as the platform posts each event once; the second shows the change all the same.
//
// `npm run start:next -- --catalog v3` starts a Catalog V3 store (the emulator's default is
// Catalog V1); the shop is the same build on either, and asks the store which catalog it runs
// (once per server process).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  announceAndStopOnSignal,
  buildOrExit,
  root,
  startEmulatorOrExit,
  startOptionsOrExit,
} from './start-shared.mjs';

const { catalog } = startOptionsOrExit('npm run start:next');

const shopDir = join(root, 'examples', 'next-storefront');
const SHOP_PORT = Number(process.env.VITRINE_NEXT_PORT ?? 3000);
const SERVERS = Number(process.env.VITRINE_NEXT_SERVERS ?? 1);
process.env.NEXT_TELEMETRY_DISABLED = '1';

if (!Number.isInteger(SERVERS) || SERVERS < 1 || SERVERS > 8) {
  console.error('VITRINE_NEXT_SERVERS must be a whole number from 1 to 8.');
  process.exit(1);
}

buildOrExit('@vitrine/next-storefront', 'the Next.js shop');

const { startEmulator, DEFAULT_CLIENT_ID, DEFAULT_REDIRECT_URIS } =
  await import('@vitrine/emulator');

const ports = Array.from({ length: SERVERS }, (_, i) => SHOP_PORT + i);
// The hosted pages return to the shop's /callback and / : the defaults hold them for port 3000;
// other ports are registered beside them (`clients` replaces the default client).
const shopOrigins = ports.flatMap((port) => [
  `http://127.0.0.1:${port}`,
  `http://localhost:${port}`,
]);
const shopReturns = shopOrigins.flatMap((origin) => [`${origin}/callback`, `${origin}/`]);
const emulator = await startEmulatorOrExit(startEmulator, {
  catalog,
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
// The hosts the shop answers on: a redirect's address is never one a request's header names.
process.env.VITRINE_ALLOWED_HOSTS ??= shopOrigins.map((origin) => new URL(origin).host).join(',');

const shop = SERVERS === 1 ? await startInProcess() : await startServers();

const lines = ports.map((port) => `http://127.0.0.1:${port}/`);
announceAndStopOnSignal({
  title: SERVERS === 1 ? 'Vitrine (Next.js)' : `Vitrine (Next.js, ${SERVERS} servers)`,
  open: {
    label: SERVERS === 1 ? 'Open the shop:' : 'Open the shop on:',
    url: lines.join('  '),
  },
  emulator,
  extra: [
    [
      'Catalog:',
      catalog === 'v3'
        ? 'Catalog V3 (--catalog v3)'
        : 'Catalog V1 (npm run start:next -- --catalog v3 for V3)',
    ],
    ...(shop.redisUrl ? [['Shared cache (Redis):', shop.redisUrl]] : []),
  ],
  stop: () => Promise.allSettled([emulator.close(), shop.stop()]),
});

/** One server in this process (Next's production server, as `next start`). */
async function startInProcess() {
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
    await failToStart(error, () => emulator.close());
  }
  return {
    redisUrl: process.env.REDIS_URL,
    stop() {
      server.closeAllConnections();
      return new Promise((done) => server.close(done));
    },
  };
}

/** `SERVERS` processes of the one build, sharing a cache in Redis. */
async function startServers() {
  const { startRedisServer } = await import('./redis-server.mjs');
  const { startNextServer } = await import('../examples/shop-ui/e2e/next-server.mjs');
  let redis;
  if (!process.env.REDIS_URL) {
    try {
      redis = await startRedisServer();
    } catch (error) {
      console.error(`Could not start redis-server: ${error.message}`);
      console.error('Install it (`sudo apt-get install -y redis-server`) or set REDIS_URL.');
      await emulator.close();
      process.exit(1);
    }
    process.env.REDIS_URL = redis.url;
  }
  const children = [];
  try {
    for (const port of ports) {
      const child = await startNextServer({
        dir: shopDir,
        port,
        // Next's log lines and the shared cache's (an outage, its end) go to this terminal.
        onError: (line) => console.error(`[shop :${port}] ${line}`),
      });
      children.push(child);
    }
  } catch (error) {
    for (const child of children) child.kill();
    await failToStart(error, () => Promise.allSettled([emulator.close(), redis?.stop()]));
  }
  return {
    redisUrl: redis ? `${redis.url} (started here, stopped with this script)` : 'from REDIS_URL',
    async stop() {
      const exits = children.map((child) => new Promise((done) => child.once('exit', done)));
      for (const child of children) child.kill();
      await Promise.all(exits);
      await redis?.stop();
    },
  };
}

async function failToStart(error, cleanUp) {
  console.error(`Could not start the shop on port ${SHOP_PORT}: ${error.message}`);
  console.error('Set VITRINE_NEXT_PORT to use another port.');
  await cleanUp();
  process.exit(1);
}

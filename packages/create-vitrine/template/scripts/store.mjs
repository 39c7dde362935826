// @ts-check
/**
 * The local store and the shop's server, for `npm run dev`, `npm start` and `npm test`: the
 * Vitrine emulator (`@vitrine/emulator`, a local copy of the store platform's API with a seeded
 * catalog, members, hosted sign-in and checkout pages) and Next.js, started with each other's
 * addresses.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';

const require = createRequire(import.meta.url);

/** A port of 127.0.0.1 nobody listens on right now. */
export async function freePort() {
  const server = createServer();
  await new Promise((listening) => server.listen(0, '127.0.0.1', () => listening(undefined)));
  const address = server.address();
  await new Promise((closed) => server.close(() => closed(undefined)));
  if (address === null || typeof address === 'string') throw new Error('No free port');
  return address.port;
}

/** Whether `port` is free on every interface (where `next dev` and `next start` listen). */
export async function portIsFree(port) {
  const server = createServer();
  return new Promise((answer) => {
    server.once('error', () => answer(false));
    server.listen(port, () => server.close(() => answer(true)));
  });
}

/** The catalogs a store runs: Catalog V1, or Catalog V3 (what a new store on the platform runs). */
export const CATALOGS = /** @type {const} */ (['v1', 'v3']);

/**
 * Starts the emulator for a shop served on `origins` (`http://localhost:3000`…): the store's
 * hosted pages may come back to each origin's `/callback` and `/`, and the store's webhooks go
 * to `webhookUrl`. `catalog`: the catalog the store runs (the same seed on either; the shop
 * works unchanged on both). Resolves with the emulator and the environment the shop reads the
 * store from.
 *
 * @param {{ origins: string[], webhookUrl: string, port?: number, data?: string,
 *   catalog?: 'v1' | 'v3' }} options
 */
export async function startLocalStore({ origins, webhookUrl, port = 0, data, catalog = 'v1' }) {
  // Loaded here: a server installed without devDependencies, on a store of its own, never needs it.
  const { DEFAULT_CLIENT_ID, startEmulator } = await import('@vitrine/emulator');
  const emulator = await startEmulator({
    port,
    catalog,
    webhookUrl,
    clients: [
      {
        clientId: DEFAULT_CLIENT_ID,
        redirectUris: origins.flatMap((origin) => [`${origin}/callback`, `${origin}/`]),
      },
    ],
    ...(data === undefined ? {} : { data }),
  });
  return {
    emulator,
    env: {
      VITRINE_API_URL: emulator.url,
      VITRINE_CLIENT_ID: emulator.clientId,
      VITRINE_WEBHOOK_PUBLIC_KEY: await emulator.webhookPublicKey(),
      // The hosts the shop answers on: where its redirects may go (never a host a request's
      // header names).
      VITRINE_ALLOWED_HOSTS: origins.map((origin) => new URL(origin).host).join(','),
    },
  };
}

/**
 * Runs `next <command>` (`dev` or `start`) on `port` (and `host`, when given) with `env` added
 * to this process's; resolves once it accepts connections.
 *
 * @param {'dev' | 'start'} command
 * @param {{ port: number, host?: string | undefined, env?: Record<string, string>,
 *   stdio?: 'inherit' | 'ignore' }} options
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
export async function startNext(command, { port, host, env = {}, stdio = 'inherit' }) {
  const next = require.resolve('next/dist/bin/next');
  const args = [next, command, '--port', String(port), ...(host ? ['--hostname', host] : [])];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', stdio, 'inherit'],
  });
  await waitForPort(port, host ?? '127.0.0.1', child);
  return child;
}

/** Resolves once `port` accepts a connection; rejects if `child` exits first or after 2 minutes. */
async function waitForPort(port, host, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Next.js exited (${child.exitCode ?? child.signalCode}) before it listened`);
    }
    const open = await new Promise((answer) => {
      const socket = connect(port, host);
      socket.once('connect', () => (socket.destroy(), answer(true)));
      socket.once('error', () => answer(false));
    });
    if (open) return;
    await new Promise((later) => setTimeout(later, 100));
  }
  throw new Error(`Next.js did not listen on ${host}:${port} within 2 minutes`);
}

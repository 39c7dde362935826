/**
 * The shop on several servers, without a browser: one redis-server (Debian's, on a free port of
 * 127.0.0.1, nothing kept on disk), one emulator that posts its webhooks to the first server only
 * (the platform posts each event once, to one address) and logs the requests it answers, and
 * `count` production servers of the ONE built shop (`next start`'s server, the shop kit's
 * e2e/next-server.mjs) with `REDIS_URL` set. All stop in `afterAll`; each server also stops by
 * itself if the test process dies, and so does the redis-server.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, type CatalogVersion, type Emulator } from '@vitrine/emulator';
import { freePort, startNextServer } from '@vitrine/shop-ui/e2e/next-server.mjs';
import { afterAll, beforeAll } from 'vitest';
import { startRedisServer, type RedisServer } from '../../../scripts/redis-server.mjs';
import { CLIENT_ID } from '@vitrine/shop-ui/e2e/shop-under-test';
import { SUITE_CATALOG, isCatalogCall } from './harness';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** One server of the shop. */
export interface ShopServer {
  origin: string;
  /** What it wrote to stderr (Next.js's render errors, the cache's outage lines). */
  stderr: string[];
}

/** What a test file gets (read inside its tests, once `beforeAll` has run). */
export interface ShopServers {
  servers: ShopServer[];
  emulator: Emulator;
  redis: RedisServer;
  /** The emulator's log so far, one line per request (method, path, status, time). */
  requests(): readonly string[];
  /** The catalog the emulator's store runs ({@link SUITE_CATALOG}). */
  catalog: CatalogVersion;
  /** The platform's catalog reads (either catalog's, the version read left out) since `mark`. */
  catalogCallsSince(mark: number): string[];
  /** Stops every server and starts it again (same port, same build, same Redis). */
  restart(): Promise<void>;
}

/** Starts Redis, the emulator and `count` servers for this test file; stops them after it. */
export function useShopServers(count: number): ShopServers {
  const shop = { servers: [] as ShopServer[] } as ShopServers;
  const served: string[] = [];
  const running: ChildProcess[] = [];
  let ports: number[] = [];
  let env: Record<string, string> = {};

  async function startAll(): Promise<void> {
    shop.servers = [];
    for (const port of ports) {
      const server: ShopServer = { origin: `http://127.0.0.1:${port}`, stderr: [] };
      const child = await startNextServer({
        dir: ROOT,
        port,
        env,
        onError: (line) => server.stderr.push(line),
      });
      running.push(child);
      shop.servers.push(server);
    }
  }

  async function stopAll(): Promise<void> {
    const stopping = running.splice(0).map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill();
        }),
    );
    await Promise.all(stopping);
  }

  beforeAll(async () => {
    if (!existsSync(join(ROOT, '.next', 'BUILD_ID'))) {
      throw new Error(
        'These tests serve the built shop: run `npm run build` in examples/next-storefront.',
      );
    }
    shop.redis = await startRedisServer();
    ports = [];
    for (let i = 0; i < count; i += 1) ports.push(await freePort());
    const first = `http://127.0.0.1:${ports[0]}`;
    shop.catalog = SUITE_CATALOG;
    shop.emulator = await startEmulator({
      port: 0,
      catalog: shop.catalog,
      logger: (line) => served.push(line),
      webhookUrl: `${first}/api/webhooks`,
      clients: [{ clientId: CLIENT_ID, redirectUris: [`${first}/callback`, `${first}/`] }],
    });
    env = {
      VITRINE_API_URL: shop.emulator.url,
      VITRINE_CLIENT_ID: CLIENT_ID,
      VITRINE_WEBHOOK_PUBLIC_KEY: await shop.emulator.webhookPublicKey(),
      REDIS_URL: shop.redis.url,
      // A browser test runs beside this file on two cores: a wider bound than the default 50 ms,
      // so that a moment when the machine starves Redis is not taken for an outage (the bound
      // itself is the unit tests' business).
      VITRINE_CACHE_TIMEOUT_MS: '250',
    };
    await startAll();
  }, 60_000);

  afterAll(async () => {
    await stopAll();
    await Promise.allSettled([shop.emulator?.close(), shop.redis?.stop()]);
  }, 30_000);

  shop.requests = () => [...served];
  shop.catalogCallsSince = (mark) => served.slice(mark).filter(isCatalogCall);
  shop.restart = async () => {
    await stopAll();
    await startAll();
  };
  return shop;
}

// @ts-check
/**
 * `npm run dev` (`node scripts/shop.mjs dev`) and `npm start` (`node scripts/shop.mjs start`):
 * the shop on the local store emulator, or on your store when `VITRINE_CLIENT_ID` is set (in the
 * environment, `.env.local` or `.env`). Ctrl-C stops both.
 *
 * - `--catalog v3` (`npm run dev -- --catalog v3`), or `VITRINE_EMULATOR_CATALOG=v3`: the
 *   emulator runs a Catalog V3 store, as every new store on the platform does (default `v1`,
 *   the emulator's own default). The same seed, the same pages.
 * - `PORT`: the shop's port (default 3000; when it is taken and PORT is not set, a free one).
 * - `HOST`: the address Next.js listens on (default: every interface, as `next dev`).
 * - `VITRINE_EMULATOR_PORT`: the emulator's port (default: a free one). Its state (members,
 *   orders, carts) is kept in `.vitrine/emulator.json` (`.vitrine/emulator-v3.json` for a
 *   Catalog V3 store): delete the folder to start afresh.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { CATALOGS, freePort, portIsFree, startLocalStore, startNext } from './store.mjs';

const command = process.argv[2];
if (command !== 'dev' && command !== 'start') {
  console.error('Usage: node scripts/shop.mjs dev|start [--catalog v1|v3]');
  process.exit(1);
}
const catalog = catalogOf(process.argv.slice(3));
if (command === 'start' && !existsSync('.next/BUILD_ID')) {
  console.error('There is no production build yet: run `npm run build` first.');
  process.exit(1);
}

const port = await shopPort();
const host = process.env.HOST || undefined;
// The address to open: localhost, unless Next.js listens on one address only.
const shown =
  host === undefined || host === '0.0.0.0' || host === '::'
    ? `http://localhost:${port}`
    : `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

if (storeFromEnvironment()) {
  const shop = await startNext(command, { port, host });
  console.log(`\n  Shop:  ${shown}  (your store: VITRINE_CLIENT_ID is set)\n`);
  stopWith(shop, async () => {});
} else {
  mkdirSync('.vitrine', { recursive: true });
  const { emulator, env } = await startLocalStore({
    origins: [...new Set([shown, `http://localhost:${port}`, `http://127.0.0.1:${port}`])],
    webhookUrl: `${shown.replace('//localhost:', '//127.0.0.1:')}/api/webhooks`,
    port: Number(process.env.VITRINE_EMULATOR_PORT ?? 0),
    // A data file remembers its catalog: one file for each.
    data: catalog === 'v1' ? '.vitrine/emulator.json' : `.vitrine/emulator-${catalog}.json`,
    catalog,
  });
  let shop;
  try {
    shop = await startNext(command, { port, host, env });
  } catch (error) {
    await emulator.close();
    throw error;
  }
  console.log(
    `\n  Shop:   ${shown}\n` +
      `  Store:  the Vitrine emulator at ${emulator.url}, Catalog ${catalog.toUpperCase()} ` +
      `(dev tools: ${emulator.url}/_emulator)\n` +
      '          coupon WELCOME10; sign up on its sign-in page; Ctrl-C stops both\n',
  );
  stopWith(shop, () => emulator.close());
}

/**
 * The emulator's catalog: `--catalog <v1|v3>` (or `--catalog=v3`), else
 * `VITRINE_EMULATOR_CATALOG`, else `v1`.
 * @param {string[]} args
 * @returns {'v1' | 'v3'}
 */
function catalogOf(args) {
  const at = args.findIndex((arg) => arg === '--catalog' || arg.startsWith('--catalog='));
  const value =
    at === -1
      ? process.env.VITRINE_EMULATOR_CATALOG || 'v1'
      : args[at]?.includes('=')
        ? args[at].slice('--catalog='.length)
        : args[at + 1];
  const found = CATALOGS.find((name) => name === value?.toLowerCase());
  if (found === undefined) {
    console.error(`--catalog takes v1 or v3, not ${value ?? 'nothing'}.`);
    process.exit(1);
  }
  return found;
}

/** The shop's port: PORT, else 3000, else (3000 taken) a free one. */
async function shopPort() {
  if (process.env.PORT) {
    const fixed = Number(process.env.PORT);
    if (!Number.isInteger(fixed) || fixed < 1 || fixed > 65_535) {
      console.error(`PORT must be a port number, not ${process.env.PORT}.`);
      process.exit(1);
    }
    return fixed;
  }
  if (await portIsFree(3000)) return 3000;
  const port = await freePort();
  console.log(`Port 3000 is taken: the shop uses ${port}.`);
  return port;
}

/** Whether the environment names a store of its own (Next.js reads the same files). */
function storeFromEnvironment() {
  if (process.env.VITRINE_CLIENT_ID) return true;
  return ['.env.local', '.env'].some(
    (file) => existsSync(file) && Boolean(parseEnv(readFileSync(file, 'utf8')).VITRINE_CLIENT_ID),
  );
}

/**
 * Stops the emulator when Next.js exits (with its exit code), and both on Ctrl-C.
 * @param {import('node:child_process').ChildProcess} shop
 * @param {() => Promise<unknown>} closeStore
 */
function stopWith(shop, closeStore) {
  shop.once('exit', async (code) => {
    await closeStore();
    process.exit(code ?? 0);
  });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => shop.kill(signal));
  }
}

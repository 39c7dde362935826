// The BUILT shop for the benchmarks: Next's production server (what `next start` runs) in a child
// process on a free port of 127.0.0.1, pointed at an emulator.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from '@vitrine/shop-ui/e2e/next-server.mjs';
import { ROOT, assertBuilt } from './lib.mjs';

// The shop kit's server script (what its `startNextServer` forks), forked here with Node flags of
// our own (`--cpu-prof` is not allowed in NODE_OPTIONS).
const SERVE = join(
  dirname(createRequire(import.meta.url).resolve('@vitrine/shop-ui/e2e/next-server.mjs')),
  'serve-next.mjs',
);

/**
 * Starts the built app in `dir` (the shop by default) against `emulator`; `env` is added to the
 * server's environment, `execArgv` are its Node flags. Returns its `origin`, `pid`, `stop()` (SIGTERM) and `exit()` (asks it to
 * exit on its own: a `--cpu-prof` profile is written then).
 */
export async function startShop({
  emulator,
  dir = ROOT,
  env = {},
  execArgv = [],
  onError = () => {},
}) {
  if (dir === ROOT) assertBuilt();
  const port = await freePort();
  const child = fork(SERVE, [], {
    cwd: dir,
    execArgv,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      SHOP_DIR: dir,
      PORT: String(port),
      ...(emulator ? { VITRINE_API_URL: emulator.url, VITRINE_CLIENT_ID: emulator.clientId } : {}),
      // The hosts it answers on (production requires them, or VITRINE_SITE_URL).
      VITRINE_ALLOWED_HOSTS: `127.0.0.1:${port},localhost:${port}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    for (const line of chunk.split('\n').filter(Boolean)) onError(line);
  });
  await new Promise((ready, fail) => {
    child.once('message', () => ready());
    child.once('exit', (code) => fail(new Error(`The shop's server exited (${String(code)})`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => child.kill(),
    exit: () =>
      new Promise((done) => {
        child.once('exit', () => done());
        child.disconnect();
      }),
  };
}

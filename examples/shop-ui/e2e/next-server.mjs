// Starting a BUILT Next shop (serve-next.mjs, Next's production server) in a child process on a
// free port of 127.0.0.1: for both Next shops' browser tests and the Next shop's benchmark. Plain
// JavaScript, so the benchmark runs it with Node as it is.
import { fork } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVE = join(dirname(fileURLToPath(import.meta.url)), 'serve-next.mjs');

/** A port nobody listens on right now (the emulator must know the shop's origin first). */
export async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Serves the shop built in `dir` on `port`, with `env` added to this process's environment;
 * resolves once it listens. Each line it writes to stderr goes to `onError`. It exits with its
 * parent. The hosts it answers on (`VITRINE_ALLOWED_HOSTS`, which production requires unless
 * `env` sets it or `VITRINE_SITE_URL`) are its port's on 127.0.0.1 and localhost.
 */
export async function startNextServer({ dir, port, env = {}, onError }) {
  const hosts =
    env.VITRINE_SITE_URL || env.VITRINE_ALLOWED_HOSTS
      ? {}
      : { VITRINE_ALLOWED_HOSTS: `127.0.0.1:${port},localhost:${port}` };
  const child = fork(SERVE, [], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      SHOP_DIR: dir,
      PORT: String(port),
      ...hosts,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk) => {
    for (const line of chunk.split('\n').filter(Boolean)) onError(line);
  });
  await new Promise((ready, fail) => {
    child.once('message', () => ready());
    child.once('exit', (code) => fail(new Error(`The shop's server exited (${String(code)})`)));
  });
  return child;
}

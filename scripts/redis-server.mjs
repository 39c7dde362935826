// A throwaway redis-server for tests, benchmarks and `npm run start:next`: Debian's binary
// (scripts/ensure-redis.mjs installs it; `REDIS_SERVER_PATH` names another), on a free port of
// 127.0.0.1, keeping nothing (no RDB snapshot, no append-only file) in a temporary folder that is
// removed when it stops. Never a system service. It dies with the process that started it: on
// that process's exit, and, should that process be killed outright, by a watchdog that ends it
// within a second.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BINARY = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
const READY_WITHIN_MS = 10_000;

/** A port nobody listens on right now. */
async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Resolves once something accepts a connection on `port` and answers PING; fails after `ms`. */
async function answersPing(port, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.setTimeout(500, () => socket.destroy());
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('close', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

/**
 * Starts a redis-server on a free port of 127.0.0.1 (or `port`). Resolves once it answers.
 * `kill()` ends it as a crash would (SIGKILL); `start()` brings it back on the same port, empty;
 * `pause()`/`resume()` freeze and thaw it (SIGSTOP/SIGCONT: a server that holds its connections
 * and answers nothing); `stop()` ends it for good and removes its folder.
 */
export async function startRedisServer({ port } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-redis-'));
  const chosenPort = port ?? (await freePort());
  let child;
  let watchdog;
  let stopped = false;

  const onExit = () => {
    child?.kill('SIGKILL');
    watchdog?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  async function start() {
    if (stopped) throw new Error('this redis-server was stopped');
    // prettier-ignore
    const args = [
      '--port', String(chosenPort), '--bind', '127.0.0.1', '--dir', dir,
      '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'warning',
    ];
    child = spawn(BINARY, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const exited = new Promise((_, fail) =>
      child.once('exit', (code) => fail(new Error(`redis-server exited (${String(code)})`))),
    );
    exited.catch(() => {});
    child.once('error', () => {});
    // Ends redis-server within a second of this process's death, whatever the cause.
    watchdog = spawn(
      'sh',
      ['-c', `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill -9 ${child.pid}`],
      { stdio: 'ignore' },
    );
    watchdog.unref();
    await Promise.race([answersPing(chosenPort, READY_WITHIN_MS), exited]);
  }

  async function kill() {
    const current = child;
    watchdog?.kill('SIGKILL');
    if (current === undefined || current.exitCode !== null || current.signalCode !== null) return;
    const gone = new Promise((done) => current.once('exit', done));
    current.kill('SIGKILL');
    await gone;
  }

  await start();
  return {
    port: chosenPort,
    url: `redis://127.0.0.1:${chosenPort}`,
    start,
    kill,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    async stop() {
      if (stopped) return;
      stopped = true;
      child?.kill('SIGCONT');
      await kill();
      process.removeListener('exit', onExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

#!/usr/bin/env node
/**
 * A step of `npm test`: the shared cache's tests (`@vitrine/next`'s Redis cache handler, the Next
 * shop on two servers) start Debian's `redis-server` themselves, on a free port of 127.0.0.1, and
 * a fresh machine has none. When it is missing, install Debian's package where this user may
 * (root, or sudo without a password); otherwise stop before any test with one line that says what
 * to run. The package's own service is never used (nor started, when apt-get starts it: it is
 * stopped and disabled again), and nothing is downloaded from anywhere but Debian.
 *
 * `REDIS_SERVER_PATH` names another redis-server; when it is set, nothing is installed.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/redis-server';
const chosen = process.env.REDIS_SERVER_PATH;
const path = chosen ?? DEFAULT_PATH;

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function fail(line) {
  process.stderr.write(`npm test: ${line}\n`);
  process.exit(1);
}

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/** How this user may run apt-get as root: directly, through sudo without a password, or not at all. */
function rootPrefix() {
  if (process.getuid?.() === 0) return [];
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return sudo.status === 0 ? ['sudo', '-n'] : null;
}

if (isExecutable(path)) process.exit(0);

if (chosen !== undefined)
  fail(
    `REDIS_SERVER_PATH is ${chosen}, which is not an executable file; unset it to use Debian's redis-server.`,
  );

const instruction = `the shared cache's tests need Debian's redis-server at ${DEFAULT_PATH}: run \`sudo apt-get install -y redis-server\`, then \`npm test\` again.`;
const prefix = rootPrefix();
if (prefix === null || !isExecutable('/usr/bin/apt-get')) fail(instruction);

process.stdout.write(
  `npm test: installing Debian's redis-server (apt-get install -y redis-server)\n`,
);
const [command, ...rest] = [...prefix, 'apt-get'];
// policy-rc.d answers 101 ("not allowed") on machines without an init system, so the package's
// service is not started there; where it is started, it is stopped below: the tests never use it.
const installed =
  run(command, [...rest, 'update', '-qq']) &&
  run(command, [...rest, 'install', '-y', '-qq', '--no-install-recommends', 'redis-server']);
if (!installed || !isExecutable(DEFAULT_PATH))
  fail(`installing redis-server failed; ${instruction}`);
if (isExecutable('/usr/bin/systemctl')) {
  const [systemctl, ...args] = [...prefix, 'systemctl'];
  spawnSync(systemctl, [...args, 'disable', '--now', 'redis-server'], { stdio: 'ignore' });
}

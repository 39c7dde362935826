#!/usr/bin/env node
/**
 * The first step of `npm test`: the browser tests drive Debian's Chromium through playwright-core,
 * and a fresh machine has none. When it is missing, install Debian's package where this user may
 * (root, or sudo without a password); otherwise stop before any test with one line that says what
 * to run. A browser is never downloaded from anywhere else.
 *
 * `CHROMIUM_PATH` names another Chromium; when it is set, nothing is installed.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const chosen = process.env.CHROMIUM_PATH;
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
    `CHROMIUM_PATH is ${chosen}, which is not an executable file; unset it to use Debian's Chromium.`,
  );

const instruction = `the browser tests need Debian's Chromium at ${DEFAULT_PATH}: run \`sudo apt-get install -y chromium\`, then \`npm test\` again.`;
const prefix = rootPrefix();
if (prefix === null || !isExecutable('/usr/bin/apt-get')) fail(instruction);

process.stdout.write(`npm test: installing Debian's Chromium (apt-get install -y chromium)\n`);
const [command, ...rest] = [...prefix, 'apt-get'];
const installed =
  run(command, [...rest, 'update', '-qq']) &&
  run(command, [...rest, 'install', '-y', '-qq', 'chromium']);
if (!installed || !isExecutable(DEFAULT_PATH)) fail(`installing Chromium failed; ${instruction}`);

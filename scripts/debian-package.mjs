/**
 * What `npm test`'s ensure steps share: a Debian package's executable is there, or it is installed
 * from Debian where this user may (root, or sudo without a password), or the run stops before any
 * test with one line that says what to run. Nothing is downloaded from anywhere but Debian.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

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

/** How this user may run a command as root: directly, through sudo without a password, or not at all. */
function rootPrefix() {
  if (process.getuid?.() === 0) return [];
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return sudo.status === 0 ? ['sudo', '-n'] : null;
}

/**
 * Makes sure `executable` is there, installing Debian's `name` when it is missing.
 * @param {object} wanted
 * @param {string} wanted.name the Debian package ("chromium")
 * @param {string} wanted.label how a line names it ("Debian's Chromium")
 * @param {string} wanted.executable where the package puts the program
 * @param {string} wanted.pathVariable the environment variable naming another program instead
 * @param {string} wanted.neededBy who needs it ("the browser tests")
 * @param {string[]} [wanted.installOptions] more apt-get install options
 * @param {(asRoot: string[]) => void} [wanted.afterInstall] runs once installed, with the root prefix
 */
export function ensureDebianPackage(wanted) {
  const chosen = process.env[wanted.pathVariable];
  if (isExecutable(chosen ?? wanted.executable)) return;
  if (chosen !== undefined)
    fail(
      `${wanted.pathVariable} is ${chosen}, which is not an executable file; unset it to use ${wanted.label}.`,
    );

  const instruction = `${wanted.neededBy} need ${wanted.label} at ${wanted.executable}: run \`sudo apt-get install -y ${wanted.name}\`, then \`npm test\` again.`;
  const prefix = rootPrefix();
  if (prefix === null || !isExecutable('/usr/bin/apt-get')) fail(instruction);

  process.stdout.write(
    `npm test: installing ${wanted.label} (apt-get install -y ${wanted.name})\n`,
  );
  const [command, ...rest] = [...prefix, 'apt-get'];
  const options = wanted.installOptions ?? [];
  const installed =
    run(command, [...rest, 'update', '-qq']) &&
    run(command, [...rest, 'install', '-y', '-qq', ...options, wanted.name]);
  if (!installed || !isExecutable(wanted.executable))
    fail(`installing ${wanted.name} failed; ${instruction}`);
  wanted.afterInstall?.(prefix);
}

/**
 * What the end-to-end tests of a new app (the starter, the README's app) share to run its
 * commands: their environment, a command run to its end and timed, and a server in its own
 * process group, stopped with everything it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The environment of the app's commands: this one's, without what the npm and turbo running
 * this test set for themselves (an `npm_config_*` would steer the app's own `npm install`), and
 * without a store of the developer's (the app's scripts start the emulator when none is named).
 * `withoutNodeEnv`: vitest's `NODE_ENV=test` left out too (it keeps Next.js from reading an
 * app's `.env.local`).
 */
export function appEnv(
  extra: Record<string, string> = {},
  { withoutNodeEnv = false } = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NEXT_TELEMETRY_DISABLED: '1', ...extra };
  const dropped = withoutNodeEnv
    ? /^(npm_|VITRINE_|TURBO_|INIT_CWD$|NODE_OPTIONS$|NODE_ENV$|PORT$|HOST$)/
    : /^(npm_|VITRINE_|TURBO_|INIT_CWD$|NODE_OPTIONS$|PORT$|HOST$)/;
  for (const [name, value] of Object.entries(process.env)) {
    if (dropped.test(name)) continue;
    env[name] ??= value;
  }
  return env;
}

/** A runner of commands to their end, each step's time pushed to `timings`. */
export function commandRunner(timings: [string, number][], env: () => NodeJS.ProcessEnv) {
  /** Runs a command to its end; rejects with the end of its output when it fails. */
  return async function run(
    step: string,
    command: string,
    args: string[],
    cwd: string,
  ): Promise<string> {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((done, fail) => {
      child.once('error', fail);
      child.once('exit', (exitCode) => done(exitCode));
    });
    timings.push([step, performance.now() - started]);
    if (code !== 0) throw new Error(`${step} failed (${String(code)}):\n${output.slice(-6000)}`);
    return output;
  };
}

/**
 * Stops a server started in its own process group (`detached`), with all it started; answers
 * whether it was still running.
 */
export async function stopProcessGroup(child: ChildProcess | undefined): Promise<boolean> {
  if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null)
    return false;
  const exited = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  return true;
}

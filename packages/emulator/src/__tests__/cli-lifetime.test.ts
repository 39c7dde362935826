/**
 * The command stops when what started it stops: signals, and a parent that goes away. Run
 * through a wrapper shaped like `npx` (`wrapper → sh -c → node`, the CLI bundled from source),
 * killing the wrapper leaves no emulator behind; and the stopping itself, with a fake process and
 * fake timers.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LifetimeHost, StopReason } from '../cli/lifetime.js';
import { PARENT_CHECK_MS, STOP_LIMIT_MS, parentOf, watchLifetime } from '../cli/lifetime.js';

const here = dirname(fileURLToPath(import.meta.url));
const LINUX = process.platform === 'linux';
/**
 * How long a stopped wrapper's emulator may take to be gone: a second for it to notice, its stop
 * (at most five), and room for a machine whose cores are busy with other suites.
 */
const BOUND_MS = 20_000;

let workDir = '';
let cli = '';
let wrapper = '';
const started: ChildProcess[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'vitrine-lifetime-'));
  cli = join(workDir, 'cli.mjs');
  await build({
    entryPoints: [join(here, '..', 'cli.ts')],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  // What `npx @vitrine/emulator` runs: npm, a shell under it, node under the shell. Like npm, the
  // wrapper passes SIGTERM to its child (the shell) and exits, and it holds no pipe the CLI reads.
  wrapper = join(workDir, 'wrapper.mjs');
  await writeFile(
    wrapper,
    `import { spawn } from 'node:child_process';
const child = spawn('sh', ['-c', 'node "$0" "$@"', ...process.argv.slice(2)], { stdio: ['ignore', 'inherit', 'inherit'] });
process.on('SIGTERM', () => { child.kill('SIGTERM'); process.exit(143); });
child.on('exit', (code) => process.exit(code ?? 1));
`,
  );
}, 60_000);

/** Processes whose command line names `marker` (Linux's `/proc`). */
function pidsNaming(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

afterAll(async () => {
  for (const child of started) child.kill('SIGKILL');
  // An emulator a failed test left behind: this file's own, found by its data file.
  if (LINUX && workDir) for (const pid of pidsNaming(workDir)) process.kill(pid, 'SIGKILL');
  await rm(workDir, { recursive: true, force: true });
});

/** Starts the CLI through the wrapper; resolves once it listens. */
function startThroughWrapper(data: string): Promise<{ wrapper: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [wrapper, cli, '--port', '0', '--data', data], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    started.push(child);
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1];
      if (port) resolve({ wrapper: child, port: Number(port) });
    });
    child.once('exit', (code) => reject(new Error(`the wrapper exited (${code}): ${out}`)));
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Waits, up to {@link BOUND_MS}, for nothing to listen on `port`; answers how long it took. */
async function portReleased(port: number): Promise<number> {
  const begun = Date.now();
  while (await accepts(port)) {
    if (Date.now() - begun > BOUND_MS)
      throw new Error(`port ${port} still open after ${BOUND_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - begun;
}

describe.runIf(LINUX)('cli lifetime, through a wrapper shaped like npx', () => {
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`stops when the wrapper is stopped with ${signal}: its port is released and its process gone (regression: it kept running, orphaned)`, async () => {
      const data = join(workDir, `${signal}.json`);
      const { wrapper: child, port } = await startThroughWrapper(data);
      expect(await accepts(port)).toBe(true);
      expect(pidsNaming(data)).toHaveLength(3); // the wrapper, the shell and the emulator
      child.kill(signal);
      // Every process of the chain gone, the emulator with the port it held.
      await vi.waitFor(() => expect(pidsNaming(data)).toEqual([]), {
        timeout: BOUND_MS,
        interval: 100,
      });
      expect(await portReleased(port)).toBeLessThan(BOUND_MS);
      // It stopped as on Ctrl-C: its state was written.
      expect(existsSync(data)).toBe(true);
    });
  }

  it('reads parent process ids from /proc', () => {
    expect(parentOf(process.pid)).toBe(process.ppid);
    expect(parentOf(2 ** 22 + 1)).toBeUndefined();
  });
});

describe('watchLifetime', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fake process: its parent ids are changed by hand, its signals sent by hand. */
  function fakeHost() {
    const listeners = new Map<string, () => void>();
    const exits: number[] = [];
    const ids: { parent: number; grandparent: number | undefined } = {
      parent: 100,
      grandparent: 10,
    };
    const host: LifetimeHost = {
      ppid: () => ids.parent,
      parentOf: (pid) => (pid === ids.parent ? ids.grandparent : undefined),
      onSignal: (signal, listener) => void listeners.set(signal, listener),
      exit: (code) => void exits.push(code),
    };
    return { host, ids, exits, signal: (name: NodeJS.Signals) => listeners.get(name)!() };
  }

  function watched(stop: () => Promise<void> = () => Promise.resolve()) {
    vi.useFakeTimers();
    const fake = fakeHost();
    const reasons: StopReason[] = [];
    const stops = vi.fn(stop);
    watchLifetime(stops, (reason) => reasons.push(reason), fake.host);
    return { ...fake, reasons, stops };
  }

  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('stops on %s, then exits 0', async (name) => {
    const { signal, reasons, stops, exits } = watched();
    signal(name);
    await vi.advanceTimersByTimeAsync(0);
    expect({ reasons, stops: stops.mock.calls.length, exits }).toEqual({
      reasons: [name],
      stops: 1,
      exits: [0],
    });
  });

  it('stops once its parent is gone (re-parented), within a check', async () => {
    const { ids, reasons, exits } = watched();
    await vi.advanceTimersByTimeAsync(PARENT_CHECK_MS * 3);
    expect(reasons).toEqual([]);
    ids.parent = 1;
    await vi.advanceTimersByTimeAsync(PARENT_CHECK_MS);
    expect({ reasons, exits }).toEqual({ reasons: ['parent-gone'], exits: [0] });
  });

  it("stops once its parent's parent is gone (npm killed, its shell left)", async () => {
    const { ids, reasons } = watched();
    ids.grandparent = 1;
    await vi.advanceTimersByTimeAsync(PARENT_CHECK_MS);
    expect(reasons).toEqual(['parent-gone']);
  });

  it('exits 1 when stopping takes too long, or at a second signal', async () => {
    const slow = watched(() => new Promise<void>(() => undefined));
    slow.signal('SIGTERM');
    await vi.advanceTimersByTimeAsync(STOP_LIMIT_MS - 1);
    expect(slow.exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(slow.exits).toEqual([1]);
    vi.useRealTimers();
    const twice = watched(() => new Promise<void>(() => undefined));
    twice.signal('SIGINT');
    twice.signal('SIGINT');
    expect(twice.exits).toEqual([1]);
    expect(twice.stops).toHaveBeenCalledTimes(1);
  });
});

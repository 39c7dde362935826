/**
 * The command's lifetime: it stops, writing its state, on SIGINT, SIGTERM and SIGHUP, and when
 * the process that started it goes away.
 *
 * `npx @vitrine/emulator` (and `npm run`, `npm exec`) runs the command as `npm → sh -c → node`.
 * Stopping npm with SIGTERM kills the shell but not the node process under it, and SIGKILL leaves
 * the shell waiting on it: either way the emulator kept running, holding its ports, with no
 * terminal to stop it from. So the command checks, every second, that its parent is the one that
 * started it and, where the system says (Linux's `/proc`), that its parent's parent is too (the
 * shell's npm). A process re-parented to init or a subreaper has lost what started it.
 */
import { readFileSync } from 'node:fs';

/** How often the parent is checked. */
export const PARENT_CHECK_MS = 1000;
/** How long stopping may take before the process exits anyway. */
export const STOP_LIMIT_MS = 5000;

/** The parent process id of `pid` (Linux's `/proc`), or `undefined` where it cannot be read. */
export function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (command name) state ppid …`: the name may hold spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/** What {@link watchLifetime} needs from the process (replaced in tests). */
export interface LifetimeHost {
  /** The current parent process id (`process.ppid`, read anew each time). */
  ppid(): number;
  /** The parent process id of another process, `undefined` when unknown. */
  parentOf(pid: number): number | undefined;
  /** Subscribes to a signal. */
  onSignal(signal: NodeJS.Signals, listener: () => void): void;
  /** Exits the process. */
  exit(code: number): void;
}

/** The real process. */
export const processHost: LifetimeHost = {
  ppid: () => process.ppid,
  parentOf,
  onSignal: (signal, listener) => void process.on(signal, listener),
  exit: (code) => process.exit(code),
};

/** Why the command stops. */
export type StopReason = NodeJS.Signals | 'parent-gone';

/**
 * Stops with `stop()` on SIGINT, SIGTERM or SIGHUP, or once the process that started this one is
 * gone; exits 0 when it is done, 1 when it fails or takes longer than {@link STOP_LIMIT_MS}. A
 * second signal while stopping exits at once.
 * @param onStop told why, before stopping (the CLI prints it).
 */
export function watchLifetime(
  stop: () => Promise<void>,
  onStop: (reason: StopReason) => void,
  host: LifetimeHost = processHost,
): void {
  const parent = host.ppid();
  const grandparent = host.parentOf(parent);
  let stopping = false;
  const timer = setInterval(() => {
    const parentGone = host.ppid() !== parent;
    const wrapperGone = grandparent !== undefined && host.parentOf(parent) !== grandparent;
    if (parentGone || wrapperGone) begin('parent-gone');
  }, PARENT_CHECK_MS);
  timer.unref();
  function begin(reason: StopReason): void {
    if (stopping) {
      if (reason !== 'parent-gone') host.exit(1);
      return;
    }
    stopping = true;
    clearInterval(timer);
    onStop(reason);
    const limit = setTimeout(() => host.exit(1), STOP_LIMIT_MS);
    limit.unref();
    stop().then(
      () => host.exit(0),
      () => host.exit(1),
    );
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    host.onSignal(signal, () => begin(signal));
}

import type { ChildProcess } from 'node:child_process';

/** A port nobody listens on right now (the emulator must know the shop's origin first). */
export function freePort(): Promise<number>;

/**
 * Serves the shop built in `dir` on `port`, with `env` added to this process's environment;
 * resolves once it listens. Each line it writes to stderr goes to `onError`. It exits with its
 * parent.
 */
export function startNextServer(options: {
  dir: string;
  port: number;
  env?: Readonly<Record<string, string>>;
  onError: (line: string) => void;
}): Promise<ChildProcess>;

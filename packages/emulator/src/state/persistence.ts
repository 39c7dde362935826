/**
 * Persistence of the state to one JSON file, crash-safe: each save writes a temporary file beside
 * the target, flushes it to disk (fsync), renames it over the target and flushes the directory, so
 * a `kill -9` or a power cut leaves either the previous file or the new one, never a torn one.
 * Saves are coalesced: changes made while a write is running are written by the next one.
 * Temporary files a killed emulator left behind are removed at start.
 */
import { readFileSync, readdirSync, unlinkSync } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { EmulatorState } from '../models/state.js';
import { STATE_MAPS, STATE_VERSION, nullMap } from '../models/state.js';
import { upgradeState } from './upgrade.js';

/** Reads a state file; `undefined` when it does not exist. Throws on a corrupt or foreign file. */
export function readStateFile(path: string): EmulatorState | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<EmulatorState> | null;
  if (typeof parsed !== 'object' || parsed === null || parsed.version !== STATE_VERSION) {
    throw new Error(`${path} is not an emulator state file of version ${STATE_VERSION}`);
  }
  const state = parsed as EmulatorState;
  for (const name of STATE_MAPS) {
    const map: unknown = state[name];
    if (typeof map !== 'object' || map === null || Array.isArray(map))
      throw new Error(`${path} is not an emulator state file: ${name} is not a map`);
    (state as unknown as Record<string, unknown>)[name] = nullMap(Object.entries(map));
  }
  upgradeState(state);
  return state;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the `<file>.<pid>.<n>.tmp` files of emulators that are no longer running (a `kill -9`
 * mid-write leaves one). Those of a running process are kept: it may be writing.
 * @returns the names removed.
 */
export function removeStaleTempFiles(path: string): string[] {
  const dir = dirname(path);
  const prefix = `${basename(path)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d+)\.\d+\.tmp$/.exec(name.slice(prefix.length));
    if (!match || isRunning(Number(match[1]))) continue;
    try {
      unlinkSync(join(dir, name));
      removed.push(name);
    } catch {
      // Gone already, or not ours to remove: either way not a reason to refuse to start.
    }
  }
  return removed;
}

/** Flushes a directory entry (the rename) to disk; a no-op where directories cannot be opened. */
async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Windows cannot open a directory; its rename is durable enough there.
  } finally {
    await handle?.close();
  }
}

/** Writes snapshots of the state to `path`, one at a time. */
export class StateFileWriter {
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private counter = 0;

  constructor(
    private readonly path: string,
    private readonly snapshot: () => string,
  ) {
    removeStaleTempFiles(path);
  }

  /** Resolves once a write that started after this call has completed. */
  save(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.running) {
      this.running = this.write().finally(() => (this.running = undefined));
      return this.running;
    }
    const after = this.running.catch(() => undefined);
    this.queued = after.then(() => {
      this.queued = undefined;
      return this.save();
    });
    return this.queued;
  }

  private async write(): Promise<void> {
    const text = this.snapshot();
    this.counter += 1;
    const temp = `${this.path}.${process.pid}.${this.counter}.tmp`;
    const dir = dirname(this.path);
    await mkdir(dir, { recursive: true });
    try {
      const handle = await open(temp, 'w', 0o600);
      try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, this.path);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    await syncDirectory(dir);
  }
}

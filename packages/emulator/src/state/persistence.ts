/**
 * Persistence of the state to one JSON file. Each save writes a temporary file beside the
 * target and renames it over, so a crash mid-write leaves the previous file intact. Saves are
 * coalesced: changes made while a write is running are written by the next one.
 */
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EmulatorState } from './model.js';
import { STATE_MAPS, STATE_VERSION, nullMap } from './model.js';

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
  return state;
}

/** Writes snapshots of the state to `path`, one at a time. */
export class StateFileWriter {
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private counter = 0;

  constructor(
    private readonly path: string,
    private readonly snapshot: () => string,
  ) {}

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
    await mkdir(dirname(this.path), { recursive: true });
    try {
      await writeFile(temp, text, 'utf8');
      await rename(temp, this.path);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }
}

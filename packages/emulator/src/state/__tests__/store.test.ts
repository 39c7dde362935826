/**
 * The state store's one way to change state: a transaction writes the change, then emits its
 * events; a change that throws or a write that fails emits nothing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSeed } from '../../catalog/seed.js';
import type { WebhookEvent } from '../../models/events.js';
import { StateStore, createState } from '../store.js';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-store-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const MODES = { emailVerification: false, ownerApproval: false, captchaRequired: false };
const event = (eventType: string): WebhookEvent => ({
  eventType,
  identity: { identityType: 'UNKNOWN' },
  body: {},
});

/** A store over `file` whose emitted events are recorded with what the file held at that moment. */
function recordingStore(file: string | undefined) {
  const emitted: { eventType: string; onDisk: number | undefined }[] = [];
  const store = new StateStore(
    () => createState(defaultSeed(), MODES),
    file,
    (e) =>
      emitted.push({
        eventType: e.eventType,
        onDisk:
          file !== undefined && existsSync(file)
            ? (JSON.parse(readFileSync(file, 'utf8')) as { nextOrderNumber: number })
                .nextOrderNumber
            : undefined,
      }),
  );
  return { store, emitted };
}

describe('StateStore', () => {
  describe('transaction', () => {
    it('writes the change, then emits its events in order, and answers what the change returned', async () => {
      const file = join(await tempDir(), 'state.json');
      const { store, emitted } = recordingStore(file);
      const result = await store.transaction((tx) => {
        tx.state.nextOrderNumber = 20001;
        tx.emit(event('first'));
        tx.emit(event('second'));
        return 'done';
      });
      expect(result).toBe('done');
      // Each event saw the change already on disk.
      expect(emitted).toEqual([
        { eventType: 'first', onDisk: 20001 },
        { eventType: 'second', onDisk: 20001 },
      ]);
    });

    it('emits nothing and writes nothing when the change throws', async () => {
      const file = join(await tempDir(), 'state.json');
      const { store, emitted } = recordingStore(file);
      await expect(
        store.transaction((tx) => {
          tx.emit(event('never'));
          tx.state.nextOrderNumber = 30001;
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(emitted).toEqual([]);
      expect(existsSync(file)).toBe(false);
    });

    it('writes a recorded refusal (keepsChanges) but still emits nothing', async () => {
      const file = join(await tempDir(), 'state.json');
      const { store, emitted } = recordingStore(file);
      await expect(
        store.transaction(
          (tx) => {
            tx.state.nextOrderNumber = 40001;
            tx.emit(event('never'));
            throw new RangeError('wrong code');
          },
          { keepsChanges: (error) => error instanceof RangeError },
        ),
      ).rejects.toThrow('wrong code');
      expect(emitted).toEqual([]);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ nextOrderNumber: 40001 });
    });

    it('emits nothing when the write fails', async () => {
      const dir = await tempDir();
      const { store, emitted } = recordingStore(join(dir, 'blocked', 'state.json'));
      // The data file's folder turns out to be a file: the write fails.
      writeFileSync(join(dir, 'blocked'), '');
      await expect(
        store.transaction((tx) => {
          tx.emit(event('never'));
        }),
      ).rejects.toThrow();
      expect(emitted).toEqual([]);
    });

    it('refuses an event emitted after its change returned', async () => {
      const { store, emitted } = recordingStore(undefined);
      let kept: ((e: WebhookEvent) => void) | undefined;
      await store.transaction((tx) => {
        kept = (e) => tx.emit(e);
      });
      expect(() => kept!(event('late'))).toThrow('A transaction emits only while its change runs');
      expect(emitted).toEqual([]);
    });

    it('keeps the state in memory only without a data file', async () => {
      const { store, emitted } = recordingStore(undefined);
      await store.transaction((tx) => {
        tx.state.nextOrderNumber = 50001;
        tx.emit(event('memory'));
      });
      expect(store.state.nextOrderNumber).toBe(50001);
      expect(emitted).toEqual([{ eventType: 'memory', onDisk: undefined }]);
    });
  });
});

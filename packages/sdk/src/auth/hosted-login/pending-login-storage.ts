/**
 * Where the hosted logins waiting for their return are kept in the client's storage, and how:
 * one entry per `state` under `<prefix>oauth:<state>`, an index of them under `<prefix>oauth`,
 * reading and writing them without ever throwing, and dropping them all (logout). What a pending
 * login goes through (saved, taken once, settled, forgotten after an hour) is pending-logins.ts.
 */
import { isJsonObject, parseJsonSafely } from '../../internal/json.js';
import type { TokenStorage } from '../storage/types.js';

/** What a `state` may look like; anything else is never read back from storage. */
export const STATE_PATTERN = /^[A-Za-z0-9\-._~]{1,128}$/;

/** One pending login in the index: its `state` and when it started (epoch ms). */
export interface IndexEntry {
  state: string;
  at: number;
}

/** Drops every hosted login of a client that waits for its return. */
export function clearPendingLogins(storage: TokenStorage, keyPrefix: string): void {
  for (const entry of readIndex(storage, keyPrefix)) {
    safeWrite(storage, entryKey(keyPrefix, entry.state), undefined);
  }
  writeIndex(storage, keyPrefix, []);
}

/** The storage key of one pending login. */
export function entryKey(keyPrefix: string, state: string): string {
  return `${keyPrefix}oauth:${state}`;
}

/** The index, with any malformed entry left out. */
export function readIndex(storage: TokenStorage, keyPrefix: string): IndexEntry[] {
  const parsed = safeRead(storage, `${keyPrefix}oauth`);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (entry): entry is IndexEntry =>
      isJsonObject(entry) &&
      typeof entry.state === 'string' &&
      STATE_PATTERN.test(entry.state) &&
      typeof entry.at === 'number',
  );
}

/** Writes the index; an empty one is removed. */
export function writeIndex(storage: TokenStorage, keyPrefix: string, entries: IndexEntry[]): void {
  safeWrite(
    storage,
    `${keyPrefix}oauth`,
    entries.length === 0 ? undefined : JSON.stringify(entries),
  );
}

/** Reads and parses one key; `undefined` when missing, unreadable or not JSON. */
export function safeRead(storage: TokenStorage, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return typeof text === 'string' ? parseJsonSafely(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes one key (`undefined` removes it), ignoring a storage that refuses. */
export function safeWrite(storage: TokenStorage, key: string, value: string | undefined): void {
  try {
    if (value === undefined) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // A storage that refuses: the hosted login will fail its state check, which is safe.
  }
}

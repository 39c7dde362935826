/**
 * The OAuth data of hosted logins waiting for their return (checklist E20): kept in the
 * client's storage under its client id, one entry per `state` so two login tabs never overwrite
 * each other, taken out exactly once, dropped after an hour and on logout.
 */
import { isJsonObject, parseJsonSafely } from '../http/safe-json.js';
import { isValidCodeVerifier } from './pkce.js';
import type { OAuthData } from './oauth-data.js';
import type { TokenStorage } from './storage/types.js';

/** How long a started hosted login may take before its data is dropped, in ms. */
export const PENDING_LOGIN_TTL_MS = 60 * 60 * 1000;
const MAX_PENDING = 10;
const STATE_PATTERN = /^[A-Za-z0-9\-._~]{1,128}$/;

/** The hosted logins of one client that wait for their return. */
export interface PendingLogins {
  save(data: OAuthData): void;
  /** The data of `state`, removed as it is read; `undefined` when unknown, used or expired. */
  take(state: string): OAuthData | undefined;
  clear(): void;
}

interface IndexEntry {
  state: string;
  at: number;
}

/** Builds the pending-login keeper of one client. */
export function createPendingLogins(
  storage: TokenStorage,
  keyPrefix: string,
  now: () => number,
): PendingLogins {
  const indexKey = `${keyPrefix}oauth`;
  const entryKey = (state: string): string => `${keyPrefix}oauth:${state}`;

  function readIndex(): IndexEntry[] {
    const parsed = safeRead(storage, indexKey);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is IndexEntry =>
        isJsonObject(entry) &&
        typeof entry.state === 'string' &&
        STATE_PATTERN.test(entry.state) &&
        typeof entry.at === 'number',
    );
  }

  function writeIndex(entries: IndexEntry[]): void {
    safeWrite(storage, indexKey, entries.length === 0 ? undefined : JSON.stringify(entries));
  }

  return {
    save(data) {
      const at = now();
      const kept: IndexEntry[] = [];
      for (const entry of readIndex()) {
        if (at - entry.at > PENDING_LOGIN_TTL_MS)
          safeWrite(storage, entryKey(entry.state), undefined);
        else kept.push(entry);
      }
      while (kept.length >= MAX_PENDING) {
        const oldest = kept.shift();
        if (oldest) safeWrite(storage, entryKey(oldest.state), undefined);
      }
      kept.push({ state: data.state, at });
      safeWrite(storage, entryKey(data.state), JSON.stringify({ ...data, at }));
      writeIndex(kept);
    },
    take(state) {
      if (!STATE_PATTERN.test(state)) return undefined;
      const raw = safeRead(storage, entryKey(state));
      safeWrite(storage, entryKey(state), undefined);
      writeIndex(readIndex().filter((entry) => entry.state !== state));
      if (!isJsonObject(raw)) return undefined;
      const { redirectUri, originalUri, codeVerifier, codeChallenge, at } = raw;
      if (
        raw.state !== state ||
        typeof redirectUri !== 'string' ||
        typeof originalUri !== 'string' ||
        typeof codeChallenge !== 'string' ||
        !isValidCodeVerifier(codeVerifier) ||
        typeof at !== 'number' ||
        now() - at > PENDING_LOGIN_TTL_MS
      ) {
        return undefined;
      }
      return { redirectUri, originalUri, codeVerifier, codeChallenge, state };
    },
    clear() {
      for (const entry of readIndex()) safeWrite(storage, entryKey(entry.state), undefined);
      writeIndex([]);
    },
  };
}

function safeRead(storage: TokenStorage, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return typeof text === 'string' ? parseJsonSafely(text) : undefined;
  } catch {
    return undefined;
  }
}

function safeWrite(storage: TokenStorage, key: string, value: string | undefined): void {
  try {
    if (value === undefined) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // A storage that refuses: the hosted login will fail its state check, which is safe.
  }
}

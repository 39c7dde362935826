/**
 * The OAuth data of hosted logins waiting for their return: kept in the
 * client's storage under its client id, one entry per `state` so two login tabs never overwrite
 * each other, taken out exactly once, dropped after an hour and on logout (see
 * pending-login-storage.ts for the layout and the logout).
 */
import { isJsonObject } from '../../internal/json.js';
import { isValidCodeVerifier } from './pkce.js';
import type { OAuthData } from './oauth-data.js';
import {
  STATE_PATTERN,
  entryKey,
  readIndex,
  safeRead,
  safeWrite,
  writeIndex,
  type IndexEntry,
} from './pending-login-index.js';
import type { TokenStorage } from '../storage/types.js';

/** How long a started hosted login may take before its data is dropped, in ms. */
export const PENDING_LOGIN_TTL_MS = 60 * 60 * 1000;
const MAX_PENDING = 10;

/** The hosted logins of one client that wait for their return. */
export interface PendingLogins {
  save(data: OAuthData): void;
  /** The data of `state`, removed as it is read; `undefined` when unknown, used or expired. */
  take(state: string): OAuthData | undefined;
  /** Reads the data kept for `state` without using it up. */
  peek(state: string): OAuthData | undefined;
}

/** Builds the pending-login keeper of one client. */
export function createPendingLogins(
  storage: TokenStorage,
  keyPrefix: string,
  now: () => number,
): PendingLogins {
  const keyOf = (state: string): string => entryKey(keyPrefix, state);

  return {
    save(data) {
      const at = now();
      const kept: IndexEntry[] = [];
      for (const entry of readIndex(storage, keyPrefix)) {
        if (at - entry.at > PENDING_LOGIN_TTL_MS) safeWrite(storage, keyOf(entry.state), undefined);
        else kept.push(entry);
      }
      while (kept.length >= MAX_PENDING) {
        const oldest = kept.shift();
        if (oldest) safeWrite(storage, keyOf(oldest.state), undefined);
      }
      kept.push({ state: data.state, at });
      safeWrite(storage, keyOf(data.state), JSON.stringify({ ...data, at }));
      writeIndex(storage, keyPrefix, kept);
    },
    take(state) {
      if (!STATE_PATTERN.test(state)) return undefined;
      const data = read(state);
      safeWrite(storage, keyOf(state), undefined);
      writeIndex(
        storage,
        keyPrefix,
        readIndex(storage, keyPrefix).filter((entry) => entry.state !== state),
      );
      return data;
    },
    peek(state) {
      return STATE_PATTERN.test(state) ? read(state) : undefined;
    },
  };

  function read(state: string): OAuthData | undefined {
    const raw = safeRead(storage, keyOf(state));
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
  }
}

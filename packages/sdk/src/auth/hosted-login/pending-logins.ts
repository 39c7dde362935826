/**
 * The OAuth data of hosted logins waiting for their return: kept in the client's storage under
 * its client id, one entry per `state` so two login tabs never overwrite each other, taken out
 * exactly once (then only its return address stays, a short while, so that another tab handling
 * the same return can take the session it made), dropped after an hour and on logout (see
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
} from './pending-login-storage.js';
import type { TokenStorage } from '../storage/types.js';

/** How long a started hosted login may take before its data is dropped, in ms. */
export const PENDING_LOGIN_TTL_MS = 60 * 60 * 1000;
/**
 * How long, after its code was taken for the exchange, another tab handling the same return
 * may still take the session it made, in ms.
 */
export const TAKEN_LOGIN_REUSE_MS = 2 * 60 * 1000;
const MAX_PENDING = 10;

/** The hosted logins of one client that wait for their return. */
export interface PendingLogins {
  save(data: OAuthData): void;
  /**
   * The data of `state`, for its one code exchange; `undefined` when unknown, expired, or
   * already taken. From then on only its return address is kept (no code verifier), for
   * {@link returnAddressOf}.
   */
  take(state: string): OAuthData | undefined;
  /**
   * After the exchange: on success the return address stays a little longer (another tab
   * handling the same return takes the session it made); on failure, or for an error return,
   * the login is forgotten.
   */
  settle(state: string, signedIn: boolean): void;
  /**
   * The return address (`originalUri`) of the hosted login of `state` while it waits, and for
   * a short while after its code was taken: from `seen`, the entry as read when the return was
   * first handled, or else from storage now.
   */
  returnAddressOf(state: string, seen?: unknown): string | undefined;
}

/** Builds the pending-login keeper of one client. */
export function createPendingLogins(
  storage: TokenStorage,
  keyPrefix: string,
  now: () => number,
): PendingLogins {
  const keyOf = (state: string): string => entryKey(keyPrefix, state);

  function drop(state: string): void {
    safeWrite(storage, keyOf(state), undefined);
    writeIndex(
      storage,
      keyPrefix,
      readIndex(storage, keyPrefix).filter((entry) => entry.state !== state),
    );
  }

  /** Keeps only the return address of `state`, from now on. */
  function markTaken(state: string, originalUri: string): void {
    safeWrite(storage, keyOf(state), JSON.stringify({ state, originalUri, takenAt: now() }));
  }

  function addressIn(state: string, raw: unknown): string | undefined {
    if (!isJsonObject(raw) || raw.state !== state || typeof raw.originalUri !== 'string') {
      return undefined;
    }
    const { at, takenAt } = raw;
    if (typeof takenAt === 'number') {
      return now() - takenAt > TAKEN_LOGIN_REUSE_MS ? undefined : raw.originalUri;
    }
    return typeof at === 'number' && now() - at <= PENDING_LOGIN_TTL_MS
      ? raw.originalUri
      : undefined;
  }

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
      if (data !== undefined) markTaken(state, data.originalUri);
      return data;
    },
    settle(state, signedIn) {
      if (!STATE_PATTERN.test(state)) return;
      const originalUri = addressIn(state, safeRead(storage, keyOf(state)));
      if (signedIn && originalUri !== undefined) markTaken(state, originalUri);
      else drop(state);
    },
    returnAddressOf(state, seen) {
      if (!STATE_PATTERN.test(state)) return undefined;
      return addressIn(state, seen) ?? addressIn(state, safeRead(storage, keyOf(state)));
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

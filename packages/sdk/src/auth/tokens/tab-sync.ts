/**
 * Cross-tab coordination of one client, as the rest of the auth layer sees it: a lock around
 * renewals and a way to stop. create-tab-sync.ts builds it for a client that shares its tabs;
 * connect-tab-sync.ts, loaded on first use, does the work.
 */
import type { TokenStorage } from '../storage/types.js';
import type { TokenStore } from './token-store.js';

/**
 * Flags every tab of this browser sees at once (shared Web Locks), unlike storage, whose writes a
 * browser shows to the other tabs a moment late.
 */
export interface TabFlags {
  /**
   * Holds the flag `key` for `ms`, or until the returned function, the client's `close()` or the
   * page's end releases it.
   */
  holdFlag(key: string, ms: number): () => void;
  /** Whether any tab holds the flag `key` now; `false` where there are no Web Locks. */
  flagHeld(key: string): Promise<boolean>;
}

/** Cross-tab coordination of one client. */
export interface TabSync {
  /**
   * Runs `work` holding the client's renewal lock (Web Locks), or at once when there are none.
   * `work` gets the tabs' flags when this client shares its tabs.
   */
  withLock<T>(work: (flags?: TabFlags) => Promise<T>): Promise<T>;
  /** Stops listening to other tabs, and releases the flags this client holds. */
  close(): void;
}

/** What a client's tab sync is built from. */
export interface TabSyncOptions {
  clientId: string;
  store: TokenStore;
  storage: TokenStorage;
  /** Longest wait for the renewal lock, in ms, before failing with `LOCK_TIMEOUT`. */
  lockTimeout: number;
}

/** A tab sync that does nothing (servers, or `tabSync: false`). */
export const NO_TAB_SYNC: TabSync = {
  withLock: (work) => work(),
  close: () => {},
};

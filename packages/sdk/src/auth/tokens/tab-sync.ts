/**
 * Cross-tab coordination of one client, as the rest of the auth layer sees it: a lock around
 * renewals and a way to stop. create-tab-sync.ts builds it for a client that shares its tabs;
 * connect-tab-sync.ts, loaded on first use, does the work.
 */
import type { TokenStorage } from '../storage/types.js';
import type { TokenStore } from './token-store.js';

/** Cross-tab coordination of one client. */
export interface TabSync {
  /** Runs `work` holding the client's renewal lock (Web Locks), or at once when there are none. */
  withLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Holds a flag every tab of this browser can see at once (a shared Web Lock named after
   * `key`) for `ms`, or until the returned function, `close()` or the page's end releases it.
   * Storage is no such signal: a browser shows one tab's writes to another a moment late.
   */
  holdFlag(key: string, ms: number): () => void;
  /** Whether any tab holds the flag `key` now; `false` where there are no Web Locks. */
  flagHeld(key: string): Promise<boolean>;
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
  holdFlag: () => () => {},
  flagHeld: () => Promise.resolve(false),
  close: () => {},
};

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
  /** Stops listening to other tabs. */
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

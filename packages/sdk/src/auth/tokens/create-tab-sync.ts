/**
 * Cross-tab coordination of one client, loaded on first use: a client that shares its tabs
 * (browsers) starts loading connect-tab-sync.ts when it is built and connects once it has; a
 * server's client never loads it.
 */
import { loadOnFirstUse } from '../../http/load-on-first-use.js';
import type { TabSyncOptions } from './connect-tab-sync.js';

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

/** A tab sync that does nothing (servers, or `tabSync: false`). */
export const NO_TAB_SYNC: TabSync = {
  withLock: (work) => work(),
  holdFlag: () => () => {},
  flagHeld: () => Promise.resolve(false),
  close: () => {},
};

const loadTabSync = /* @__PURE__ */ loadOnFirstUse(() => import('./connect-tab-sync.js'));

/**
 * The tab sync of a client that shares its tabs. It connects as soon as its code is loaded (a
 * change another tab makes before that is read at the next renewal, which re-reads storage);
 * a renewal waits for it, so that it runs under the tabs' lock.
 */
export function createTabSync(options: TabSyncOptions): TabSync {
  let closed = false;
  let sync: TabSync | undefined;
  const connect = async (): Promise<TabSync> => {
    const { connectTabSync } = await loadTabSync();
    // A client disposed before the code arrived never opens its channel.
    sync ??= closed ? NO_TAB_SYNC : connectTabSync(options);
    return sync;
  };
  // Hear the other tabs as soon as the code is here. A load that fails is tried again by the
  // next renewal, which then fails with the load's error.
  connect().catch(() => {});
  return {
    withLock: async (work) => (await connect()).withLock(work),
    // Asked for under the lock, so the code is here by then.
    holdFlag: (key, ms) => (sync ?? NO_TAB_SYNC).holdFlag(key, ms),
    flagHeld: async (key) => (await connect()).flagHeld(key),
    close() {
      closed = true;
      sync?.close();
    },
  };
}

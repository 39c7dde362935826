/**
 * Cross-tab coordination of one client, as the rest of the auth layer sees it: a lock around
 * renewals, the tabs' flags, and a way to stop. A client that shares its tabs (browsers) starts
 * loading the work (connect-tab-sync.ts) when it is built and connects once it has; a server's
 * client uses {@link NO_TAB_SYNC} and never loads it.
 */
import { loadOnFirstUse } from '../../http/load-on-first-use.js';
import type { TabSync, TabSyncOptions } from './connect-tab-sync.js';

export type { TabFlags, TabSync, TabSyncOptions } from './connect-tab-sync.js';

/** A tab sync that does nothing (servers, or `tabSync: false`). */
export const NO_TAB_SYNC: TabSync = {
  withLock: (work) => work(),
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
    close() {
      closed = true;
      sync?.close();
    },
  };
}

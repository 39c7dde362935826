/**
 * Tabs of one browser share their tokens: a sign-in, sign-out or refresh in one reaches the
 * others, and one renewal at a time runs across all of them. This is the work, and the types the
 * rest of the auth layer sees (through tab-sync.ts, which loads this module for clients that
 * share their tabs; a server never loads it).
 *
 * Everything here is looked up when used and behind a check: it still runs where there is no
 * `BroadcastChannel`, no `navigator.locks` and no `window`.
 */
import type { TokenStorage } from '../storage/types.js';
import { StoreAuthError } from '../store-auth-error.js';
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

interface LockManagerLike {
  request<T>(
    name: string,
    options: { signal?: AbortSignal; mode?: 'shared' | 'exclusive' },
    callback: () => Promise<T>,
  ): Promise<T>;
  query?(): Promise<{ held?: { name?: string }[] }>;
}

function lockManager(): LockManagerLike | undefined {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  return typeof locks?.request === 'function' ? locks : undefined;
}

interface ChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  unref?: () => void;
}

const MESSAGE_TYPE = 'vitrine:auth-changed';

/**
 * Connects a client to its other tabs: a `BroadcastChannel` nudge after each commit (carrying
 * no token: the other tabs read the shared storage), the storage's own `watch` (`storage`
 * events), and a Web Lock around renewals.
 */
export function connectTabSync(options: TabSyncOptions): TabSync {
  const { store, storage, clientId } = options;
  const closers: (() => void)[] = [];

  const Channel = (globalThis as { BroadcastChannel?: new (name: string) => ChannelLike })
    .BroadcastChannel;
  if (typeof Channel === 'function') {
    try {
      const channel = new Channel(`vitrine-auth:${clientId}`);
      channel.unref?.(); // never keep a Node process alive
      channel.onmessage = (event) => {
        // A channel never hears its own messages, so this is always another client's change.
        const data = event.data as { type?: unknown } | null;
        if (data?.type === MESSAGE_TYPE) store.reconcile();
      };
      closers.push(
        store.onCommit(() => {
          try {
            channel.postMessage({ type: MESSAGE_TYPE });
          } catch {
            // A closed channel: the other tabs still get storage events.
          }
        }),
        () => channel.close(),
      );
    } catch {
      // BroadcastChannel refused (opaque origin): storage events remain.
    }
  }
  if (typeof storage.watch === 'function') {
    closers.push(storage.watch(() => store.reconcile()));
  }

  const flagName = (key: string) => `vitrine-auth-flag:${clientId}:${key}`;
  const flags: TabFlags = {
    holdFlag(key, ms) {
      const locks = lockManager();
      if (locks === undefined) return () => {};
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const timer = setTimeout(() => release(), ms);
      void locks.request(flagName(key), { mode: 'shared' }, () => held).catch(() => {});
      const stop = () => {
        clearTimeout(timer);
        release();
      };
      closers.push(stop);
      return stop;
    },
    async flagHeld(key) {
      const locks = lockManager();
      if (typeof locks?.query !== 'function') return false;
      const { held = [] } = await locks.query();
      return held.some((lock) => lock.name === flagName(key));
    },
  };

  return {
    async withLock(work) {
      const locks = lockManager();
      if (locks === undefined) return work(flags);
      const controller = new AbortController();
      let acquired = false;
      const timer = setTimeout(() => {
        if (!acquired) controller.abort();
      }, options.lockTimeout);
      try {
        return await locks.request(
          `vitrine-auth-renewal:${clientId}`,
          { signal: controller.signal },
          () => {
            acquired = true;
            clearTimeout(timer);
            return work(flags);
          },
        );
      } catch (error) {
        if (!acquired && controller.signal.aborted) {
          throw new StoreAuthError({
            code: 'LOCK_TIMEOUT',
            message: `Another tab held the token renewal lock for more than ${options.lockTimeout} ms`,
            retryable: true,
          });
        }
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      for (const close of closers.splice(0)) close();
    },
  };
}

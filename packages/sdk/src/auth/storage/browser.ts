import { memoryStorage } from './memory.js';
import type { TokenStorage } from './types.js';

/** Options of {@link browserStorage}. */
export interface BrowserStorageOptions {
  /**
   * The Web Storage to use.
   * @default window.localStorage
   * @example browserStorage({ storage: window.sessionStorage }) // one tab only
   */
  storage?: Storage;
}

/**
 * Keeps values in `localStorage` (the default in browsers), so a shopper stays signed in across
 * reloads and tabs, and tells the client when another tab changed them (`storage` events).
 *
 * When the Web Storage is missing or refuses (private mode, a full quota, a sandboxed frame that
 * throws `SecurityError`), values are kept in memory instead, for this page only.
 *
 * @example
 * createStoreClient({ clientId, storage: browserStorage() });
 */
export function browserStorage(options: BrowserStorageOptions = {}): TokenStorage {
  const fallback = memoryStorage();
  const webStorage = (): Storage | undefined => {
    try {
      return options.storage ?? (globalThis as { localStorage?: Storage }).localStorage;
    } catch {
      // Reading `localStorage` itself throws in sandboxed frames and with cookies blocked.
      return undefined;
    }
  };

  return {
    getItem(key) {
      const fromMemory = fallback.getItem(key);
      if (fromMemory !== undefined && fromMemory !== null) return fromMemory;
      try {
        return webStorage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        const storage = webStorage();
        if (storage === undefined) throw new Error('no Web Storage');
        storage.setItem(key, value);
        fallback.removeItem(key);
      } catch {
        // QuotaExceededError or SecurityError: keep it for this page rather than lose it.
        fallback.setItem(key, value);
      }
    },
    removeItem(key) {
      fallback.removeItem(key);
      try {
        webStorage()?.removeItem(key);
      } catch {
        // Nothing stored there, then.
      }
    },
    watch(listener) {
      const target = globalThis as Partial<
        Pick<Window, 'addEventListener' | 'removeEventListener'>
      >;
      if (typeof target.addEventListener !== 'function') return () => {};
      const onStorage = (event: Event): void => {
        const key = (event as StorageEvent).key;
        // A `null` key is `localStorage.clear()` in another tab.
        if (key === null || key === undefined || key.startsWith('vitrine:')) listener();
      };
      target.addEventListener('storage', onStorage);
      return () => target.removeEventListener?.('storage', onStorage);
    },
  };
}

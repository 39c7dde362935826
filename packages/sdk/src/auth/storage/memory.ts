import type { TokenStorage } from './types.js';

/**
 * Keeps values in this object only: nothing survives a reload and nothing is shared. The
 * default on servers, where each request builds its own client (and so its own storage), so two
 * requests never see each other's tokens.
 *
 * @example
 * createStoreClient({ clientId, storage: memoryStorage() });
 */
export function memoryStorage(): TokenStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key),
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

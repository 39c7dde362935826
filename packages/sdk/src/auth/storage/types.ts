/**
 * Where a client keeps its tokens and its pending hosted-login data. Keys are already namespaced
 * by client id (`vitrine:<clientId>:…`); values are strings. Every method is synchronous, so a
 * client knows its tokens the moment it is created (no flash of "signed out" in a render).
 *
 * Pass {@link memoryStorage}, {@link browserStorage}, {@link cookieStorage}, or any object of
 * this shape (an adapter over a server session, a key-value store with a local cache…).
 *
 * @example
 * const store = createStoreClient({ clientId, storage: memoryStorage() });
 */
export interface TokenStorage {
  /** The stored value, or `null`/`undefined` when there is none. */
  getItem(key: string): string | null | undefined;
  /** Stores a value. May throw (quota): the client then keeps the value in memory only. */
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /**
   * Optional: calls `listener` when another tab changed the stored values (for example on a
   * `storage` event). Returns a function that stops listening.
   */
  watch?(listener: () => void): () => void;
}

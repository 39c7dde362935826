/**
 * What a server read of a shopper's session and cart, handed to the browser with the page so
 * its first render shows the same thing (no hydration mismatch) and it does not read them again.
 */
import type { Cart } from '../models/cart.js';
import type { TokenRole } from '../models/tokens.js';
import type { StoreClient } from './create-store-client.js';

/**
 * The session and cart a server rendered with. Plain JSON: no token, nothing secret, fit to be
 * serialized into the page (React Server Component props, `window.__STATE__`…).
 *
 * @example
 * const snapshot = await readStoreSnapshot(store);
 * return <StoreProvider client={browserStore} snapshot={snapshot}>…</StoreProvider>;
 */
export interface StoreSnapshot {
  /** The role the server saw: `none`, `visitor` or `member`. */
  role: TokenRole;
  /**
   * The shopper's cart as the server read it: `null` when there is none, `undefined` when the
   * server did not (or could not) read it, in which case the browser reads it.
   */
  cart?: Cart | null;
}

/** Options of {@link readStoreSnapshot}. */
export interface ReadStoreSnapshotOptions {
  /**
   * Read the cart too (one request, none for a visitor minted by this request).
   * @default true
   */
  cart?: boolean;
}

/**
 * Reads the session and, by default, the cart of `store` for the page being rendered. A cart
 * that cannot be read (the platform is down) is left out rather than failing the page: the
 * browser reads it after hydration.
 *
 * @example
 * const store = await createServerStoreClient({ clientId, cookies: await cookies() });
 * const snapshot = await readStoreSnapshot(store);
 */
export async function readStoreSnapshot(
  store: StoreClient,
  options: ReadStoreSnapshotOptions = {},
): Promise<StoreSnapshot> {
  const role = store.auth.role;
  if (options.cart === false) return { role };
  try {
    return { role, cart: await store.cartStore.load() };
  } catch {
    return { role };
  }
}

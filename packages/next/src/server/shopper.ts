/**
 * What the shopper's parts of a page render with: their session and cart as the server reads
 * them for this request, and what the browser's client needs to take over. Plain JSON: no token.
 */
import { cookies } from 'next/headers';
import { connection } from 'next/server';
import { cache } from 'react';
import { readStoreSnapshot, type StoreSnapshot } from '@vitrine/sdk';
import { sessionIdentity } from '@vitrine/sdk/server';
import { cartHintCookieName, knownToHaveNoCart, sessionCookieName } from '../shared/cookies.js';
import { getRequestStore } from './request-store.js';
import { readStoreConfig } from './store-config.js';

/** The session and cart a server rendered with, and the store the browser's client talks to. */
export interface Shopper {
  /** The role, and the cart (`null`: none; `undefined`: not read, the browser reads it). */
  snapshot: StoreSnapshot;
  /**
   * The session's identity id (not a secret): the browser's client of another identity (signed
   * in or out since, in another tab) is replaced by one of this identity.
   */
  identity: string | undefined;
  /** The store, as the browser's client reaches it. */
  store: { clientId: string; baseUrl: string | undefined };
}

/**
 * This request's shopper, read once per request. A shopper without a session (a request the
 * proxy did not give one) costs no platform call, nor does a visitor known to have no cart; any
 * other costs one, the cart. A cart that cannot be read (the platform is down) is left for the
 * browser to read.
 *
 * @example
 * const { snapshot } = await readShopper();
 * return <p>{snapshot.cart?.lineItems.length ?? 0} items</p>;
 */
export const readShopper = cache(async (): Promise<Shopper> => {
  await connection();
  const config = readStoreConfig();
  const store = { clientId: config.clientId, baseUrl: config.baseUrl };
  const jar = await cookies();
  if (!jar.has(sessionCookieName(config.clientId)))
    return { snapshot: { role: 'none', cart: null }, identity: undefined, store };
  let client;
  try {
    client = await getRequestStore();
  } catch {
    // The store could not be reached: the browser's client tries on its own.
    return { snapshot: { role: 'none' }, identity: undefined, store };
  }
  const identity = sessionIdentity(client);
  const snapshot = knownToHaveNoCart(jar.get(cartHintCookieName(config.clientId))?.value, identity)
    ? { role: client.auth.role, cart: null }
    : await readStoreSnapshot(client);
  return { snapshot, identity, store };
});

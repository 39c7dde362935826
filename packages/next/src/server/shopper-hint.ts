/**
 * The shopper's hint (shared/cookies.ts) written by a server action, for the pages that follow
 * it: a cart change writes the cart's new count, a sign-in the member's.
 */
import { cookies } from 'next/headers';
import { readStoreSnapshot, sessionIdentity } from '@vitrine/sdk/server';
import type { Cart, StoreClient } from '@vitrine/sdk';
import { HINT_MAX_AGE, cartHintCookieName, shopperHintValue } from '../shared/cookies.js';
import { requestOrigin } from './request-store.js';
import { readStoreConfig } from './store-config.js';

/**
 * Writes the hint of `store`'s shopper with `cart` (read here when not given: one platform
 * call). Without the session's identity or a cart that could be read, deletes it instead: the
 * next page view's proxy reads the cart.
 */
export async function keepHint(store: StoreClient, cart?: Cart | null): Promise<void> {
  const config = readStoreConfig();
  const jar = await cookies();
  const name = cartHintCookieName(config.clientId);
  const identity = sessionIdentity(store);
  const known = cart === undefined ? (await readStoreSnapshot(store)).cart : cart;
  if (identity === undefined || known === undefined) {
    jar.delete(name);
    return;
  }
  const itemCount = known?.lineItems.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  const role = store.auth.role === 'member' ? 'member' : 'visitor';
  const secure = (await requestOrigin(config)).startsWith('https:');
  jar.set(name, shopperHintValue({ itemCount, role, identity, clientId: config.clientId }), {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    maxAge: HINT_MAX_AGE,
  });
}

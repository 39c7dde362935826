/**
 * The store client of the request being rendered, for server components and server actions
 * (the shopper's parts of the pages). Not for cached functions: a shopper's tokens never enter a
 * cache entry.
 */
import { cookies, headers } from 'next/headers';
import { after, connection } from 'next/server';
import { cache } from 'react';
import type { StoreClient } from '@vitrine/sdk';
import { createServerStoreClient } from '@vitrine/sdk/server';
import { clientOptionsOf, readStoreConfig, shopOrigin, type StoreConfig } from './store-config.js';

/**
 * This request's client, with the shopper's session from the cookies (the proxy has made it
 * valid), one per request and shared by every component that asks, disposed once the response
 * is sent. A request without a session gets a client without one (role `none`): its visitor is
 * minted on the first call that needs a token (a cart write, a sign-in), so a server component
 * that only reads the role costs no grant. In a server action it may write cookies (a sign-in, a
 * new visitor, a renewal); in a server component it cannot, and needs not. At request time only:
 * it reads the request's cookies.
 *
 * @example
 * const store = await getRequestStore();
 * if (store.auth.isLoggedIn()) orders = await store.orders.search({ cursorPaging: { limit: 5 } });
 * @throws {StoreArgumentError} when the environment does not name a store (`VITRINE_CLIENT_ID`).
 * @throws {StoreAuthError} when the platform could not be reached to renew the session.
 */
export const getRequestStore = cache(async (): Promise<StoreClient> => {
  await connection();
  const config = readStoreConfig();
  const origin = await requestOrigin(config);
  const store = await createServerStoreClient({
    ...clientOptionsOf(config),
    cookies: await cookies(),
    secure: origin.startsWith('https:'),
    httpOnly: true,
    // A sign-in with a password reads the member's code off the platform's redirect to this
    // registered address (it is never loaded).
    redirectUri: `${origin}${config.callbackPath}`,
    mint: 'on-first-use',
  });
  after(() => store.dispose());
  return store;
});

/** The shop's origin for this request (`VITRINE_SITE_URL`, or the request's host). */
export async function requestOrigin(config: StoreConfig): Promise<string> {
  const list = await headers();
  return shopOrigin(config, list, `http://${list.get('host') ?? 'localhost'}`);
}

/**
 * The store client of the request being rendered, for server components (the shopper's parts
 * of the pages). Not for the browser: it reads the request's cookies. Not for cached functions
 * either: a shopper's tokens must never become part of a cache entry.
 */
import { cookies } from 'next/headers';
import { after, connection } from 'next/server';
import { cache } from 'react';
import type { StoreClient, StoreSnapshot } from '@vitrine/sdk';
import { createServerStoreClient, readStoreSnapshot } from '@vitrine/sdk/server';
import { readStoreConfig, type StoreConfig } from './store-config';

/**
 * This request's client, with the shopper's tokens from the cookies. `cache` makes it one per
 * request, shared by every component that reads it. The proxy has already renewed the tokens and
 * put the new ones in the request's cookies, so this grants nothing; server components cannot
 * write cookies anyway (the SDK tolerates that).
 */
export const getRequestStore = cache(async (): Promise<StoreClient> => {
  // At request time only, never in a prerender or a prefetched App Shell: the client checks the
  // tokens against the clock, and what it reads is this shopper's.
  await connection();
  const store = await createServerStoreClient({ ...readStoreConfig(), cookies: await cookies() });
  // Released once the response is sent.
  after(() => store.dispose());
  return store;
});

/**
 * What the shopper's parts of a page render with: the session and cart (plain JSON, no token),
 * read once per request, and the store's address for the browser's client.
 */
export const readShopper = cache(
  async (): Promise<{ config: StoreConfig; snapshot: StoreSnapshot }> => {
    const snapshot = await readStoreSnapshot(await getRequestStore());
    return { config: readStoreConfig(), snapshot };
  },
);

/**
 * The store client of the request being rendered, for server components (the layout and the
 * pages). Not for the browser: it reads the request's cookies.
 */
import { cookies } from 'next/headers';
import { after } from 'next/server';
import { cache } from 'react';
import type { StoreClient } from '@vitrine/sdk';
import { createServerStoreClient } from '@vitrine/sdk/server';
import { readStoreConfig } from './store-config';

/**
 * This request's client, with the shopper's tokens from the cookies. `cache` makes it one per
 * request, shared by the layout and the page. The proxy has already renewed the tokens and put
 * the new ones in the request's cookies, so this grants nothing; server components cannot write
 * cookies anyway (the SDK tolerates that).
 */
export const getRequestStore = cache(async (): Promise<StoreClient> => {
  const store = await createServerStoreClient({ ...readStoreConfig(), cookies: await cookies() });
  // Released once the response is sent.
  after(() => store.dispose());
  return store;
});

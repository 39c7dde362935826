'use client';
/**
 * The browser's store client, handed to the parts of a page that use Vitrine's hooks. Those
 * parts render at request time (they need the store's address, read from the server's
 * environment, and some the shopper's session), each behind its own `<Suspense>`, while the
 * rest of the page is the cached shell. Every island of a page load shares one client: one set of
 * tokens (read from the cookies the proxy wrote, so nothing grants again), one cart.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { StoreProvider } from '@vitrine/react';
import {
  cookieStorage,
  createStoreClient,
  type StoreClient,
  type StoreSnapshot,
} from '@vitrine/sdk';
import type { StoreConfig } from '../lib/store-config';

const StoreClients = createContext<Map<string, StoreClient> | null>(null);

/**
 * Holds the page load's clients (one per store: one in practice). In the root layout, above
 * every island; on the server, one per request.
 */
export function StoreClientsProvider({ children }: { children: ReactNode }): ReactNode {
  const [clients] = useState(() => new Map<string, StoreClient>());
  return <StoreClients.Provider value={clients}>{children}</StoreClients.Provider>;
}

/**
 * Vitrine's hooks for `children`, with the page load's client for `config`'s store. With
 * `snapshot` (the session and cart the server read), the hooks render them on the server and
 * while hydrating, so the HTML is right and hydration matches; the first island with one also
 * starts the client's cart from it, so the browser does not read it again.
 */
export function StoreIsland({
  config,
  snapshot,
  children,
}: {
  config: StoreConfig;
  snapshot?: StoreSnapshot;
  children: ReactNode;
}): ReactNode {
  const clients = useContext(StoreClients);
  if (clients === null) throw new Error('<StoreIsland> must be inside <StoreClientsProvider>');
  const key = `${config.clientId} ${config.baseUrl}`;
  let store = clients.get(key);
  if (store === undefined) {
    // Building the client reads no clock and no random value. While Next renders this on the
    // server, `cookieStorage()` keeps what it is given in memory: that render uses `snapshot`,
    // never this client's tokens.
    store = createStoreClient({
      clientId: config.clientId,
      baseUrl: config.baseUrl,
      storage: cookieStorage(),
    });
    clients.set(key, store);
  }
  return (
    <StoreProvider client={store} {...(snapshot ? { snapshot } : {})}>
      {children}
    </StoreProvider>
  );
}

'use client';
/**
 * The browser's side of the shop: one store client for the whole visit, handed to every hook by
 * `<StoreProvider>`. It reads the tokens the server wrote to cookies (no second grant), and
 * starts from the session and cart the server rendered with (`snapshot`), so hydration matches
 * and the cart is not read again.
 */
import { useState, type ReactNode } from 'react';
import { StoreProvider } from '@vitrine/react';
import { cookieStorage, createStoreClient, type StoreSnapshot } from '@vitrine/sdk';
import { CartDrawerProvider } from '../components/CartDrawerContext';
import type { StoreConfig } from '../lib/store-config';

export function Providers({
  config,
  snapshot,
  children,
}: {
  config: StoreConfig;
  snapshot: StoreSnapshot;
  children: ReactNode;
}): ReactNode {
  // Once per page load. (While Next renders this on the server, `cookieStorage()` keeps what it
  // is given in memory: the server's render uses `snapshot`, never this client's tokens.)
  const [store] = useState(() =>
    createStoreClient({
      clientId: config.clientId,
      baseUrl: config.baseUrl,
      storage: cookieStorage(),
    }),
  );
  return (
    <StoreProvider client={store} snapshot={snapshot}>
      <CartDrawerProvider>{children}</CartDrawerProvider>
    </StoreProvider>
  );
}

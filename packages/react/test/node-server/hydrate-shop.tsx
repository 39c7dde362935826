// The browser half of the plain Node recipe: the same cookies, the server's snapshot and
// prefetched queries, and no second visitor grant or cart read.
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { hydrateRoot, type Root } from 'react-dom/client';
import {
  StoreProvider,
  cookieStorage,
  createStoreClient,
  type CatalogOption,
  type StoreSnapshot,
} from '@vitrine/react';
import { Shop } from './shop-server.js';

/** What the server embedded in the page. */
export interface ShopState {
  snapshot: StoreSnapshot;
  queries: DehydratedState;
}

/** Hydrates the server's HTML in `container`. */
export function hydrateShop(
  container: Element,
  state: ShopState,
  options: { apiUrl: string; clientId: string; catalog?: CatalogOption },
): Root {
  const store = createStoreClient({
    clientId: options.clientId,
    baseUrl: options.apiUrl,
    catalog: options.catalog ?? 'auto',
    storage: cookieStorage(), // document.cookie: the tokens the server wrote
  });
  return hydrateRoot(
    container,
    <StoreProvider client={store} snapshot={state.snapshot}>
      <HydrationBoundary state={state.queries}>
        <Shop />
      </HydrationBoundary>
    </StoreProvider>,
  );
}

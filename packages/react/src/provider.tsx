'use client';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import {
  snapshotCartState,
  type AuthState,
  type StoreClient,
  type StoreSnapshot,
} from '@vitrine/sdk';
import { ServerStatesContext, StoreClientContext, type ServerStates } from './context.js';
import { createQueryClient } from './query-client.js';

/** Props of {@link StoreProvider}. */
export interface StoreProviderProps {
  /** The client every hook below uses (from `createStoreClient`). */
  client: StoreClient;
  /**
   * The TanStack Query client for the catalog hooks. Without one, the app's own
   * `<QueryClientProvider>` is used when there is one, else the provider creates one.
   */
  queryClient?: QueryClient;
  /**
   * The session and cart the server rendered the page with (`readStoreSnapshot` of
   * `@vitrine/sdk/server`). The hooks render them on the server and while hydrating, so the
   * first HTML shows the right role and cart count and hydration matches; the client starts
   * from the server's cart instead of reading it again.
   *
   * @example <StoreProvider client={store} snapshot={snapshot}>
   */
  snapshot?: StoreSnapshot;
  children?: ReactNode;
}

/**
 * Makes `client` available to every Vitrine hook below it. Create the client once per browser
 * app, and once per request when rendering on a server, so two requests never share tokens.
 *
 * @example
 * const store = createStoreClient({ clientId: 'vitrine-local-client', baseUrl: 'http://127.0.0.1:4010' });
 * root.render(<StoreProvider client={store}><App /></StoreProvider>);
 */
export function StoreProvider({
  client,
  queryClient,
  snapshot,
  children,
}: StoreProviderProps): ReactNode {
  const appQueryClient = useContext(QueryClientContext);
  // Created once per provider: a new QueryClient on every render would drop the cache.
  const [ownQueryClient] = useState(() =>
    queryClient === undefined && appQueryClient === undefined ? createQueryClient() : undefined,
  );
  // Read once, on the first render, on the server and in the browser alike: the states the
  // page was rendered with must not change while it hydrates.
  const [serverStates] = useState(() => serverStatesOf(client, snapshot));
  const content = (
    <StoreClientContext.Provider value={client}>
      <ServerStatesContext.Provider value={serverStates}>{children}</ServerStatesContext.Provider>
    </StoreClientContext.Provider>
  );
  const provided = queryClient ?? ownQueryClient;
  return provided === undefined ? (
    content
  ) : (
    <QueryClientProvider client={provided}>{content}</QueryClientProvider>
  );
}

function serverStatesOf(client: StoreClient, snapshot: StoreSnapshot | undefined): ServerStates {
  if (snapshot === undefined) return { session: undefined, cart: undefined };
  // The client starts from the server's cart, so it does not read it again after hydrating.
  if (snapshot.cart !== undefined) client.cartStore.hydrate(snapshot.cart);
  const session: AuthState = {
    tokens: undefined,
    role: snapshot.role,
    isLoggedIn: snapshot.role === 'member',
    loginState: 'INITIAL',
    status: 'idle',
    error: undefined,
  };
  // What the server rendered, not what this client has learned since: another island of the page
  // may have hydrated first and moved the shared client's cart on (read it, carried it at sign-in).
  return {
    session,
    cart: snapshot.cart === undefined ? undefined : snapshotCartState(snapshot.cart),
  };
}

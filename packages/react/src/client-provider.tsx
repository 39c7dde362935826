'use client';
import { useState, type ReactNode } from 'react';
import { snapshotCartState } from '@vitrine/sdk/lite';
import type { AuthState, StoreClient, StoreSnapshot } from '@vitrine/sdk';
import { ServerStatesContext, StoreClientContext, type ServerStates } from './context.js';

/** Props of {@link StoreClientProvider}. */
export interface StoreClientProviderProps {
  /**
   * The client the hooks below use: a `createStoreClient` one, or a client that loads on first
   * use (`createDeferredStoreClient` of `@vitrine/sdk/lite`).
   */
  client: StoreClient;
  /**
   * The session and cart the server rendered the page with (`readStoreSnapshot`). The hooks
   * render them on the server and while hydrating, so hydration matches; the client starts from
   * the server's cart instead of reading it again.
   */
  snapshot?: StoreSnapshot;
  children?: ReactNode;
}

/**
 * Makes `client` available to the hooks below that need no TanStack Query: `useSession`,
 * `useCart`, `useStoreClient` and `useProductChoice`. It imports neither TanStack Query nor the
 * SDK's client code, so an island of a server-rendered page can start with it and a client that
 * loads on first use (import it from `@vitrine/react/lite`). The catalog, mutation and sign-in
 * hooks need a `QueryClient`: use {@link StoreProvider}, or put a `<QueryClientProvider>` above.
 *
 * @example
 * const store = createDeferredStoreClient({ clientId, role: snapshot.role, load });
 * <StoreClientProvider client={store} snapshot={snapshot}><CartButton /></StoreClientProvider>
 */
export function StoreClientProvider({
  client,
  snapshot,
  children,
}: StoreClientProviderProps): ReactNode {
  // Read once, on the first render, on the server and in the browser alike: the states the
  // page was rendered with must not change while it hydrates.
  const [serverStates] = useState(() => serverStatesOf(client, snapshot));
  return (
    <StoreClientContext.Provider value={client}>
      <ServerStatesContext.Provider value={serverStates}>{children}</ServerStatesContext.Provider>
    </StoreClientContext.Provider>
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

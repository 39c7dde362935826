'use client';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import type { StoreClient, StoreSnapshot } from '@vitrine/sdk';
import { StoreClientProvider } from './client-provider.js';
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
  const content = (
    <StoreClientProvider client={client} {...(snapshot === undefined ? {} : { snapshot })}>
      {children}
    </StoreClientProvider>
  );
  const provided = queryClient ?? ownQueryClient;
  return provided === undefined ? (
    content
  ) : (
    <QueryClientProvider client={provided}>{content}</QueryClientProvider>
  );
}

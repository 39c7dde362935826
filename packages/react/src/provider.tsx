'use client';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import type { StoreClient } from '@vitrine/sdk';
import { StoreClientContext } from './context.js';

/** Props of {@link StoreProvider}. */
export interface StoreProviderProps {
  /** The client every hook below uses (from `createStoreClient`). */
  client: StoreClient;
  /**
   * The TanStack Query client for the catalog hooks. Without one, the app's own
   * `<QueryClientProvider>` is used when there is one, else the provider creates one.
   */
  queryClient?: QueryClient;
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
export function StoreProvider({ client, queryClient, children }: StoreProviderProps): ReactNode {
  const appQueryClient = useContext(QueryClientContext);
  // Created once per provider: a new QueryClient on every render would drop the cache.
  const [ownQueryClient] = useState(() =>
    queryClient === undefined && appQueryClient === undefined ? createQueryClient() : undefined,
  );
  const content = (
    <StoreClientContext.Provider value={client}>{children}</StoreClientContext.Provider>
  );
  const provided = queryClient ?? ownQueryClient;
  return provided === undefined ? (
    content
  ) : (
    <QueryClientProvider client={provided}>{content}</QueryClientProvider>
  );
}

/**
 * The QueryClient a provider creates when the app has none. The SDK already retries what is
 * safe to retry, so queries do not retry again on top of it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
  });
}

import { QueryClient } from '@tanstack/react-query';

/**
 * The QueryClient a provider creates when the app has none. The SDK already retries what is
 * safe to retry, so queries do not retry again on top of it. Server-safe: create one per
 * request to prefetch catalog queries in a server component or loader.
 *
 * @example
 * const queryClient = createQueryClient();
 * await queryClient.prefetchQuery(productsQueryOptions(store, { limit: 12 }));
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
  });
}

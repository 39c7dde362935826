'use client';
import { createContext, useContext } from 'react';
import type { StoreClient } from '@vitrine/sdk';

/** Carries the client of the nearest `<StoreProvider>`. */
export const StoreClientContext = createContext<StoreClient | null>(null);

/** Thrown by every hook used outside a `<StoreProvider>`. */
export class MissingStoreProviderError extends Error {
  override name = 'MissingStoreProviderError' as const;
  constructor(hook: string) {
    super(
      `${hook} must be used inside <StoreProvider client={store}>: wrap your app (or this part of it) in a StoreProvider.`,
    );
  }
}

/**
 * The client of the nearest `<StoreProvider>`, for calls the hooks do not cover.
 *
 * @example
 * const store = useStoreClient();
 * const response = await store.fetch('/stores-reader/v1/products/p1');
 * @throws {MissingStoreProviderError} outside a `<StoreProvider>`.
 */
export function useStoreClient(): StoreClient {
  return useRequiredClient('useStoreClient');
}

/** The provider's client, or a clear error naming the hook that needed it. */
export function useRequiredClient(hook: string): StoreClient {
  const client = useContext(StoreClientContext);
  if (client === null) throw new MissingStoreProviderError(hook);
  return client;
}

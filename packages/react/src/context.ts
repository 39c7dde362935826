'use client';
import { createContext, useContext } from 'react';
import type { AuthState, CartState, StoreClient } from '@vitrine/sdk';
import { MissingStoreProviderError } from './errors.js';

/** Carries the client of the nearest `<StoreProvider>`. */
export const StoreClientContext = createContext<StoreClient | null>(null);

/**
 * What the nearest provider's server rendered with (its `snapshot`), as the states the hooks
 * read: used on the server and while hydrating, so both render the same HTML.
 */
export interface ServerStates {
  session: AuthState | undefined;
  cart: CartState | undefined;
}

/** The provider's {@link ServerStates}; none without a `snapshot`. */
export const ServerStatesContext = createContext<ServerStates>({
  session: undefined,
  cart: undefined,
});

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

/** The provider's {@link ServerStates}. */
export function useServerStates(): ServerStates {
  return useContext(ServerStatesContext);
}

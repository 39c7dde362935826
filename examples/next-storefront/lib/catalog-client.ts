/**
 * The shop server's own client for catalog reads: an anonymous visitor of the shop itself, one
 * per store, with its tokens in its own memory. Never a shopper's client: the catalog is the same
 * for every visitor, so it is read and cached once for all of them, and no shopper's token ever
 * enters a cached function (where it would be part of a cache key, and its answer another
 * shopper's page). Server only.
 */
import { createStoreClient, type StoreClient } from '@vitrine/sdk';
import type { StoreConfig } from './store-config';

// One per store the server talks to (its environment names one): it grants once, then renews
// its tokens itself, for the life of the process.
const clients = new Map<string, StoreClient>();

/**
 * The catalog client of `config`'s store, created on first use.
 * @example const page = await catalogClient(config).products.query(query);
 */
export function catalogClient(config: StoreConfig): StoreClient {
  const key = `${config.clientId} ${config.baseUrl}`;
  let client = clients.get(key);
  if (client === undefined) {
    client = createStoreClient({ clientId: config.clientId, baseUrl: config.baseUrl });
    clients.set(key, client);
  }
  return client;
}

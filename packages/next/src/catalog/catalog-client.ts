/**
 * The shop server's own client for catalog reads: an anonymous visitor of the shop itself, one
 * per store, its tokens in its own memory. Never a shopper's client: the catalog is the same for
 * every visitor, read and cached once for all of them, and no shopper's token ever enters a
 * cached function. It holds no timer, channel or listener: it renews its tokens when a read
 * needs them. Server only.
 */
import { createStoreClient, type StoreClient } from '@vitrine/sdk';
import { clientOptionsOf, readStoreConfig } from '../server/store-config.js';

// One per store the environment names (one in practice); it grants once, then renews.
const clients = new Map<string, StoreClient>();

/** The catalog client of the store the environment names, made on first use. */
export function catalogClient(): StoreClient {
  const config = readStoreConfig();
  const key = `${config.clientId} ${config.baseUrl ?? ''}`;
  let client = clients.get(key);
  if (client === undefined) {
    client = createStoreClient({ ...clientOptionsOf(config), tabSync: false });
    clients.set(key, client);
  }
  return client;
}

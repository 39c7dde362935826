// The islands' scenario: a server-rendered page's client that loads on first use. Its initial
// load is what such a page downloads of the SDK before the shopper touches anything.
import { createDeferredStoreClient } from '@vitrine/sdk/lite';

export function run(snapshot) {
  const store = createDeferredStoreClient({
    clientId: 'my-headless-client-id',
    role: snapshot.role,
    load: async () =>
      (await import('@vitrine/sdk')).createStoreClient({ clientId: 'my-headless-client-id' }),
  });
  store.cartStore.hydrate(snapshot.cart);
  return store;
}

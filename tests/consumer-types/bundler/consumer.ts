// A Node app of this module kind, compiled against the built packages' declarations.
import { createStoreClient, isStoreApiError, type Cart, type StoreClient } from '@vitrine/sdk';
import {
  createServerStoreClient,
  readStoreSnapshot,
  type StoreSnapshot,
} from '@vitrine/sdk/server';
import { createQueryClient, productsQueryOptions, StoreProvider } from '@vitrine/react';
import { createElement } from 'react';

const store: StoreClient = createStoreClient({ clientId: 'app', baseUrl: 'http://127.0.0.1:4010' });

export async function render(cookies: Map<string, string>): Promise<unknown> {
  const requestStore = await createServerStoreClient({
    clientId: 'app',
    url: 'https://shop.example/',
    cookies: {
      get: (name) => cookies.get(name),
      set: (name, value) => void cookies.set(name, value),
    },
  });
  const snapshot: StoreSnapshot = await readStoreSnapshot(requestStore);
  const cart: Cart | null | undefined = snapshot.cart;
  const queryClient = createQueryClient();
  await queryClient.prefetchQuery(productsQueryOptions(requestStore, { limit: 4 }));
  try {
    await store.products.get('p1');
  } catch (error) {
    if (isStoreApiError(error)) return error.code;
  }
  return createElement(StoreProvider, { client: store, snapshot, children: String(cart?.id) });
}

export { useCart, useSession } from '@vitrine/react';

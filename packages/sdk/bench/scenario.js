// The storefront scenario whose browser bundle size the benchmark measures: create a client,
// read the cart, add to it, read a page of products (the storefront reads, either catalog). Only
// public imports, as an app would write it.
import { createStoreClient } from '@vitrine/sdk';

const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

export async function run() {
  const store = createStoreClient({ clientId: 'my-headless-client-id' });
  const { cart } = await store.cart.get();
  await store.cart.addItems({
    lineItems: [{ catalogReference: { catalogItemId: 'p1', appId: STORES_APP_ID }, quantity: 1 }],
  });
  const page = await store.storefront.products({ text: 'Shirt' });
  return [cart, page.items.length];
}

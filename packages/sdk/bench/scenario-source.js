// bench/scenario.js bundled against the source (src/index.ts) instead of the built package, so
// that `node scripts/check-size.mjs --by-source` can list the initial load by source file.
import { createStoreClient } from '../src/index.ts';

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

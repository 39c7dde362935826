// A shop's page on the SDK's build: its grid, a product page, the categories, an add to the cart
// by the storefront model's line, and the cart read back. Run by lazy-chunks.e2e.test.ts with
// the address and client id of an emulator; prints what it did as JSON.
import { createStoreClient, storefrontLineItem, chosenVariant } from '../../dist/index.js';

const [baseUrl, clientId] = process.argv.slice(2);
const store = createStoreClient({ clientId, baseUrl, tabSync: false });
try {
  const grid = await store.storefront.products({ limit: 12 });
  const categories = await store.storefront.categories();
  const detail = await store.storefront.product({ slug: grid.items[0].slug });
  const variant = detail.variants.find((v) => v.stock.inStock && v.visible);
  const line = storefrontLineItem(detail, { selection: variant.choices });
  await store.cartStore.addItems({ lineItems: [line] });
  const cart = await store.cart.get();
  process.stdout.write(
    JSON.stringify({
      catalog: await store.storefront.catalogVersion(),
      products: grid.items.length,
      categories: categories.items.length,
      chosen: chosenVariant(detail, variant.choices)?.id === variant.id,
      lines: cart.lineItems?.length ?? 0,
    }),
  );
} finally {
  store.dispose();
}

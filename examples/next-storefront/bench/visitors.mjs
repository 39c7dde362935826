// Visitors for the benchmarks: a returning visitor is the cookies of a first visit to the shop,
// with a cart put in by the store's own client (set-up, not what is measured), the way the shop's
// browser tests make one (e2e/shopper.ts `storeWithCookieJar`).
import { cookieStorage, createStoreClient, storefrontLineItem } from '@vitrine/sdk';
import { BENCH_CATALOG, CookieJar, timedGet } from './lib.mjs';

/** The product the benchmarks put in carts. */
export const CART_PRODUCT = 'brass-ruler';

/**
 * The cart line of `quantity` of the product of `slug` (without options), asked of the store on
 * either catalog: the storefront model's line, naming its variant, without its preview.
 */
export async function cartLine(emulator, slug, quantity = 1) {
  // Told its catalog: the set-up reads no version, so the log's version reads are the shop's.
  const store = createStoreClient({
    clientId: emulator.clientId,
    baseUrl: emulator.url,
    catalog: BENCH_CATALOG,
  });
  try {
    const product = await store.storefront.product({ slug });
    if (!product) throw new Error(`No product ${slug}`);
    const { preview: _preview, ...line } = storefrontLineItem(product, { quantity });
    return line;
  } finally {
    store.dispose?.();
  }
}

/**
 * A returning visitor of the shop at `origin`: a first visit of the home page, then `line` (see
 * {@link cartLine}) in its cart, then another visit. Returns its cookie jar.
 */
export async function returningVisitor({ origin, emulator, line }) {
  const jar = new CookieJar();
  const first = await timedGet(`${origin}/`, { jar });
  if (first.status !== 200) throw new Error(`A first visit answered ${first.status}`);
  if (line !== undefined) {
    const store = createStoreClient({
      clientId: emulator.clientId,
      baseUrl: emulator.url,
      catalog: BENCH_CATALOG,
      storage: cookieStorage({
        get: (name) => jar.values.get(name),
        set: (name, value, attributes) => {
          if (attributes.maxAge === 0) jar.values.delete(name);
          else jar.values.set(name, value);
        },
        secure: false,
      }),
    });
    try {
      await store.cart.addItems({ lineItems: [line] });
    } finally {
      store.dispose?.();
    }
    // This write was not the shop's (whose writes keep the shopper's hint): its hint is dropped,
    // and the visitor views a page again, whose proxy reads the cart once and writes the hint,
    // as a shopper who added something and came back holds it.
    for (const name of jar.values.keys()) if (name.endsWith('.cart')) jar.values.delete(name);
    const again = await timedGet(`${origin}/`, { jar });
    if (again.status !== 200) throw new Error(`A second visit answered ${again.status}`);
  }
  return jar;
}

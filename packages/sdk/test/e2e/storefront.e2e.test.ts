/**
 * The storefront reads and the cart against two emulators of one seeded catalog, one running
 * Catalog V1 and one Catalog V3: the same shop code reads the same products, options, prices,
 * stock and categories from both, finds the same things, and buys them on Cart V2 by the lines
 * the model gives, with one catalog version read per store.
 */
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chosenVariant,
  createStoreClient,
  pickableOptions,
  storefrontLineItem,
  type StoreClient,
  type StorefrontProduct,
} from '../../src/index.js';

const stores: Record<'v1' | 'v3', Emulator> = {} as Record<'v1' | 'v3', Emulator>;
const clients: StoreClient[] = [];

beforeAll(async () => {
  [stores.v1, stores.v3] = await Promise.all([
    startEmulator({ port: 0 }),
    startEmulator({ port: 0, catalog: 'v3' }),
  ]);
});

afterAll(async () => {
  for (const store of clients) store.dispose();
  await Promise.all([stores.v1.close(), stores.v3.close()]);
});

/** A shopper's client of one of the stores, its catalog read the way an app reads it. */
function shopOn(catalog: 'v1' | 'v3', requests?: string[]): StoreClient {
  const emulator = stores[catalog];
  const store = createStoreClient({
    clientId: emulator.clientId,
    baseUrl: emulator.url,
    tabSync: false,
    fetch: (input, init) => {
      const request = new Request(input, init);
      requests?.push(`${request.method} ${new URL(request.url).pathname}`);
      return fetch(request);
    },
  });
  clients.push(store);
  return store;
}

/** `value` with each emulator's own origin taken out of its addresses (its media's). */
function withoutOrigins<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replace(/http:\/\/127\.0\.0\.1:\d+/g, '')) as T;
}

/** Every product of a store, page after page, in the store's order. */
async function everyProduct(store: StoreClient): Promise<StorefrontProduct[]> {
  const products: StorefrontProduct[] = [];
  for await (const product of store.storefront.iterateProducts({ limit: 24 }))
    products.push(product);
  return products;
}

describe('storefront on Catalog V1 and V3', () => {
  it('reads its catalog once, then answers in one shape', async () => {
    for (const catalog of ['v1', 'v3'] as const) {
      const requests: string[] = [];
      const store = shopOn(catalog, requests);
      await Promise.all([store.storefront.products(), store.storefront.categories()]);
      await store.storefront.product({ slug: 'nothing-here' });
      expect(requests.filter((call) => call.endsWith('/provision/version'))).toHaveLength(1);
      await expect(store.storefront.catalogVersion()).resolves.toBe(catalog);
    }
  });

  it('the same products, prices and stock on both, in the same order', async () => {
    const [v1, v3] = await Promise.all([everyProduct(shopOn('v1')), everyProduct(shopOn('v3'))]);
    expect(v1.length).toBeGreaterThan(50);
    expect(withoutOrigins(v3)).toEqual(withoutOrigins(v1));
  });

  it('the same product pages: options, choices, variants with their prices, stock and pictures', async () => {
    const slugs = (await everyProduct(shopOn('v1'))).map((product) => product.slug);
    const v1 = shopOn('v1');
    const v3 = shopOn('v3');
    for (const slug of slugs) {
      const [one, three] = await Promise.all([
        v1.storefront.product({ slug }),
        v3.storefront.product({ slug }),
      ]);
      expect(one).not.toBeNull();
      // Option and choice ids are each catalog's own (V1 names them by name); the rest is one.
      const withoutIds = (product: typeof one) =>
        product && {
          ...product,
          options: product.options.map(({ id: _id, choices, ...option }) => ({
            ...option,
            choices: choices.map(({ id: _choice, ...choice }) => choice),
          })),
          customFields: product.customFields.map(({ key: _key, ...field }) => field),
        };
      expect(withoutOrigins(withoutIds(three)), slug).toEqual(withoutOrigins(withoutIds(one)));
    }
  });

  it('the same categories, with the same products in each', async () => {
    const v1 = shopOn('v1');
    const v3 = shopOn('v3');
    const [one, three] = await Promise.all([
      v1.storefront.categories(),
      v3.storefront.categories(),
    ]);
    const named = (page: typeof one) =>
      withoutOrigins(page.items.map(({ id: _id, ...category }) => category));
    expect(named(three)).toEqual(named(one));
    expect(one.items.length).toBeGreaterThan(3);
    for (const [index, category] of one.items.entries()) {
      const other = three.items[index]!;
      const [inOne, inThree] = await Promise.all([
        v1.storefront.products({ categoryId: category.id, limit: 100 }),
        v3.storefront.products({ categoryId: other.id, limit: 100 }),
      ]);
      expect(inThree.items.map((product) => product.slug)).toEqual(
        inOne.items.map((product) => product.slug),
      );
      await expect(v3.storefront.category({ slug: category.slug })).resolves.toMatchObject({
        slug: category.slug,
        name: category.name,
      });
    }
  });

  it('finds and sorts alike', async () => {
    const v1 = shopOn('v1');
    const v3 = shopOn('v3');
    for (const sort of ['price-asc', 'price-desc', 'name-asc', 'name-desc'] as const) {
      const [one, three] = await Promise.all([
        v1.storefront.products({ sort, limit: 100 }),
        v3.storefront.products({ sort, limit: 100 }),
      ]);
      const prices = (page: typeof one) => page.items.map((product) => product.price.min);
      const names = (page: typeof one) => page.items.map((product) => product.name);
      if (sort.startsWith('price')) expect(prices(three)).toEqual(prices(one));
      else expect(names(three)).toEqual(names(one));
    }
    const word = (await v1.storefront.products({ limit: 1 })).items[0]!.name.split(' ')[0]!;
    const [one, three] = await Promise.all([
      v1.storefront.products({ text: word, limit: 100 }),
      v3.storefront.products({ text: word, limit: 100 }),
    ]);
    expect(one.items.length).toBeGreaterThan(0);
    expect(new Set(three.items.map((product) => product.slug))).toEqual(
      new Set(one.items.map((product) => product.slug)),
    );
  });

  it('picks by ribbon and by ids, and orders categories by name, alike', async () => {
    const v1 = shopOn('v1');
    const v3 = shopOn('v3');
    const all = await everyProduct(v1);
    const ribbon = all.find((product) => product.ribbon !== undefined)!.ribbon!;
    const slugs = (page: { items: readonly StorefrontProduct[] }) =>
      page.items.map((product) => product.slug);
    const [ribboned, ribbonedV3] = await Promise.all([
      v1.storefront.products({ ribbon, limit: 100 }),
      v3.storefront.products({ ribbon, limit: 100 }),
    ]);
    expect(slugs(ribboned)).toEqual(
      all.filter((product) => product.ribbon === ribbon).map((product) => product.slug),
    );
    expect(slugs(ribbonedV3)).toEqual(slugs(ribboned));

    // Ids are each catalog's own: pick the same products by slug on both.
    const picked = all.filter((_, index) => index % 7 === 3).map((product) => product.slug);
    const v3All = await everyProduct(v3);
    const idsOf = (products: StorefrontProduct[]) =>
      products.filter((product) => picked.includes(product.slug)).map((product) => product.id);
    const [byIds, byIdsV3] = await Promise.all([
      v1.storefront.products({ ids: idsOf(all).reverse() }),
      v3.storefront.products({ ids: idsOf(v3All) }),
    ]);
    expect(slugs(byIds)).toEqual(picked);
    expect(slugs(byIdsV3)).toEqual(picked);

    for (const sort of ['name-asc', 'name-desc'] as const) {
      const [one, three] = await Promise.all([
        v1.storefront.categories({ sort }),
        v3.storefront.categories({ sort }),
      ]);
      const names = one.items.map((category) => category.name);
      expect(names).toEqual(
        [...names].sort((a, b) => (sort === 'name-asc' ? 1 : -1) * a.localeCompare(b)),
      );
      expect(three.items.map((category) => category.name)).toEqual(names);
    }
  });

  it('adds what a product page chose to a Cart V2 cart, on both', async () => {
    for (const catalog of ['v1', 'v3'] as const) {
      const store = shopOn(catalog);
      const { items } = await store.storefront.products({ limit: 100 });
      const withOptions = items.find((product) => product.price.max > product.price.min)!;
      const product = (await store.storefront.product({ slug: withOptions.slug }))!;
      const selection = Object.fromEntries(
        pickableOptions(product).map((option) => [
          option.name,
          option.choices.find((choice) => choice.inStock)!.name,
        ]),
      );
      const variant = chosenVariant(product, selection)!;
      const cart = await store.cartStore.addItems({
        lineItems: [storefrontLineItem(product, { selection, quantity: 2 })],
      });
      const line = cart.lineItems[0]!;
      expect(line.catalogReference).toMatchObject({
        catalogItemId: product.id,
        options: { variantId: variant.id },
      });
      expect({ quantity: line.quantity, price: Number(line.price?.amount) }).toEqual({
        quantity: 2,
        price: variant.price.amount,
      });
    }
  });
});

/**
 * What a shopper reads off this shop's pages, and set-up done straight with the store, for its
 * tests; what a shopper does in both shops (a new member, adding to the cart) is the shop kit's.
 */
import type { Page } from 'playwright-core';
import {
  cookieStorage,
  createStoreClient,
  storefrontLineItem,
  type StoreClient,
} from '@vitrine/sdk';
import { CLIENT_ID, type Shop } from './harness';

export {
  ADD_PATHS,
  addToCartFromProductPage,
  createMember,
  expectPastOrder,
  newEmail,
  placeOrderOnHostedCheckout,
} from '@vitrine/shop-ui/e2e/shopper';

/** The header's navigation: the account link and the cart button. */
export function header(page: Page) {
  return page.getByRole('navigation', { name: 'Account and cart' });
}

/**
 * The header's cart button: a link to the cart page that opens the drawer when scripts run, named
 * by its visible text ("Cart 2 items").
 */
export function cartButton(page: Page) {
  return header(page).getByRole('link', { name: /^Cart \d+ items?$/ });
}

/** The number on the header's cart button. */
export async function cartCount(page: Page): Promise<number> {
  const name = (await cartButton(page).textContent()) ?? '';
  const match = /Cart\s*(\d+)\s*item/.exec(name);
  return match ? Number(match[1]) : Number.NaN;
}

/**
 * The markup of a page as the server sent it, without its scripts: what is here was rendered
 * on the server (the scripts also carry the data, which proves nothing about rendering).
 */
export function serverMarkup(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
}

/**
 * A client of the store in Node with its tokens in a cookie jar, written exactly as the shop
 * writes them: set-up for the tests (a member, a cart), not what is tested.
 */
export function storeWithCookieJar(shop: Shop): { store: StoreClient; jar: Map<string, string> } {
  const jar = new Map<string, string>();
  const store = createStoreClient({
    clientId: CLIENT_ID,
    baseUrl: shop.emulator.url,
    redirectUri: `${shop.origin}/callback`,
    storage: cookieStorage({
      get: (name) => jar.get(name),
      set: (name, value, attributes) => {
        if (attributes.maxAge === 0) jar.delete(name);
        else jar.set(name, value);
      },
      secure: false,
    }),
  });
  return { store, jar };
}

/**
 * Adds `quantity` of a product without options (by slug) to the cart of `store`'s shopper, on
 * either catalog (the storefront model's line, its preview left out: set-up sends no preview).
 */
export async function addToCart(store: StoreClient, slug: string, quantity: number): Promise<void> {
  const product = await store.storefront.product({ slug });
  if (!product) throw new Error(`No product ${slug}`);
  const { preview: _preview, ...line } = storefrontLineItem(product, { quantity });
  await store.cart.addItems({ lineItems: [line] });
}

/**
 * The merchant's side (the emulator's API key): sets the price of every variant of the product
 * `slug`, with the calls of the catalog the store runs. The store then posts its webhook.
 */
export async function changePrice(
  target: Pick<Shop, 'emulator' | 'catalog'>,
  slug: string,
  price: number,
): Promise<void> {
  const merchant = createStoreClient({
    clientId: CLIENT_ID,
    baseUrl: target.emulator.url,
    apiKey: target.emulator.apiKey,
    catalog: target.catalog,
  });
  try {
    if (target.catalog === 'v1') {
      const { items } = await merchant.products.query({ filter: { slug }, paging: { limit: 1 } });
      if (!items[0]) throw new Error(`No product ${slug}`);
      await merchant.products.update(items[0].id, { priceData: { price } });
      return;
    }
    const product = await merchant.productsV3.getBySlug(slug);
    const variants = product.variantsInfo?.variants ?? [];
    await merchant.productsV3.update(product.id, {
      revision: product.revision!,
      variantsInfo: {
        variants: variants.map((variant) => ({
          ...variant,
          price: { ...variant.price, actualPrice: { amount: String(price) } },
        })),
      },
    });
  } finally {
    merchant.dispose();
  }
}

/**
 * The token cookie's value with its access token's expiry moved into the past, as a browser
 * would send it an hour after the last visit (the refresh token is still valid). It reads the
 * SDK's cookie format (`v1.` and base64url JSON), which a test may rely on and an app should not.
 */
export function withExpiredAccessToken(cookie: string): string {
  const encoded = cookie.replace(/^v1\./, '');
  const record = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as {
    tokens: { accessToken: { expiresAt: number } };
  };
  record.tokens.accessToken.expiresAt = Math.floor(Date.now() / 1000) - 60;
  return `v1.${Buffer.from(JSON.stringify(record), 'utf8').toString('base64url')}`;
}

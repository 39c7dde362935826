/**
 * What a shopper does in both shops, as helpers shared by their browser tests, and set-up done
 * straight with the store (a member), which is not what is tested.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { OrderRecord } from '@vitrine/emulator';
import { createStoreClient, type StoreClient } from '@vitrine/sdk';
import { CLIENT_ID, type ShopUnderTest } from './shop-under-test';

/** A unique email for a test's new member. */
export function newEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/**
 * Registers a member with the emulator through the SDK in Node: signed in through `store` when
 * one is given (its cookie jar then holds the member), else through a client made and released
 * here.
 * @throws Error when the emulator does not sign the new member in.
 */
export async function createMember(
  shop: ShopUnderTest,
  email: string,
  password: string,
  store?: StoreClient,
): Promise<void> {
  const client =
    store ??
    createStoreClient({
      clientId: CLIENT_ID,
      baseUrl: shop.emulator.url,
      redirectUri: `${shop.origin}/callback`,
    });
  try {
    const result = await client.auth.register({ email, password });
    if (result.loginState !== 'SUCCESS') {
      throw new Error(
        `Could not create the member ${email}: ${result.loginState} ${result.error ?? ''}`,
      );
    }
  } finally {
    if (store === undefined) client.dispose();
  }
}

/** What to choose on a product page before adding it. */
export interface ProductChoices {
  /** Drop-down label → value. */
  selects?: Record<string, string>;
  /** Colour swatches to pick, by the start of their name ("White"). */
  radios?: string[];
  /** Pick the first colour swatch. */
  firstColor?: boolean;
}

/** The store's add-to-cart calls: Cart V2's (the default) and Cart V1's. */
export const ADD_PATHS = /\/ecom\/v[12]\/carts\/current\/(add-line-items|add-to-cart)$/;

/**
 * Opens the product page of `slug`, makes `choices`, adds to the cart and waits for the drawer
 * and the store's answer.
 */
export async function addToCartFromProductPage(
  page: Page,
  shop: ShopUnderTest,
  slug: string,
  choices: ProductChoices = {},
): Promise<void> {
  await page.goto(shop.url(`/products/${slug}`));
  await page.getByRole('heading', { level: 1 }).waitFor();
  for (const [label, value] of Object.entries(choices.selects ?? {})) {
    await page.getByLabel(label, { exact: true }).selectOption(value);
  }
  if (choices.firstColor) await page.getByRole('radio').first().check();
  for (const name of choices.radios ?? []) {
    await page.getByRole('radio', { name: new RegExp(`^${name}`) }).check();
  }
  const add = page.getByRole('button', { name: 'Add to cart' });
  await add.waitFor();
  // The store's answer, not only the drawer: a journey that leaves the page next (a full
  // navigation) would otherwise cancel an add still waiting for the cart's code or the network.
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && ADD_PATHS.test(new URL(response.url()).pathname),
  );
  await add.click();
  await page.getByRole('dialog', { name: /Your cart/ }).waitFor();
  await answered;
}

/**
 * Pays on the emulator's hosted checkout page, where the shop has just sent `page` (shipped to
 * the US, standard delivery), and waits until the shop's confirmation page thanks the shopper.
 */
export async function placeOrderOnHostedCheckout(page: Page, shop: ShopUnderTest): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(`${shop.emulator.url}/checkout`));
  // The hosted checkout asks where the order goes before it shows a total.
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('radio', { name: /Standard delivery/ }).check();
  await page.getByRole('button', { name: 'Review total' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  // Back through /callback with the order's id, to the confirmation page.
  await page.waitForURL((url) => url.pathname === '/order-confirmation');
  await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
}

/**
 * Checks the account page's card of `order` in its "Past orders" list: its number, total, status,
 * the line `item` ("Walnut Cutting Board × 1") and its picture, which loads from `imageUrl`.
 */
export async function expectPastOrder(
  page: Page,
  order: OrderRecord,
  { item, imageUrl }: { item: string; imageUrl: string },
): Promise<void> {
  const card = page
    .getByRole('list', { name: 'Past orders' })
    .getByRole('listitem', { name: `Order ${order.number}` });
  await card.waitFor();
  const text = await card.innerText();
  expect(text).toContain(`Order #${order.number}`);
  expect(text).toContain(order.priceSummary.total.formattedAmount);
  expect(text).toContain(item);
  expect(text).toContain('Processing');
  // Its picture: the media id the platform names, served by the store's media server.
  const picture = card.locator('img');
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await picture.getAttribute('src')).toBe(imageUrl);
}

/** What a shopper reads off the page, as small helpers shared by the browser tests. */
import type { Locator, Page } from 'playwright-core';
import { createStoreClient } from '@vitrine/sdk';
import type { Storefront } from './harness';
import { CLIENT_ID } from './harness';

/** The product cards inside `scope` (each card is an `<article>` named after its product). */
export function productCards(scope: Page | Locator): Locator {
  return scope.getByRole('article');
}

/** The header's cart button, named after what it shows ("Cart 2 items"). */
export function cartButton(page: Page): Locator {
  return page
    .getByRole('navigation', { name: 'Account and cart' })
    .getByRole('button', { name: /^Cart\b/ });
}

/** The number on the header's cart button; `NaN` while the count is not known. */
export async function cartCount(page: Page): Promise<number> {
  // One read of the button, so a badge that changes meanwhile is never waited for.
  const text = await cartButton(page).evaluate(
    (button) => button.querySelector('[data-testid="cart-count"]')?.textContent ?? '',
  );
  return text === '' ? Number.NaN : Number(text);
}

/** The price a card shows (the discounted one when on sale), as a number. */
export async function priceOf(card: Locator): Promise<number> {
  const text = await card.locator('.price__current').first().innerText();
  return Number(text.replace(/[^0-9.]/g, ''));
}

/** The list price a product card shows: the struck-through price of a sale, else its price. */
export async function listPriceOf(card: Locator): Promise<number> {
  const was = card.locator('.price__was').first();
  if ((await was.count()) === 0) return priceOf(card);
  return Number((await was.innerText()).replace(/[^0-9.]/g, ''));
}

/** On how many lines the text of an element is laid out. */
export function textLines(element: Locator): Promise<number> {
  return element.evaluate((root) => {
    const range = document.createRange();
    range.selectNodeContents(root);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
    // Fragments on one line overlap vertically; a new line starts below the previous one.
    let lines = 0;
    let bottom = -Infinity;
    for (const rect of rects.sort((a, b) => a.top - b.top)) {
      if (rect.top >= bottom - 1) lines += 1;
      bottom = Math.max(bottom, rect.bottom);
    }
    return lines;
  });
}

/** The width and height of an element, in CSS pixels. */
export async function sizeOf(element: Locator): Promise<{ width: number; height: number }> {
  const box = await element.boundingBox();
  return { width: box?.width ?? 0, height: box?.height ?? 0 };
}

/** A unique email for a test's new member. */
export function newEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/**
 * Registers a member directly with the emulator (setup, not part of what is tested), through
 * the SDK in Node.
 */
export async function createMember(
  shop: Storefront,
  email: string,
  password: string,
): Promise<void> {
  const store = createStoreClient({
    clientId: CLIENT_ID,
    baseUrl: shop.emulator.url,
    redirectUri: `${shop.origin}/callback`,
  });
  const result = await store.auth.register({ email, password });
  if (result.loginState !== 'SUCCESS') {
    throw new Error(
      `Could not create the member ${email}: ${result.loginState} ${result.error ?? ''}`,
    );
  }
  store.auth.dispose();
  store.cartStore.dispose();
}

/** Adds a product to the cart from its page, choosing the given options first. */
export async function addToCartFromProductPage(
  page: Page,
  shop: Storefront,
  slug: string,
  choices: { selects?: Record<string, string>; radios?: string[]; firstColor?: boolean } = {},
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
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname.endsWith('/add-to-cart'),
  );
  await add.click();
  await page.getByRole('dialog', { name: /Your cart/ }).waitFor();
  await answered;
}

/**
 * What a shopper reads off this shop's pages, as small helpers shared by its browser tests; what
 * a shopper does in both shops (a new member, adding to the cart) is the shop kit's.
 */
import type { Locator, Page } from 'playwright-core';

export {
  addToCartFromProductPage,
  createMember,
  expectPastOrder,
  newEmail,
  placeOrderOnHostedCheckout,
} from '@vitrine/shop-ui/e2e/shopper';

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

/**
 * Accessibility, checked by axe-core on the main pages (home, collection, product, cart drawer,
 * cart, sign-in, account) on a desktop screen, and again on a phone's (but for the account forms,
 * whose markup does not change with the width); and what axe cannot judge alone: what the cart
 * button is called, and the order of headings.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { blockingViolations } from '@vitrine/shop-ui/e2e/axe';
import { journey, useStorefront } from './harness';
import { addToCartFromProductPage, cartButton, cartCount, createMember, newEmail } from './shopper';

const shop = useStorefront();

/** Waits until nothing on the page is loading: no busy region, and the cart's count known. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  await expect.poll(async () => Number.isNaN(await cartCount(page))).toBe(false);
}

/** The text of an element that is on screen (without what is only for screen readers). */
function visibleText(locator: Locator): Promise<string> {
  return locator.evaluate((root) => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const box = node.parentElement?.getBoundingClientRect();
      if (box && box.width > 1 && box.height > 1) parts.push(node.textContent ?? '');
    }
    return parts.join(' ').replace(/\s+/g, ' ').trim();
  });
}

/**
 * The pages a shopper meets on the way to an order, each settled before `check` reads it. The
 * account pages (forms whose markup is the same at every width) only when `accountPages`.
 */
async function mainPages(
  page: Page,
  check: (name: string) => Promise<void>,
  { accountPages }: { accountPages: boolean },
): Promise<void> {
  const pages: [string, string][] = [
    ['home', '/'],
    ['collection', '/collections/apparel'],
    ['product', '/products/classic-crew-tee'],
  ];
  if (accountPages) pages.push(['sign-in', '/account/sign-in']);
  for (const [name, path] of pages) {
    await page.goto(shop.url(path));
    await settled(page);
    await check(name);
  }

  await addToCartFromProductPage(page, shop, 'brass-ruler');
  await page
    .getByRole('dialog', { name: /Your cart/ })
    .getByRole('listitem', { name: 'Brass Ruler' })
    .waitFor();
  await check('cart drawer');
  await page.goto(shop.url('/cart'));
  await page.getByRole('main').getByRole('listitem', { name: 'Brass Ruler' }).waitFor();
  await settled(page);
  await check('cart');
  if (!accountPages) return;

  const email = newEmail('axe');
  await createMember(shop, email, 'accessible');
  await page.goto(shop.url('/account/sign-in?returnTo=%2Faccount'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('accessible');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  await settled(page);
  await check('account');
}

describe('accessibility', () => {
  for (const [name, viewport, accountPages] of [
    [
      'axe finds nothing serious on the main pages, on a desktop',
      { width: 1280, height: 900 },
      true,
    ],
    [
      'axe finds nothing serious on the shopping pages and the cart, on a phone',
      { width: 390, height: 844 },
      false,
    ],
  ] as const) {
    journey(shop, name, async ({ page }) => {
      await page.setViewportSize(viewport);
      const found: string[] = [];
      await mainPages(
        page,
        async (pageName) => {
          // heading-order is only "moderate" for axe, but a skipped level was a bug here.
          const violations = await blockingViolations(page, ['heading-order']);
          found.push(...violations.map((violation) => `${pageName}: ${violation}`));
        },
        { accountPages },
      );
      expect(found).toEqual([]);
    });
  }

  journey(
    shop,
    'the cart button is named by what it shows, on a desktop and a phone',
    async ({ page }) => {
      await page.goto(shop.url('/'));
      await settled(page);
      // The visible text ("Cart 0") starts the name; the noun follows.
      expect(await visibleText(cartButton(page))).toBe('Cart 0');
      await page.getByRole('button', { name: 'Cart 0 items', exact: true }).waitFor();
      await addToCartFromProductPage(page, shop, 'brass-ruler');
      await page.getByRole('button', { name: 'Cart 1 item', exact: true }).waitFor();

      // On a phone the word is out of sight, not out of the name.
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await visibleText(cartButton(page))).toBe('1');
      await page.getByRole('button', { name: 'Cart 1 item', exact: true }).waitFor();
    },
  );

  journey(shop, 'product grids keep the heading order under the page title', async ({ page }) => {
    const levels = () =>
      page
        .getByRole('main')
        .getByRole('heading')
        .evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))));
    // (axe checks the heading order of the home and collection pages.)
    for (const path of ['/shop', '/search?q=tee']) {
      await page.goto(shop.url(path));
      await settled(page);
      await expect.poll(async () => (await levels()).length).toBeGreaterThan(1);
      // The page starts with its h1, and no heading is more than one level below the one before.
      const order = await levels();
      expect(order[0], path).toBe(1);
      const skips = order
        .map((level, i) =>
          i > 0 && level > order[i - 1]! + 1 ? `h${order[i - 1]} → h${level}` : '',
        )
        .filter(Boolean);
      expect(skips, path).toEqual([]);
    }
  });
});

/**
 * The same shop on the other catalog. The whole suite runs on {@link SUITE_CATALOG}; this file
 * runs one short journey on {@link OTHER_CATALOG} (a member buys a product with options and a
 * coupon on the hosted checkout and finds the order in their account, with no console error),
 * and checks that a shopper sees the same products and prices on both. One build of the shop,
 * two emulators of one seed: only the catalog differs.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { scaledImageUrl } from '@vitrine/sdk';
import { OTHER_CATALOG, SUITE_CATALOG, journey, useStorefronts, type Storefront } from './harness';
import { expectPastOrder, newEmail, placeOrderOnHostedCheckout, productCards } from './shopper';

const [other, suite] = useStorefronts([
  { emulator: { catalog: OTHER_CATALOG } },
  { emulator: { catalog: SUITE_CATALOG } },
]) as [Storefront, Storefront];

function header(page: Page) {
  return page.getByRole('navigation', { name: 'Account and cart' });
}

/** The first page of the shop's grid, each card as a shopper reads it (name, price, stock…). */
async function firstGridPage(page: Page, shop: Storefront): Promise<string[]> {
  await page.goto(shop.url('/shop'));
  const cards = productCards(page);
  await expect.poll(() => cards.count()).toBe(12);
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  return cards.evaluateAll((articles) =>
    articles.map((article) => (article as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
  );
}

describe(`the shop on Catalog ${OTHER_CATALOG.toUpperCase()} too`, () => {
  journey(
    other,
    'a member buys a product with options and a coupon, and finds the order in their account',
    async ({ page }) => {
      expect(other.catalog).toBe(OTHER_CATALOG);
      // The grid, then a product with options: the choices price the variant and sell it.
      await page.goto(other.url('/'));
      await page
        .getByRole('navigation', { name: 'Collections' })
        .getByRole('link', { name: 'Shop all' })
        .click();
      const tee = page.getByRole('article', { name: 'Classic Crew Tee' });
      await expect.poll(() => tee.innerText()).toMatch(/From\s*\$24\.00/);
      await tee.getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: 'Classic Crew Tee' }).waitFor();
      const info = page.locator('.product-info__price-row');
      await page.getByLabel('Size').selectOption('XL');
      await page.getByRole('radio', { name: 'Black (sold out)', exact: true }).check();
      await expect.poll(() => info.innerText()).toMatch(/\$28\.00[\s\S]*Sold out/);
      expect(await page.getByRole('button', { name: 'Sold out' }).isDisabled()).toBe(true);
      await page.getByRole('radio', { name: 'White', exact: true }).check();
      await expect.poll(() => info.innerText()).toMatch(/\$28\.00[\s\S]*(In stock|Only \d+ left)/);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const drawer = page.getByRole('dialog', { name: /Your cart/ });
      const line = drawer.getByRole('listitem', { name: 'Classic Crew Tee' });
      await expect.poll(() => line.innerText()).toContain('Size: XL · Color: White');
      expect(await line.innerText()).toContain('$28.00');

      // The shopper signs up: the cart comes along.
      await page.keyboard.press('Escape');
      await page.goto(other.url('/account/sign-up'));
      await page.getByLabel('Email').fill(newEmail('other-catalog'));
      await page.getByLabel('Password').fill('brand new');
      await page.getByRole('button', { name: 'Create account' }).click();
      await header(page).getByRole('link', { name: 'Account' }).waitFor();

      // A coupon on the cart page.
      await header(page)
        .getByRole('button', { name: /^Cart\b/ })
        .click();
      await drawer.getByRole('link', { name: 'View cart, coupons and shipping' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
      await page.getByRole('main').getByRole('listitem', { name: 'Classic Crew Tee' }).waitFor();
      const code = page.getByLabel('Coupon code');
      await code.fill('WELCOME10');
      await code.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Coupon WELCOME10 applied' }).waitFor();

      // The hosted checkout places the order, with the coupon's 10% off.
      const ordersBefore = other.emulator.orders().length;
      await page.getByRole('button', { name: 'Check out' }).click();
      await placeOrderOnHostedCheckout(page, other);
      const orders = other.emulator.orders();
      expect(orders).toHaveLength(ordersBefore + 1);
      const order = orders.at(-1)!;
      expect(Number(order.priceSummary.discount.amount)).toBe(2.8);
      const image = order.lineItems[0]?.image?.url;
      expect(image).toBeDefined();

      // The member's account lists it.
      await header(page).getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
      await expectPastOrder(page, order, {
        item: 'Classic Crew Tee × 1',
        imageUrl: scaledImageUrl(new URL(image!, other.emulator.url).href, {
          width: 64,
          height: 64,
        }),
      });
    },
    { strict: true },
  );

  journey(other, 'the same products and prices as on the other catalog', async ({ page }) => {
    const [here, there] = [await firstGridPage(page, other), await firstGridPage(page, suite)];
    expect(here[0]).toMatch(/Classic Crew Tee[\s\S]*\$24\.00/);
    expect(here).toEqual(there);
  });
});

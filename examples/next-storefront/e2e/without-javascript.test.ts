/**
 * Shopping with scripts off (issue 25): in a Chromium context that runs no JavaScript, a shopper
 * chooses a product's options, adds it to the cart, changes the quantity and applies a coupon,
 * each a plain HTML form post to `@vitrine/next`'s server actions, and the cart page the server
 * renders shows the line, its options and quantity, the coupon's 10 % and the totals.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createStoreClient } from '@vitrine/sdk';
import { WAIT_MS } from '@vitrine/shop-ui/e2e/shop-under-test';
import { CLIENT_ID, useShop } from './harness';
import { createMember, header, newEmail } from './shopper';

const shop = useShop();

/** The number on the header's cart button (a link to the cart page). */
function cartCount(page: Page): Promise<string> {
  return header(page).locator('.cart-button__count').innerText();
}

/** "$64.80" as a number. */
function dollars(text: string | undefined): number {
  return Number(text?.replace(/[^\d.]/g, ''));
}

describe('without JavaScript', () => {
  it('adds a product with options, changes the quantity and applies WELCOME10 by form posts', async () => {
    const context = await shop.browser.newContext({ javaScriptEnabled: false });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    const serverErrorsBefore = shop.serverErrors.length;
    try {
      await page.goto(shop.url('/products/classic-crew-tee'));
      // NoScriptSupport's <noscript> refresh marks the browser; the page then comes whole.
      await expect.poll(() => page.locator('noscript[data-vitrine-no-script]').count()).toBe(0);
      await page.waitForLoadState('load');
      await page.getByLabel('Size').selectOption('S');
      const color = page.getByRole('group', { name: 'Color' }).getByRole('radio').last();
      const colorName = (await color.getAttribute('value')) ?? '';
      await color.check();
      await page.getByRole('spinbutton', { name: 'Quantity of Classic Crew Tee' }).fill('2');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect.poll(() => cartCount(page)).toBe('2');

      // The header's cart button is a link to the cart page.
      await header(page).locator('.cart-button').click();
      await page.waitForURL(shop.url('/cart'));
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Increase quantity of Classic Crew Tee' }).click();
      await expect
        .poll(() => main.getByRole('status', { name: 'Quantity of Classic Crew Tee' }).innerText())
        .toBe('3');
      await expect.poll(() => cartCount(page)).toBe('3');
      await main.getByLabel('Coupon code').fill('WELCOME10');
      await main.getByRole('button', { name: 'Apply' }).click();
      await main.getByText('Coupon WELCOME10 applied.').waitFor();

      // One line: the tee, the options chosen, three of them.
      const lines = main.getByRole('listitem');
      expect(await lines.count()).toBe(1);
      await lines.filter({ hasText: 'Classic Crew Tee' }).getByText(`Size: S`).waitFor();
      expect(await lines.first().innerText()).toContain(colorName);

      // The totals: three of the chosen variant's price, the coupon's 10 % off, the rest.
      const catalog = createStoreClient({ clientId: CLIENT_ID, baseUrl: shop.emulator.url });
      const product = await catalog.storefront.product({ slug: 'classic-crew-tee' });
      catalog.dispose();
      const variant = product?.variants.find(
        ({ choices }) => choices.Size === 'S' && choices.Color === colorName,
      );
      const unit = variant?.price.amount;
      expect(unit).toBeGreaterThan(0);
      const summary = main.getByRole('complementary', { name: 'Order summary' });
      const row = async (term: string) =>
        dollars(await summary.locator(`dt:text-is("${term}") + dd`).innerText());
      expect(await row('Subtotal')).toBeCloseTo(3 * unit!, 2);
      expect(await row('Discount (WELCOME10)')).toBeCloseTo((3 * unit!) / 10, 2);
      expect(await row('Before shipping')).toBeCloseTo(3 * unit! * 0.9, 2);
      expect(shop.serverErrors.slice(serverErrorsBefore)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // Issue 36: the sign-in form posted without scripts answered 500 (`TypeError: Invalid URL …
  // input: '/account'`): the action's relative redirect went through the proxy, which Next lets
  // through only absolute. Sign-out fell the same way on its fallback to a relative path.
  it('signs in with a password and signs out by form posts', async () => {
    const email = newEmail('no-script');
    await createMember(shop, email, 'no scripts here');
    const context = await shop.browser.newContext({ javaScriptEnabled: false });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    const serverErrorsBefore = shop.serverErrors.length;
    try {
      await page.goto(shop.url('/account/sign-in?returnTo=%2Faccount'));
      await expect.poll(() => page.locator('noscript[data-vitrine-no-script]').count()).toBe(0);
      await page.waitForLoadState('load');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('no scripts here');
      const signedIn = page.waitForResponse((response) => response.request().method() === 'POST');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      expect((await signedIn).status()).toBeLessThan(400);
      await page.waitForURL(shop.url('/account'));
      await page.getByRole('region', { name: 'Signed in' }).getByText(email).waitFor();

      const signedOut = page.waitForResponse((response) => response.request().method() === 'POST');
      await page.getByRole('button', { name: 'Sign out' }).click();
      expect((await signedOut).status()).toBeLessThan(400);
      // Through the store's hosted sign-out, back to the shop: a visitor.
      await page.waitForURL(shop.url('/'));
      await page.goto(shop.url('/account'));
      await page.getByText('You are not signed in').waitFor();
      expect(shop.serverErrors.slice(serverErrorsBefore)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

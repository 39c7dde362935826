/**
 * The member's account after buying: sign up, see what goes with the cart, check out on the
 * hosted page, and find the order (number, total, items with their pictures) on the account page
 * under the member's own name; the next member, in the same tab, sees none of it.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, useStorefront } from './harness';
import {
  addToCartFromProductPage,
  expectPastOrder,
  newEmail,
  placeOrderOnHostedCheckout,
  productCards,
} from './shopper';

const shop = useStorefront();

function header(page: Page) {
  return page.getByRole('navigation', { name: 'Account and cart' });
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto(shop.url('/account/sign-up'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('brand new');
  await page.getByRole('button', { name: 'Create account' }).click();
  await header(page).getByRole('link', { name: 'Account' }).waitFor();
}

/** Checks the cart out on the emulator's hosted page, shipped to the US, standard delivery. */
async function checkOut(page: Page): Promise<void> {
  await page.goto(shop.url('/cart'));
  await page.getByRole('button', { name: 'Check out' }).click();
  await placeOrderOnHostedCheckout(page, shop);
}

describe('orders on the account page', () => {
  journey(
    shop,
    'sign up, check out, and see the order on the account page; the next member sees none',
    async ({ page }) => {
      const email = newEmail('buyer');
      await signUp(page, email);
      await addToCartFromProductPage(page, shop, 'walnut-cutting-board');
      await page.keyboard.press('Escape');

      // What goes with the cart: other products of its collection, never the board itself.
      await page.goto(shop.url('/cart'));
      const recommended = page.getByRole('list', { name: 'Recommended products' });
      await expect.poll(() => productCards(recommended).count()).toBe(4);
      const names = await productCards(recommended).evaluateAll((cards) =>
        cards.map((card) => card.getAttribute('aria-label')),
      );
      expect(names).not.toContain('Walnut Cutting Board');

      await checkOut(page);
      const order = shop.emulator.orders().at(-1)!;
      await header(page).getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();

      // The member, by the name and email of their record.
      const who = page.getByRole('region', { name: 'Signed in' });
      await expect.poll(() => who.innerText()).toContain(email);
      await expect.poll(() => who.innerText()).toContain(email.split('@')[0]);

      // The order, with its number, total, items and picture.
      await expectPastOrder(page, order, {
        item: 'Walnut Cutting Board × 1',
        // A raster picture: the platform's sized path, 64 × 64 (scaledImageUrl).
        imageUrl: `${shop.emulator.url}/media/walnut-cutting-board.webp/v1/fill/w_64,h_64,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/walnut-cutting-board.webp`,
      });

      // Signed out, another member signs up in the same tab: no order of the first shows.
      // Through the hosted logout page and back home: the next address is opened only then (it
      // would cut that navigation short, or be cut short by it).
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(shop.url('/'));
      await header(page).getByRole('link', { name: 'Sign in' }).waitFor();
      const next = newEmail('next');
      await signUp(page, next);
      await header(page).getByRole('link', { name: 'Account' }).click();
      await expect
        .poll(() => page.getByRole('region', { name: 'Signed in' }).innerText())
        .toContain(next);
      await page.getByText('You have no orders yet.').waitFor();
      expect(await page.getByRole('list', { name: 'Past orders' }).count()).toBe(0);
    },
  );
});

/**
 * The member's account, rendered on the server: sign up on the store's hosted page, check out,
 * and find the order (number, total, items and their pictures) on the account page under the
 * member's own email, in the HTML the server sends for the member's cookies and for no one else.
 */
import { describe, expect } from 'vitest';
import { journey, useShop } from './harness';
import {
  addToCartFromProductPage,
  cartButton,
  cartCount,
  expectPastOrder,
  header,
  newEmail,
  placeOrderOnHostedCheckout,
  serverMarkup,
} from './shopper';

const shop = useShop();

describe('account', () => {
  journey(
    shop,
    'sign up on the hosted page, check out, and see the order on the server-rendered account page',
    async ({ page }) => {
      const email = newEmail('buyer');
      await addToCartFromProductPage(page, shop, 'walnut-cutting-board');
      await page.keyboard.press('Escape');

      // Sign up on the store's hosted page; back through /callback to the account page.
      await page.goto(shop.url('/account/sign-in'));
      await page.getByRole('link', { name: "Sign in with the store's sign-in page" }).click();
      await page.waitForURL((url) => url.href.startsWith(`${shop.emulator.url}/oauth2/authorize`));
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('brand new');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(shop.url('/account'));
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
      const who = page.getByRole('region', { name: 'Signed in' });
      await expect.poll(() => who.innerText()).toContain(email);
      await page.getByText('You have no orders yet.').waitFor();
      await expect.poll(() => cartCount(page)).toBe(1);

      // Check out on the hosted page.
      await cartButton(page).click();
      await page
        .getByRole('dialog', { name: /Your cart/ })
        .getByRole('button', { name: 'Check out' })
        .click();
      await placeOrderOnHostedCheckout(page, shop);
      const order = shop.emulator.orders().at(-1)!;

      // The account page lists it.
      await header(page).getByRole('link', { name: 'Account' }).click();
      await expectPastOrder(page, order, {
        item: 'Walnut Cutting Board × 1',
        // A raster picture: the platform's sized path, 64 × 64 (scaledImageUrl).
        imageUrl: `${shop.emulator.url}/media/walnut-cutting-board.webp/v1/fill/w_64,h_64,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/walnut-cutting-board.webp`,
      });

      // Rendered on the server, for the member's cookies only.
      const cookies = await page.context().cookies(shop.origin);
      const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
      const mine = serverMarkup(
        await (await fetch(shop.url('/account'), { headers: { cookie } })).text(),
      );
      expect(mine).toContain(`Order #${order.number}`);
      expect(mine).toContain(email);
      const stranger = serverMarkup(await (await fetch(shop.url('/account'))).text());
      expect(stranger).toContain('You are not signed in');
      expect(stranger).not.toContain(`Order #${order.number}`);
    },
  );
});

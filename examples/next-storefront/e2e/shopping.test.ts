/**
 * A shopper's journeys through the server-rendered shop: the cart, both ways of signing in,
 * sign-out and the hosted checkout.
 */
import { describe, expect } from 'vitest';
import { CLIENT_ID, journey, useShop } from './harness';
import {
  addToCartFromProductPage,
  cartButton,
  cartCount,
  createMember,
  header,
  newEmail,
  placeOrderOnHostedCheckout,
} from './shopper';

const shop = useShop();

describe('shopping', () => {
  journey(
    shop,
    'a visitor who looks at five pages (their links prefetched) costs no grant; adding to the cart costs one',
    async ({ page }) => {
      const paths = [
        '/',
        '/collections/stationery',
        '/products/brass-ruler',
        '/cart',
        '/products/trekking-poles',
      ];
      // The shop's server reads the catalog with a visitor of its own, once: not the shopper's.
      for (const path of paths) await (await fetch(shop.url(path))).arrayBuffer();
      const grants = () => shop.emulator.grants().anonymous;
      const before = grants();
      for (const path of paths) {
        await page.goto(shop.url(path));
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // The router prefetches the links in view once the page is idle.
        await page.waitForLoadState('networkidle');
      }
      expect(grants() - before).toBe(0);
      expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(
        `vitrine.${CLIENT_ID}.tokens`,
      );
      await addToCartFromProductPage(page, shop, 'brass-ruler');
      await expect.poll(() => cartCount(page)).toBe(1);
      expect(grants() - before).toBe(1);
      await page.keyboard.press('Escape');
      await page.goto(shop.url('/'));
      await expect.poll(() => cartCount(page)).toBe(1);
      expect(grants() - before).toBe(1);
    },
  );

  journey(
    shop,
    'add to the cart from a product page, sign in with a password, check out on the hosted page and come back',
    async ({ page }) => {
      const email = newEmail('shopper');
      await createMember(shop, email, 'open sesame');
      const ordersBefore = shop.emulator.orders().length;

      await addToCartFromProductPage(page, shop, 'trekking-poles');
      const drawer = page.getByRole('dialog', { name: /Your cart/ });
      await drawer.getByRole('listitem', { name: 'Trekking Poles' }).waitFor();
      await expect.poll(() => cartCount(page)).toBe(1);
      await page.keyboard.press('Escape');

      await header(page).getByRole('link', { name: 'Sign in' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('open sesame');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      // Signed in, back on the product page, with the visitor's poles carried into the account.
      await header(page).getByRole('link', { name: 'Account' }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Trekking Poles' }).waitFor();
      await expect.poll(() => cartCount(page)).toBe(1);

      await cartButton(page).click();
      await drawer.getByRole('button', { name: 'Check out' }).click();
      await placeOrderOnHostedCheckout(page, shop);
      await page
        .getByRole('list', { name: 'Ordered items' })
        .getByText('Trekking Poles × 1')
        .waitFor();
      await expect.poll(() => cartCount(page)).toBe(0);
      expect(shop.emulator.orders().length).toBe(ordersBefore + 1);
    },
  );

  journey(
    shop,
    'sign in on the hosted page (PKCE, back to /callback), then sign out to a new visitor',
    async ({ page }) => {
      const email = newEmail('hosted');
      await createMember(shop, email, 'let me in');
      await addToCartFromProductPage(page, shop, 'brass-ruler');
      await page.keyboard.press('Escape');

      await page.goto(shop.url('/account/sign-in'));
      await page.getByRole('link', { name: "Sign in with the store's sign-in page" }).click();
      await page.waitForURL((url) => url.href.startsWith(`${shop.emulator.url}/oauth2/authorize`));
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('let me in');
      await page.getByRole('button', { name: 'Sign in' }).click();

      // Back through /callback (the code exchanged with the PKCE verifier) to the account page.
      await page.waitForURL(shop.url('/account'));
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
      expect(page.url()).not.toMatch(/code=|state=/);
      await expect.poll(() => cartCount(page)).toBe(1);

      // Signed in on the server too: a full reload renders the account as the member's.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();

      // Sign out through the hosted sign-out page, back home as a new visitor with an empty cart.
      const grantsBefore = shop.emulator.grants().anonymous;
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(shop.url('/'));
      await header(page).getByRole('link', { name: 'Sign in' }).waitFor();
      await expect.poll(() => cartCount(page)).toBe(0);
      // Issue 36: signing out cost 2 anonymous grants. The visitor after it is minted on first
      // use, not by the pages that follow.
      await page.goto(shop.url('/products/brass-ruler'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(shop.emulator.grants().anonymous - grantsBefore).toBe(0);
    },
  );
});

/**
 * Accessibility of every page of the Next.js shop, checked by axe-core in Chromium (the Vite
 * shop's rules: nothing serious or critical, WCAG 2.5.3's label-in-name turned on, and here a
 * skipped heading level or a page without an h1 fail too), in the states a shopper meets them:
 * home, a collection, a product and the cart drawer open on it, the cart with a coupon, sign-in,
 * the account signed out and signed in, the hosted checkout's way back to the order
 * confirmation, a sign-in that did not finish, the empty cart, and an unknown address; the
 * shopping pages again on a phone's screen. And what axe does not judge alone: the cart button's
 * name holds its visible text, on a desktop and on a phone.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WAIT_MS } from '@vitrine/shop-ui/e2e/shop-under-test';
import { blockingViolations } from '@vitrine/shop-ui/e2e/axe';
import { journey, useShop } from './harness';
import {
  addToCartFromProductPage,
  createMember,
  header,
  newEmail,
  placeOrderOnHostedCheckout,
} from './shopper';

const shop = useShop();

/** A phone's screen (the Vite shop's tests use the same). */
const PHONE = { width: 390, height: 844 };

/** Rules axe rates below serious that fail here all the same. */
const ALSO_BLOCKING = ['heading-order', 'page-has-heading-one'];

/**
 * Waits until the page has loaded and nothing on it is loading still (not for an h1: a page
 * without one is for the checks to report).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  // A part streamed in but not yet revealed: React swaps it in a moment after it arrives (a cold
  // product page on Catalog V3, its product and its stock read, arrives last).
  await expect.poll(() => page.locator('div[hidden][id^="S:"]').count()).toBe(0);
}

/** The header's cart button, found by what it is rather than by its name (tested below). */
function cartButtonOf(page: Page): Locator {
  return header(page).locator('.cart-button');
}

/** Axe's blocking violations on the page, and a missing h1, each a line. */
async function problemsOf(page: Page): Promise<string[]> {
  const found = await blockingViolations(page, ALSO_BLOCKING);
  const h1 = await page.getByRole('heading', { level: 1 }).count();
  return h1 === 0 ? [...found, 'no h1'] : found;
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

/** The accessible name Chromium gives an element (from its ARIA snapshot). */
async function accessibleName(locator: Locator): Promise<string> {
  const snapshot = await locator.ariaSnapshot();
  return /^- \w+ "([^"]*)"/.exec(snapshot)?.[1] ?? '';
}

/** Every page a shopper meets on the way to an order and back, each checked once settled. */
async function walkEveryPage(page: Page, check: (name: string) => Promise<void>): Promise<void> {
  for (const [name, path] of [
    ['home', '/'],
    ['collection', '/collections/apparel'],
    ['product', '/products/classic-crew-tee'],
    ['search', '/search?q=tee&sort=price-asc'],
  ] as const) {
    await page.goto(shop.url(path));
    await check(name);
  }
  // A collection's second page, by the first page's link.
  await page.goto(shop.url('/collections/apparel'));
  await page.getByRole('link', { name: 'Next page' }).click();
  await page.getByRole('link', { name: 'Back to the first page' }).waitFor();
  await check('collection, second page');
  await addToCartFromProductPage(page, shop, 'brass-ruler');
  const drawer = page.getByRole('dialog', { name: /Your cart/ });
  await drawer.getByRole('listitem', { name: 'Brass Ruler' }).waitFor();
  await check('product, cart drawer open');

  await page.goto(shop.url('/cart'));
  const main = page.getByRole('main');
  await main.getByLabel('Coupon code').fill('WELCOME10');
  await main.getByRole('button', { name: 'Apply' }).click();
  await main.getByText('Discount (WELCOME10)').waitFor();
  await check('cart, with a coupon');

  await page.goto(shop.url('/account'));
  await page.getByText('You are not signed in').waitFor();
  await check('account, signed out');

  const email = newEmail('axe');
  await createMember(shop, email, 'accessible');
  await page.goto(shop.url('/account/sign-in?returnTo=%2Faccount'));
  // The form streams in (the header, the same for every shopper, has nothing busy to wait for).
  await page.getByLabel('Email').waitFor();
  await check('sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('accessible');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  await page.getByText('You have no orders yet.').waitFor();
  await check('account, signed in');

  // The hosted checkout, back through /callback to the confirmation.
  await cartButtonOf(page).click();
  await drawer.getByRole('button', { name: 'Check out' }).click();
  await placeOrderOnHostedCheckout(page, shop);
  await check('order confirmation');

  await page.goto(shop.url('/cart'));
  await page.getByText('Your cart is empty').waitFor();
  await check('cart, empty');

  await page.goto(shop.url('/callback?error=access_denied'));
  await page.getByRole('heading', { level: 1, name: 'Sign-in did not finish' }).waitFor();
  await check('callback, sign-in did not finish');
}

describe('accessibility', () => {
  journey(shop, 'axe finds nothing serious on any page, and each has an h1', async ({ page }) => {
    const found: string[] = [];
    const checked: string[] = [];
    await walkEveryPage(page, async (name) => {
      await settled(page);
      checked.push(name);
      found.push(...(await problemsOf(page)).map((problem) => `${name}: ${problem}`));
    });
    expect(checked).toHaveLength(13);
    expect(found).toEqual([]);
  });

  journey(shop, 'the cart button is named by what it shows (WCAG 2.5.3)', async ({ page }) => {
    await page.goto(shop.url('/'));
    await settled(page);
    const button = cartButtonOf(page);
    expect(await visibleText(button)).toBe('Cart 0');
    expect(await accessibleName(button)).toBe('Cart 0 items');
    await addToCartFromProductPage(page, shop, 'brass-ruler');
    await expect.poll(() => visibleText(button)).toBe('Cart 1');
    expect(await accessibleName(button)).toBe('Cart 1 item');

    // On a phone the word is out of sight, not out of the name.
    await page.keyboard.press('Escape');
    await page.setViewportSize(PHONE);
    await expect.poll(() => visibleText(button)).toBe('1');
    expect(await accessibleName(button)).toBe('Cart 1 item');
  });

  journey(shop, 'axe finds nothing serious on the shopping pages, on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const found: string[] = [];
    const check = async (name: string) => {
      await settled(page);
      found.push(...(await problemsOf(page)).map((problem) => `${name}: ${problem}`));
    };
    for (const path of ['/', '/collections/apparel', '/products/classic-crew-tee']) {
      await page.goto(shop.url(path));
      await check(path);
    }
    await addToCartFromProductPage(page, shop, 'brass-ruler');
    await page
      .getByRole('dialog', { name: /Your cart/ })
      .getByText('Brass Ruler')
      .first()
      .waitFor();
    await check('cart drawer');
    await page.goto(shop.url('/cart'));
    await page.getByRole('main').getByRole('listitem', { name: 'Brass Ruler' }).waitFor();
    await check('/cart');
    expect(found).toEqual([]);
  });

  it('axe finds nothing serious on the page of an unknown address', async () => {
    // Not a journey: Chromium logs the page's own 404, which is what the shop must answer.
    const context = await shop.browser.newContext();
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    try {
      // (An unknown product's page has streamed its shell with a 200 before it knows: the
      // not-found page comes in the same response.)
      for (const [path, status] of [
        ['/no-such-page', 404],
        ['/products/no-such-product', 200],
      ] as const) {
        const response = await page.goto(shop.url(path));
        expect(response?.status(), path).toBe(status);
        await page.getByText('We could not find that page').waitFor();
        await settled(page);
        expect(await problemsOf(page), path).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});

/**
 * The same shop on the other catalog. The whole suite runs on {@link SUITE_CATALOG}; this file
 * runs the shop (the one build, a second `next start`) against an emulator of
 * {@link OTHER_CATALOG}: what a page view costs the platform there, then the short cart journey on
 * Cart V2 with scripts and without (home, a product with options whose sold-out choice is refused,
 * add, the cart page, a coupon, the hosted checkout, the order placed and found in the member's
 * account, with no console error and no server error).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scaledImageUrl } from '@vitrine/sdk';
import { WAIT_MS } from '@vitrine/shop-ui/e2e/shop-under-test';
import { OTHER_CATALOG, journey, useShop, type Shop } from './harness';
import { describeCalls, measurePageViews } from './platform-calls';
import { cartCount, createMember, expectPastOrder, header, newEmail } from './shopper';
import { placeOrderOnHostedCheckout } from './shopper';

const shop = useShop({ catalog: OTHER_CATALOG });

const TEE = 'Classic Crew Tee';

/** Signs in with a password on the shop's sign-in page, as a new member; back on the home page. */
async function signInAsNewMember(page: Page, prefix: string): Promise<void> {
  const email = newEmail(prefix);
  await createMember(shop, email, 'either catalog');
  await page.goto(shop.url('/account/sign-in?returnTo=%2F'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('either catalog');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(shop.url('/'));
  await header(page).getByRole('link', { name: 'Account' }).waitFor();
}

/** From the home page's bestsellers to the tee's page. */
async function openTeeFromHome(page: Page): Promise<void> {
  await page.goto(shop.url('/'));
  const card = page.getByRole('list', { name: 'Bestsellers' }).getByRole('article', { name: TEE });
  await expect.poll(() => card.innerText()).toMatch(/From\s*\$24\.00/);
  await card.getByRole('link').first().click();
  await page.getByRole('heading', { level: 1, name: TEE }).waitFor();
}

/** The cart page's summary row `term` ("Subtotal"), as shown. */
function summaryRow(page: Page, term: string) {
  return page
    .getByRole('complementary', { name: 'Order summary' })
    .locator(`dt:text-is("${term}") + dd`);
}

/** The last order placed, checked against the member's account page. */
async function expectOrderInAccount(page: Page, target: Shop, discount: number): Promise<void> {
  const order = target.emulator.orders().at(-1)!;
  expect(Number(order.priceSummary.discount.amount)).toBe(discount);
  const image = order.lineItems[0]?.image?.url;
  expect(image).toBeDefined();
  await page.goto(target.url('/account'));
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  await expectPastOrder(page, order, {
    item: `${TEE} × 1`,
    imageUrl: scaledImageUrl(new URL(image!, target.emulator.url).href, { width: 64, height: 64 }),
  });
}

describe(`the shop on Catalog ${OTHER_CATALOG.toUpperCase()} too`, () => {
  // First in the file: the shop's server process is fresh.
  journey(
    shop,
    'one version read per server process, no catalog call on a warm page, a grant only to add',
    async ({ page }) => {
      expect(shop.catalog).toBe(OTHER_CATALOG);
      const calls = await measurePageViews(shop, page);
      console.log(describeCalls(shop.catalog, calls));
      expect(calls.versionReads).toBe(1);
      expect(calls.warmCatalogCalls).toBe(0);
      expect(calls.lookingGrants).toBe(0);
      expect(calls.addingGrants).toBe(1);
    },
  );

  journey(
    shop,
    'a member buys a tee (a sold-out choice refused) with WELCOME10 and finds the order in the account',
    async ({ page }) => {
      await signInAsNewMember(page, 'other-catalog');
      await openTeeFromHome(page);
      const price = page.locator('.product-info__price-row');
      await page.getByLabel('Size').selectOption('XL');
      await page.getByRole('radio', { name: 'Black (sold out)', exact: true }).check();
      await expect.poll(() => price.innerText()).toMatch(/\$28\.00[\s\S]*Sold out/);
      expect(await page.getByRole('button', { name: 'Sold out' }).isDisabled()).toBe(true);
      await page.getByRole('radio', { name: 'White', exact: true }).check();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const drawer = page.getByRole('dialog', { name: /Your cart/ });
      const line = drawer.getByRole('listitem', { name: TEE });
      await expect.poll(() => line.innerText()).toContain('XL');
      expect(await line.innerText()).toContain('$28.00');
      await expect.poll(() => cartCount(page)).toBe(1);
      await drawer.getByRole('link', { name: /cart/i }).first().click();

      await page.waitForURL(shop.url('/cart'));
      const main = page.getByRole('main');
      await main.getByRole('listitem').filter({ hasText: TEE }).waitFor();
      await main.getByLabel('Coupon code').fill('WELCOME10');
      await main.getByRole('button', { name: 'Apply' }).click();
      await main.getByText('Coupon WELCOME10 applied.').waitFor();
      // Cart V2 prices the coupon on the estimate only: the engine estimates the changed cart.
      await expect.poll(() => summaryRow(page, 'Discount (WELCOME10)').innerText()).toBe('−$2.80');
      await expect.poll(() => summaryRow(page, 'Before shipping').innerText()).toBe('$25.20');

      await main.getByRole('button', { name: 'Check out' }).click();
      await placeOrderOnHostedCheckout(page, shop);
      await expectOrderInAccount(page, shop, 2.8);
    },
  );

  it('the same without JavaScript: a sold-out choice refused by the server, SAVE5, the order in the account', async () => {
    const context: BrowserContext = await shop.browser.newContext({ javaScriptEnabled: false });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    const serverErrorsBefore = shop.serverErrors.length;
    try {
      await page.goto(shop.url('/'));
      // NoScriptSupport's <noscript> refresh marks the browser; the pages then come whole.
      await expect.poll(() => page.locator('noscript[data-vitrine-no-script]').count()).toBe(0);
      await signInAsNewMember(page, 'other-catalog-no-script');
      await openTeeFromHome(page);

      // Every choice posted as it is: the server refuses the sold-out one, by its words.
      await page.getByLabel('Size').selectOption('XL');
      await page.getByRole('radio', { name: 'Black', exact: true }).check();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('alert').filter({ hasText: 'This choice is sold out.' }).waitFor();
      expect(await cartCount(page)).toBe(0);
      await page.getByLabel('Size').selectOption('XL');
      await page.getByRole('radio', { name: 'White', exact: true }).check();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect.poll(() => cartCount(page)).toBe(1);

      // The header's cart button is a link to the cart page.
      await header(page).locator('.cart-button').click();
      await page.waitForURL(shop.url('/cart'));
      const main = page.getByRole('main');
      const line = main.getByRole('listitem').filter({ hasText: TEE });
      await line.getByText('Size: XL').waitFor();
      await main.getByLabel('Coupon code').fill('SAVE5');
      await main.getByRole('button', { name: 'Apply' }).click();
      await main.getByText('Coupon SAVE5 applied.').waitFor();
      expect(await summaryRow(page, 'Subtotal').innerText()).toBe('$28.00');
      expect(await summaryRow(page, 'Discount (SAVE5)').innerText()).toBe('−$5.00');
      expect(await summaryRow(page, 'Before shipping').innerText()).toBe('$23.00');
      expect(await summaryRow(page, 'Shipping (Standard delivery)').innerText()).toBe('$5.99');

      await main.getByRole('button', { name: 'Check out' }).click();
      await placeOrderOnHostedCheckout(page, shop);
      await expectOrderInAccount(page, shop, 5);
      expect(shop.serverErrors.slice(serverErrorsBefore)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

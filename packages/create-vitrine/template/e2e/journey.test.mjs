// @ts-check
/**
 * `npm test`: shoppers' journeys through the built shop (`npm run build` first), in Chromium, on
 * a fresh local store emulator, for each catalog a store may run (one build runs on both: the
 * store is read when a request comes in):
 *
 * - on a Catalog V1 store: home → search → a collection → a product with options → add to cart →
 *   the cart drawer → the cart page → sign up on the store's hosted sign-in page → the account
 *   page → sign out;
 * - on a Catalog V3 store: sign up → a product with options → a sold-out choice refused → add →
 *   the cart → a coupon → the store's hosted checkout → the order confirmation → the order in the
 *   account.
 *
 * Each fails on any console error of the pages (a hydration mismatch is one).
 *
 * The browser is the one installed on this machine, never downloaded: Chromium at
 * /usr/bin/chromium, or the path in CHROMIUM_PATH (Chrome works too).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { freePort, startLocalStore, startNext } from '../scripts/store.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Headless, no sandbox (CI runs as root), nothing that reaches the network on its own. Each
// launch gets a fresh profile (a temporary --user-data-dir playwright-core removes afterwards).
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const WAIT = { timeout: 15_000 };

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  if (!existsSync('.next/BUILD_ID'))
    throw new Error('No production build: run `npm run build` first.');
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: install it, or set CHROMIUM_PATH to a Chromium or Chrome.`,
    );
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
});

after(async () => {
  await browser?.close();
});

/**
 * The built shop (`next start`) on a fresh emulator running `catalog`; resolves with its address
 * and how to stop both.
 * @param {'v1' | 'v3'} catalog
 */
async function startShop(catalog) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { emulator, env } = await startLocalStore({
    origins: [origin],
    webhookUrl: `${origin}/api/webhooks`,
    catalog,
  });
  const shop = await startNext('start', { port, host: '127.0.0.1', env, stdio: 'ignore' }).catch(
    async (error) => {
      await emulator.close();
      throw error;
    },
  );
  const stop = async () => {
    const exited = new Promise((done) => shop.once('exit', done));
    shop.kill();
    await Promise.all([exited, emulator.close()]);
  };
  return { origin, stop };
}

/**
 * A new browser context and page, and the console errors and uncaught errors of its pages.
 * @param {import('playwright-core').Browser} browser
 */
async function newShopper(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = /** @type {string[]} */ ([]);
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return { context, page, errors };
}

/**
 * Signs up on the store's hosted sign-in page, from the header's "Sign in"; back on `back`.
 * @param {import('playwright-core').Page} page
 * @param {string} back the address the shopper comes back to
 */
async function signUp(page, back) {
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor(WAIT);
  await page.getByRole('link', { name: "Sign in on the store's page" }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/oauth2/'), WAIT);
  await page.getByRole('link', { name: 'Create an account' }).click();
  const email = `shopper-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(back, WAIT);
  return email;
}

test(
  'on a Catalog V1 store: a shopper searches, adds a product with options, reviews the cart, signs up and sees the account',
  { timeout: 120_000 },
  async () => {
    const shop = await startShop('v1');
    const { context, page, errors } = await newShopper(browser);
    try {
      const header = page.getByRole('banner');
      const cartButton = header.getByRole('link', { name: /^Cart / });

      // Home: the collections and the products; the header's search box.
      await page.goto(`${shop.origin}/`);
      await page.getByRole('heading', { level: 2, name: 'Products' }).waitFor(WAIT);
      await header.getByRole('searchbox', { name: 'Search products' }).fill('tee');
      await header.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('heading', { level: 1, name: 'Results for “tee”' }).waitFor(WAIT);
      await page.getByRole('link', { name: /Classic Crew Tee/ }).waitFor(WAIT);
      await page.goto(`${shop.origin}/`);
      await page.getByRole('link', { name: 'Apparel' }).click();
      await page.getByRole('heading', { level: 1, name: 'Apparel' }).waitFor(WAIT);

      // A product with two options: a size and a colour.
      await page.getByRole('link', { name: /Classic Crew Tee/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Classic Crew Tee' }).waitFor(WAIT);
      await page.getByLabel('Size').selectOption('M');
      const colour = page.getByRole('group', { name: 'Color' }).getByRole('radio').first();
      await colour.check();
      const colourName = (await colour.inputValue()).trim();
      await page.getByLabel('Quantity').fill('2');
      await page.getByRole('button', { name: 'Add to cart' }).click();

      // The drawer opens with the line and the choices.
      const drawer = page.getByRole('dialog', { name: 'Your cart' });
      await drawer.getByRole('link', { name: 'Classic Crew Tee' }).waitFor(WAIT);
      await drawer.getByText(`Size: M · Color: ${colourName}`).waitFor(WAIT);
      await waitForText(cartButton, 'Cart 2 items');
      await drawer.getByRole('link', { name: 'View cart' }).click();

      // The cart page: one more.
      await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor(WAIT);
      await page.getByRole('button', { name: 'Increase quantity of Classic Crew Tee' }).click();
      await waitForText(page.getByLabel('Quantity of Classic Crew Tee', { exact: true }), '3');
      await waitForText(cartButton, 'Cart 3 items');

      // Sign up on the store's hosted page; back to the cart, which came along.
      const email = await signUp(page, `${shop.origin}/cart`);
      await waitForText(cartButton, 'Cart 3 items');

      // The account page, rendered on the server for this member.
      await header.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor(WAIT);
      await page.getByText(email).first().waitFor(WAIT);
      await page.getByText('You have no orders yet.').waitFor(WAIT);

      // Signing out: a visitor again.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${shop.origin}/`, WAIT);
      await header.getByRole('link', { name: 'Sign in' }).waitFor(WAIT);
      assert.deepEqual(errors, [], 'the pages logged no console error');
    } finally {
      await context.close();
      await shop.stop();
    }
  },
);

test(
  'on a Catalog V3 store: a member is refused a sold-out choice, adds another, takes a coupon, places the order and sees it',
  { timeout: 120_000 },
  async () => {
    const shop = await startShop('v3');
    const { context, page, errors } = await newShopper(browser);
    try {
      const header = page.getByRole('banner');
      const cartButton = header.getByRole('link', { name: /^Cart / });

      await page.goto(`${shop.origin}/`);
      await page.getByRole('heading', { level: 2, name: 'Products' }).waitFor(WAIT);
      await signUp(page, `${shop.origin}/`);

      // A product with options; its extra-large black is sold out.
      await page.getByRole('link', { name: /Classic Crew Tee/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Classic Crew Tee' }).waitFor(WAIT);
      const colours = page.getByRole('group', { name: 'Color' });
      await page.getByLabel('Size').selectOption('XL');
      await colours.getByRole('radio', { name: /^Black/ }).check();
      const soldOut = page.getByRole('button', { name: 'Sold out' });
      await soldOut.waitFor(WAIT);
      assert.equal(await soldOut.isDisabled(), true, 'a sold-out choice cannot be added');
      await colours.getByText('Black (sold out)').waitFor(WAIT);

      // Another size of it: added, said so next to the button.
      await page.getByLabel('Size').selectOption('M');
      await page.getByLabel('Quantity').fill('2');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const drawer = page.getByRole('dialog', { name: 'Your cart' });
      await drawer.getByText('Size: M · Color: Black').waitFor(WAIT);
      await waitForText(cartButton, 'Cart 2 items');
      await drawer.getByRole('link', { name: 'View cart' }).click();

      // The cart page: a coupon, priced (10 % off what the lines come to).
      await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor(WAIT);
      await page.getByLabel('Coupon code').fill('WELCOME10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Coupon WELCOME10 applied.').waitFor(WAIT);
      const summary = page.locator('.cart-summary');
      await summary.getByText('Before shipping').waitFor(WAIT);
      const [subtotal, discount, total] =
        (await summary.innerText())
          .match(/\$[\d.,]+/g)
          ?.map((amount) => Number(amount.slice(1).replace(/,/g, ''))) ?? [];
      assert.ok(subtotal && subtotal > 0, 'a subtotal');
      assert.equal(discount, Math.round(subtotal * 10) / 100, 'the coupon takes 10 % off');
      assert.equal(total, Math.round((subtotal - (discount ?? 0)) * 100) / 100);

      // The store's hosted checkout, back through /callback to the confirmation.
      await page.getByRole('button', { name: 'Check out' }).click();
      await page.getByLabel('Country').selectOption('US');
      await page.getByRole('radio', { name: /Standard delivery/ }).check();
      await page.getByRole('button', { name: 'Review total' }).click();
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(
        (url) => url.href.startsWith(`${shop.origin}/order-confirmation?orderId=`),
        WAIT,
      );
      await page
        .getByRole('heading', { level: 1, name: 'Thank you for your order!' })
        .waitFor(WAIT);
      await waitForText(cartButton, 'Cart 0 items');

      // The order, in the member's account.
      await header.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor(WAIT);
      await page.getByText(/^Order #/).waitFor(WAIT);
      await page.getByText('Classic Crew Tee × 2').waitFor(WAIT);
      assert.deepEqual(errors, [], 'the pages logged no console error');
    } finally {
      await context.close();
      await shop.stop();
    }
  },
);

/**
 * Waits until `locator`'s text, spaces collapsed, is `expected`.
 * @param {import('playwright-core').Locator} locator
 * @param {string} expected
 */
async function waitForText(locator, expected) {
  const deadline = Date.now() + WAIT.timeout;
  let text = '';
  while (Date.now() < deadline) {
    text = await locator.innerText({ timeout: 1000 }).then(
      (inner) => inner.replace(/\s+/g, ' ').trim(),
      (/** @type {Error} */ error) => error.message,
    );
    if (text === expected) return;
    await new Promise((later) => setTimeout(later, 100));
  }
  assert.equal(text, expected);
}

// @ts-check
/**
 * `npm test`: one shopper's journey through the built shop (`npm run build` first), in Chromium,
 * on a fresh local store emulator: home → a product with options → add to cart → the cart
 * drawer → the cart page → sign up on the store's hosted sign-in page → the account page →
 * sign out. It fails on any console error of the pages (a hydration mismatch is one).
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

/** @type {{ origin: string, stop: () => Promise<unknown>, browser: import('playwright-core').Browser }} */
const run = /** @type {any} */ ({});

before(async () => {
  if (!existsSync('.next/BUILD_ID'))
    throw new Error('No production build: run `npm run build` first.');
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: install it, or set CHROMIUM_PATH to a Chromium or Chrome.`,
    );
  }
  const port = await freePort();
  run.origin = `http://127.0.0.1:${port}`;
  const { emulator, env } = await startLocalStore({
    origins: [run.origin],
    webhookUrl: `${run.origin}/api/webhooks`,
  });
  const shop = await startNext('start', { port, host: '127.0.0.1', env, stdio: 'ignore' }).catch(
    async (error) => {
      await emulator.close();
      throw error;
    },
  );
  run.stop = async () => {
    const exited = new Promise((done) => shop.once('exit', done));
    shop.kill();
    await Promise.all([exited, emulator.close()]);
  };
  run.browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
});

after(async () => {
  await run.browser?.close();
  await run.stop?.();
});

test(
  'a shopper adds a product with options, reviews the cart, signs up and sees the account',
  { timeout: 120_000 },
  async () => {
    const context = await run.browser.newContext();
    const page = await context.newPage();
    const errors = /** @type {string[]} */ ([]);
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    const header = page.getByRole('banner');
    const cartButton = header.getByRole('link', { name: /^Cart / });

    // Home: the collections and the products.
    await page.goto(`${run.origin}/`);
    await page.getByRole('heading', { level: 2, name: 'Products' }).waitFor(WAIT);
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
    await header.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor(WAIT);
    await page.getByRole('link', { name: "Sign in on the store's page" }).click();
    await page.waitForURL(
      (url) => url.pathname === '/oauth2/authorize' || url.pathname.startsWith('/oauth2/'),
      WAIT,
    );
    await page.getByRole('link', { name: 'Create an account' }).click();
    const email = `shopper-${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${run.origin}/cart`, WAIT);
    await waitForText(cartButton, 'Cart 3 items');

    // The account page, rendered on the server for this member.
    await header.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor(WAIT);
    await page.getByText(email).first().waitFor(WAIT);
    await page.getByText('You have no orders yet.').waitFor(WAIT);

    // Signing out: a visitor again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${run.origin}/`, WAIT);
    await header.getByRole('link', { name: 'Sign in' }).waitFor(WAIT);

    await context.close();
    assert.deepEqual(errors, [], 'the pages logged no console error');
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

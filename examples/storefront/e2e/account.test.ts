/**
 * Accounts, from the shopper's side: sign up with the emailed code, sign in with a password
 * (the visitor's cart comes along; after sign-out the next visitor starts empty), sign in
 * through the hosted page, and reset a forgotten password from the emailed link.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { createStoreClient, storefrontLineItem } from '@vitrine/sdk';
import { CLIENT_ID } from '@vitrine/shop-ui/e2e/shop-under-test';
import { journey, useStorefront, type Storefront } from './harness';
import { addToCartFromProductPage, cartCount, createMember, newEmail } from './shopper';

const shop = useStorefront();

interface OutboxMessage {
  to: string;
  kind: string;
  code?: string;
  recoveryToken?: string;
  link?: string;
}

/** The newest email of a kind to an address, read from the emulator's outbox endpoint. */
async function latestMail(
  storefront: Storefront,
  to: string,
  kind: 'verification' | 'recovery',
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const url = `${storefront.emulator.url}/_emulator/outbox?to=${encodeURIComponent(to)}&kind=${kind}`;
      const { messages } = (await (await fetch(url)).json()) as { messages: OutboxMessage[] };
      found = messages.at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

function header(page: Page) {
  return page.getByRole('navigation', { name: 'Account and cart' });
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('accounts', () => {
  journey(
    shop,
    'sign up with email and password, verified with the code from the outbox',
    async ({ page }) => {
      await shop.emulator.setModes({ emailVerification: true });
      try {
        const email = newEmail('new');
        await page.goto(shop.url('/'));
        await header(page).getByRole('link', { name: 'Sign in' }).click();
        await page.getByRole('link', { name: 'Create an account' }).click();
        await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill('correct horse');
        await page.getByRole('button', { name: 'Create account' }).click();

        await page.getByRole('heading', { name: 'Check your email' }).waitFor();
        const mail = await latestMail(shop, email, 'verification');
        expect(mail.code).toMatch(/^\d{6}$/);

        // A mistyped code is explained, and the right one still works.
        const wrong = mail.code === '000000' ? '111111' : '000000';
        await page.getByLabel('Verification code').fill(wrong);
        await page.getByRole('button', { name: 'Verify and continue' }).click();
        await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();

        await page.getByLabel('Verification code').fill(mail.code!);
        await page.getByRole('button', { name: 'Verify and continue' }).click();
        // Signed in, and back on the page the shopper started from.
        await page.waitForURL(shop.url('/'));
        await header(page).getByRole('link', { name: 'Account' }).waitFor();
        await header(page).getByRole('link', { name: 'Account' }).click();
        await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
      } finally {
        await shop.emulator.setModes({ emailVerification: false });
      }
    },
  );

  journey(
    shop,
    'a new account is welcomed as new, with the count of items it brought',
    async ({ page }) => {
      // One line of three rulers: three items, as the header counts them.
      await page.goto(shop.url('/products/brass-ruler'));
      const more = page.getByRole('button', { name: 'Increase quantity of Brass Ruler' });
      await more.click();
      await more.click();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('dialog', { name: /Your cart/ }).waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => cartCount(page)).toBe(3);

      await header(page).getByRole('link', { name: 'Sign in' }).click();
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.getByLabel('Email').fill(newEmail('welcome'));
      await page.getByLabel('Password').fill('brand new');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Brass Ruler' }).waitFor();
      await header(page).getByRole('link', { name: 'Account' }).waitFor();

      await page.getByRole('contentinfo').getByRole('link', { name: 'Cart' }).click();
      const welcome = page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: 'Welcome! Your account is ready' });
      await expect
        .poll(() => welcome.innerText())
        .toBe('Welcome! Your account is ready, and the 3 items you picked are in your cart.');
      await expect.poll(() => cartCount(page)).toBe(3);
    },
  );

  journey(
    shop,
    "sign in with a password keeps the visitor's cart; after sign-out the next visitor's cart is empty",
    async ({ page }) => {
      const email = newEmail('member');
      await createMember(shop, email, 'open sesame');

      await addToCartFromProductPage(page, shop, 'brass-ruler');
      await page.keyboard.press('Escape');
      await expect.poll(() => cartCount(page)).toBe(1);

      await header(page).getByRole('link', { name: 'Sign in' }).click();
      await signIn(page, email, 'wrong password');
      await page
        .getByRole('alert')
        .filter({ hasText: 'That email and password do not match' })
        .waitFor();

      await signIn(page, email, 'open sesame');
      // Signed in, and back on the product page the shopper started from.
      await header(page).getByRole('link', { name: 'Account' }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Brass Ruler' }).waitFor();
      // Carry-over: the visitor's ruler is in the member's cart.
      await expect.poll(() => cartCount(page)).toBe(1);
      await header(page).getByRole('link', { name: 'Account' }).click();
      await page.getByRole('link', { name: 'View your cart' }).click();
      await page.getByRole('main').getByRole('listitem', { name: 'Brass Ruler' }).waitFor();
      await page.getByText('We added the 1 item you picked before signing in').waitFor();

      // Sign out: through the hosted logout page, back to the home page as a new visitor.
      await header(page).getByRole('link', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(shop.url('/'));
      await header(page).getByRole('link', { name: 'Sign in' }).waitFor();
      await expect.poll(() => cartCount(page)).toBe(0);
      await page.goto(shop.url('/cart'));
      await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();

      // The member's cart is still theirs when they come back.
      await page.goto(shop.url('/account/sign-in'));
      await signIn(page, email, 'open sesame');
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
      await expect.poll(() => cartCount(page)).toBe(1);
    },
  );

  journey(
    shop,
    "a visitor's coupon comes along at sign-in, and the cart page says so",
    async ({ page }) => {
      const email = newEmail('coupon');
      await createMember(shop, email, 'open sesame');
      await addToCartFromProductPage(page, shop, 'brass-ruler');
      await page.goto(shop.url('/cart'));
      const code = page.getByLabel('Coupon code');
      await code.fill('WELCOME10');
      await code.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Coupon WELCOME10 applied' }).waitFor();

      await header(page).getByRole('link', { name: 'Sign in' }).click();
      await signIn(page, email, 'open sesame');
      await header(page).getByRole('link', { name: 'Account' }).waitFor();

      // The member's cart holds the ruler and the coupon, and the cart page tells the shopper
      // (the outcome lives in this page's cart store: reached by the shop's own link).
      await page.getByRole('contentinfo').getByRole('link', { name: 'Cart' }).click();
      const notice = page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: 'We added the 1 item' });
      await expect
        .poll(() => notice.innerText())
        .toContain('Your coupon WELCOME10 came along too.');
      // On the member's cart at the store, not only on this page: it is there after a reload
      // (its amount comes with the cart's totals, on Cart V2).
      await page.reload();
      await page.getByRole('status').filter({ hasText: 'Coupon WELCOME10 applied' }).waitFor();
    },
  );

  journey(
    shop,
    'sign in through the hosted sign-in page (PKCE redirect to /callback)',
    async ({ page }) => {
      const email = newEmail('hosted');
      await createMember(shop, email, 'let me in');
      await addToCartFromProductPage(page, shop, 'stoneware-mug', { radios: ['White'] });
      await page.keyboard.press('Escape');

      await page.goto(shop.url('/account/sign-in'));
      await page.getByRole('button', { name: "Sign in with the store's sign-in page" }).click();

      // The emulator's hosted page.
      await page.waitForURL((url) => url.href.startsWith(`${shop.emulator.url}/oauth2/authorize`));
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('let me in');
      await page.getByRole('button', { name: 'Sign in' }).click();

      // Back through /callback (code and state exchanged with the PKCE verifier) to the account.
      await page.waitForURL(shop.url('/account'));
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
      expect(page.url()).not.toMatch(/code=|state=/);
      await header(page).getByRole('link', { name: 'Account' }).waitFor();
      await expect.poll(() => cartCount(page)).toBe(1);

      // A replayed return address is refused with a sentence, not a crash.
      await page.goto(shop.url('/callback#code=ac_replayed&state=not-mine'));
      await page.getByRole('heading', { name: 'We could not sign you in' }).waitFor();
      await page.getByText('This sign-in link has expired or was already used.').waitFor();
    },
  );

  journey(
    shop,
    'a visitor who never added anything signs in through the hosted page with no console error',
    async ({ page }) => {
      // A member who has a cart of their own (made in Node: setup, not what is tested).
      const email = newEmail('empty-handed');
      const member = createStoreClient({
        clientId: CLIENT_ID,
        baseUrl: shop.emulator.url,
        redirectUri: `${shop.origin}/callback`,
      });
      try {
        await createMember(shop, email, 'let me in', member);
        const ruler = await member.storefront.product({ slug: 'brass-ruler' });
        await member.cartStore.addItems({ lineItems: [storefrontLineItem(ruler!)] });
      } finally {
        member.dispose();
      }

      // A visitor looks around, over two page loads, and adds nothing.
      await page.goto(shop.url('/'));
      await expect.poll(() => cartCount(page)).toBe(0);
      await page.goto(shop.url('/account/sign-in'));
      await page.getByRole('button', { name: "Sign in with the store's sign-in page" }).click();
      await page.waitForURL((url) => url.href.startsWith(`${shop.emulator.url}/oauth2/authorize`));
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('let me in');
      await page.getByRole('button', { name: 'Sign in' }).click();

      // Back through /callback: the member's cart, and no console error on any of the shop's
      // pages (the visitor's cart, which does not exist, was never asked for: a 404 is logged).
      await page.waitForURL(shop.url('/account'));
      await header(page).getByRole('link', { name: 'Account' }).waitFor();
      await expect.poll(() => cartCount(page)).toBe(1);
    },
    { strict: true },
  );

  journey(
    shop,
    'after a hosted sign-up and a sign-out, the next visitor signs in on the hosted page with no console error',
    async ({ page }) => {
      // A visitor adds, then signs up on the hosted page (the cart is carried over).
      const email = newEmail('comes-back');
      await addToCartFromProductPage(page, shop, 'brass-ruler');
      await page.keyboard.press('Escape');
      await page.goto(shop.url('/account/sign-in'));
      await page.getByRole('button', { name: "Sign in with the store's sign-in page" }).click();
      await page.waitForURL((url) => url.href.startsWith(`${shop.emulator.url}/oauth2/authorize`));
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('let me in');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(shop.url('/account'));
      await expect.poll(() => cartCount(page)).toBe(1);

      // Signs out: a new visitor, who adds nothing.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(shop.url('/'));
      await header(page).getByRole('link', { name: 'Sign in' }).waitFor();
      await expect.poll(() => cartCount(page)).toBe(0);

      // That visitor signs in on the hosted page: back through /callback, the member's cart, and
      // the new visitor's cart (which does not exist) never asked for: a 404 is logged.
      await page.goto(shop.url('/account/sign-in'));
      await page.getByRole('button', { name: "Sign in with the store's sign-in page" }).click();
      await page.waitForURL((url) => url.href.startsWith(`${shop.emulator.url}/oauth2/authorize`));
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('let me in');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(shop.url('/account'));
      await header(page).getByRole('link', { name: 'Account' }).waitFor();
      await expect.poll(() => cartCount(page)).toBe(1);
    },
    { strict: true },
  );

  journey(
    shop,
    'reset a forgotten password from the emailed link, then sign in with the new one',
    async ({ page }) => {
      const email = newEmail('forgetful');
      await createMember(shop, email, 'old password');

      await page.goto(shop.url('/account/sign-in'));
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText(`If an account uses ${email}, we sent it a link`).waitFor();

      // The email's link carries the recovery token; the storefront's page sets the password.
      const mail = await latestMail(shop, email, 'recovery');
      const token = new URL(mail.link!).searchParams.get('token');
      expect(token).toBe(mail.recoveryToken);
      await page.goto(shop.url(`/account/reset-password?token=${encodeURIComponent(token!)}`));
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      // The token leaves the address bar once read.
      await expect.poll(() => page.url()).not.toContain('token=');
      await page.getByLabel('New password', { exact: true }).fill('new password');
      await page.getByLabel('Repeat the new password').fill('new pasword');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByText('The two passwords are not the same.').waitFor();
      await page.getByLabel('Repeat the new password').fill('new password');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByText('Your password is changed.').waitFor();

      await page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
      await signIn(page, email, 'old password');
      await page.getByRole('alert').filter({ hasText: 'do not match' }).waitFor();
      await signIn(page, email, 'new password');
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();

      // The link works once.
      await page.goto(shop.url(`/account/reset-password?token=${encodeURIComponent(token!)}`));
      await page.getByLabel('New password', { exact: true }).fill('another one');
      await page.getByLabel('Repeat the new password').fill('another one');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'This reset link has expired or was already used.' })
        .waitFor();
    },
  );

  journey(
    shop,
    "reset by the emailed link on the store's page ends on a page that says the password is changed",
    async ({ context, page }) => {
      const email = newEmail('hosted-reset');
      await createMember(shop, email, 'old password');
      await page.goto(shop.url('/account/forgot-password'));
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText(`If an account uses ${email}, we sent it a link`).waitFor();

      // The email's own link, opened in a new tab: the store's hosted reset page.
      const mail = await latestMail(shop, email, 'recovery');
      const tab = await context.newPage();
      await tab.goto(mail.link!);
      await tab.getByLabel('New password').fill('new password');
      await tab.getByRole('button', { name: 'Save password' }).click();

      // Back through /callback to a page that says so, and offers to sign in.
      await tab.waitForURL(shop.url('/account/password-changed'));
      await tab.getByRole('heading', { level: 1, name: 'Password changed' }).waitFor();
      await tab.getByText('Your password is changed.').waitFor();
      await tab.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
      await signIn(tab, email, 'new password');
      await tab.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();

      // The note confirms that one return only: a later bare /callback goes home.
      await tab.goto(shop.url('/callback'));
      await tab.waitForURL(shop.url('/'));
    },
  );
});

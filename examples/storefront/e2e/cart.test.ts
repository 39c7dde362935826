/**
 * The cart, from the shopper's side: the drawer and the cart page (quantities, remove),
 * coupons, a shipping estimate, checkout through the hosted page, and two tabs.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, useStorefront } from './harness';
import { addToCartFromProductPage, cartCount, sizeOf, textLines } from './shopper';

const shop = useStorefront();

function cartLine(page: Page, name: string) {
  return page.getByRole('main').getByRole('listitem', { name });
}

function summary(page: Page) {
  return page.getByRole('complementary', { name: 'Order summary' });
}

/** Estimates shipping and tax to the United States, and waits for the totals. */
async function estimateShipping(page: Page): Promise<void> {
  const estimate = page.getByRole('region', { name: 'Estimate shipping and tax' });
  await estimate.getByLabel('Country').selectOption({ label: 'United States' });
  await estimate.getByRole('button', { name: 'Estimate shipping' }).click();
  await summary(page).getByText('Estimated total').waitFor();
}

describe('the cart', () => {
  // Issue 36: after a reload the header showed the count while the drawer, opened, said
  // "Loading your cart…": its content was fetched only then (slowly, on a slow network).
  journey(
    shop,
    'the drawer opened after a reload shows the lines the header counts, not "Loading your cart…"',
    async ({ page }) => {
      await addToCartFromProductPage(page, shop, 'brass-ruler');
      await page.keyboard.press('Escape');
      // A slow network for the drawer's code from now on.
      await page.route(/CartDrawerContent-[\w-]+\.js$/, async (route) => {
        await new Promise((later) => setTimeout(later, 2000));
        await route.continue();
      });
      await page.reload();
      await expect.poll(() => cartCount(page)).toBe(1);
      await page.waitForLoadState('networkidle');
      await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click();
      const drawer = page.getByRole('dialog', { name: /Your cart/ });
      await drawer.getByRole('listitem', { name: 'Brass Ruler' }).waitFor({ timeout: 1000 });
      expect(await drawer.innerText()).not.toContain('Loading your cart');
    },
  );

  journey(
    shop,
    'the drawer and the cart page: change quantities and remove lines',
    async ({ page }) => {
      await addToCartFromProductPage(page, shop, 'stoneware-mug', { radios: ['White'] });
      await page.keyboard.press('Escape');
      await addToCartFromProductPage(page, shop, 'brass-ruler');
      await expect.poll(() => cartCount(page)).toBe(2);

      // The drawer: + on the mug.
      const drawer = page.getByRole('dialog', { name: /Your cart/ });
      const mug = drawer.getByRole('listitem', { name: 'Stoneware Mug' });
      await mug.getByRole('button', { name: 'Increase quantity of Stoneware Mug' }).click();
      await expect.poll(() => cartCount(page)).toBe(3);
      await expect.poll(() => mug.innerText()).toContain('$32.00');
      await expect.poll(() => drawer.getByRole('heading').innerText()).toBe('Your cart (3 items)');

      // The cart page: type a quantity.
      await drawer.getByRole('link', { name: 'View cart, coupons and shipping' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
      expect(await drawer.isVisible()).toBe(false);
      const ruler = cartLine(page, 'Brass Ruler');
      const quantity = ruler.getByRole('spinbutton', { name: 'Quantity of Brass Ruler' });
      await quantity.fill('3');
      await quantity.press('Enter');
      await expect.poll(() => cartCount(page)).toBe(5);
      await expect.poll(() => ruler.innerText()).toMatch(/\$66\.00/);
      // The platform's subtotal: 2 × $16 + 3 × $22.
      await expect.poll(() => summary(page).innerText()).toMatch(/Subtotal\s*\$98\.00/);

      // Remove both lines, by keyboard for one of them.
      await cartLine(page, 'Stoneware Mug')
        .getByRole('button', { name: 'Remove Stoneware Mug from your cart' })
        .click();
      await expect.poll(() => cartLine(page, 'Stoneware Mug').count()).toBe(0);
      await ruler.getByRole('button', { name: 'Remove Brass Ruler from your cart' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
      await expect.poll(() => cartCount(page)).toBe(0);
    },
  );

  journey(
    shop,
    'coupons: an unknown code is explained; WELCOME10 applies, then is removed',
    async ({ page }) => {
      await addToCartFromProductPage(page, shop, 'brass-ruler');
      await page.goto(shop.url('/cart'));
      const code = page.getByLabel('Coupon code');

      await code.fill('NOPE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('alert').filter({ hasText: 'That coupon code is not valid.' }).waitFor();

      // SAVE5 needs a $25 subtotal; the ruler is $22.
      await code.fill('save5');
      await code.press('Enter');
      await page
        .getByRole('alert')
        .filter({ hasText: 'does not reach the minimum amount' })
        .waitFor();

      await code.fill('WELCOME10');
      await code.press('Enter');
      const applied = page.getByRole('status').filter({ hasText: 'Coupon WELCOME10 applied' });
      await applied.waitFor();
      // Cart V2 prices a coupon with the cart's totals: estimated, its amount shows.
      await estimateShipping(page);
      await expect.poll(() => applied.innerText()).toContain('Coupon WELCOME10 applied (−$2.20)');
      await expect.poll(() => summary(page).innerText()).toMatch(/Discount\s*−\$2\.20/);

      await page.getByRole('button', { name: 'Remove coupon WELCOME10' }).click();
      await code.waitFor();
      await expect.poll(() => summary(page).innerText()).not.toContain('Discount');
    },
  );

  journey(
    shop,
    "the coupon's amount stays on one line, and the cart's quantity buttons are 44 px, on a desktop and a phone",
    async ({ page }) => {
      await addToCartFromProductPage(page, shop, 'brass-ruler');
      await page.goto(shop.url('/cart'));
      const code = page.getByLabel('Coupon code');
      await code.fill('WELCOME10');
      await code.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Coupon WELCOME10 applied' }).waitFor();
      await estimateShipping(page);
      const amount = page.getByRole('status').getByText('(−$2.20)');
      for (const viewport of [
        { width: 1280, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await amount.waitFor();
        expect(await textLines(amount), `${viewport.width} px`).toBe(1);
        const ruler = cartLine(page, 'Brass Ruler');
        for (const name of ['Decrease', 'Increase']) {
          const size = await sizeOf(
            ruler.getByRole('button', { name: `${name} quantity of Brass Ruler` }),
          );
          expect(
            Math.min(size.width, size.height),
            `${name} at ${viewport.width} px`,
          ).toBeGreaterThanOrEqual(44);
        }
      }
    },
  );

  journey(
    shop,
    'estimate totals for a shipping address, with the shipping the estimate gives',
    async ({ page }) => {
      await addToCartFromProductPage(page, shop, 'brass-ruler');
      await page.goto(shop.url('/cart'));
      const estimate = page.getByRole('region', { name: 'Estimate shipping and tax' });
      await estimate.getByLabel('Country').selectOption({ label: 'United States' });
      await estimate.getByLabel('State or region').fill('NY');
      await estimate.getByLabel('Postal code').fill('10001');
      await estimate.getByRole('button', { name: 'Estimate shipping' }).click();

      // Cart V2 prices one delivery method, the store's first: shown as it is, with no choice
      // to make here (the shopper chooses on the checkout page).
      const shipping = estimate.getByRole('group', { name: 'Shipping' });
      await expect.poll(() => shipping.innerText()).toMatch(/Standard delivery[\s\S]*\$5\.99/);
      expect(await shipping.getByRole('radio').count()).toBe(0);
      // US tax is 8% of $22 + $5.99.
      await expect.poll(() => summary(page).innerText()).toMatch(/Shipping\s*\$5\.99/);
      await expect.poll(() => summary(page).innerText()).toMatch(/Tax\s*\$2\.24/);
      await expect.poll(() => summary(page).innerText()).toMatch(/Estimated total\s*\$30\.23/);
    },
  );

  journey(
    shop,
    'check out on the hosted page and come back to the order confirmation',
    async ({ page }) => {
      const ordersBefore = shop.emulator.orders().length;
      await addToCartFromProductPage(page, shop, 'trekking-poles');
      await page.goto(shop.url('/cart'));
      await cartLine(page, 'Trekking Poles').waitFor();
      await summary(page).getByRole('button', { name: 'Check out' }).click();

      // The emulator's hosted checkout page.
      await page.waitForURL((url) => url.href.startsWith(`${shop.emulator.url}/checkout`));
      await page.getByRole('heading', { name: 'Review your order' }).waitFor();
      expect(await page.getByRole('table').innerText()).toContain('Trekking Poles');
      // No address yet: the page asks where the order goes before it shows shipping, tax or a
      // total, rather than $0.00.
      expect(await page.getByRole('table').innerText()).not.toMatch(/Tax|Total/);
      await page.getByLabel('Country').selectOption('US');
      await page.getByRole('radio', { name: /Standard delivery/ }).check();
      await page.getByRole('button', { name: 'Review total' }).click();
      await expect
        .poll(() => page.getByRole('table').innerText())
        .toMatch(/Tax \(8%\)[\s\S]*Total/);
      await page.getByRole('button', { name: 'Place order' }).click();

      await page.waitForURL((url) => url.pathname === '/order-confirmation');
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
      await page
        .getByRole('list', { name: 'Ordered items' })
        .getByText('Trekking Poles × 1')
        .waitFor();
      await expect.poll(() => cartCount(page)).toBe(0);
      const orders = shop.emulator.orders();
      expect(orders).toHaveLength(ordersBefore + 1);
      // The platform handed the order back: the confirmation names it, and claims no total it
      // cannot know (the delivery, and so shipping and tax, were chosen on the checkout page).
      expect(await page.getByTestId('order-reference').innerText()).toBe(orders.at(-1)!.id);
      const confirmation = await page.getByRole('main').innerText();
      expect(confirmation).toContain('Subtotal');
      expect(confirmation).not.toMatch(/\bTotal\b|\bTax\b/);
    },
  );

  journey(shop, 'two open tabs show the same cart', async ({ context, page }) => {
    const other = await context.newPage();
    await page.goto(shop.url('/'));
    await other.goto(shop.url('/cart'));
    await other.getByRole('heading', { name: 'Your cart is empty' }).waitFor();

    // The shopper switches between the tabs (a hidden tab gets no animation frames).
    await page.bringToFront();
    await addToCartFromProductPage(page, shop, 'brass-ruler');
    // The other tab hears of it without a reload.
    await other.bringToFront();
    await expect.poll(() => cartCount(other)).toBe(1);
    const ruler = cartLine(other, 'Brass Ruler');
    await ruler.waitFor();

    await ruler.getByRole('button', { name: 'Increase quantity of Brass Ruler' }).click();
    await page.bringToFront();
    await expect.poll(() => cartCount(page)).toBe(2);
    const drawerLine = page
      .getByRole('dialog', { name: /Your cart/ })
      .getByRole('listitem', { name: 'Brass Ruler' });
    await expect.poll(() => drawerLine.getByRole('spinbutton').inputValue()).toBe('2');

    await drawerLine.getByRole('button', { name: 'Remove Brass Ruler from your cart' }).click();
    await other.bringToFront();
    await other.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await expect.poll(() => cartCount(other)).toBe(0);
  });
});

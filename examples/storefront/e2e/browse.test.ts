/**
 * Browsing, from the shopper's side: the home page, a collection with sorting, search, infinite
 * scroll, and a product page whose options pick the variant's price and availability.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect } from 'vitest';
import { CATALOG_PATHS, journey, useStorefront } from './harness';
import {
  addToCartFromProductPage,
  cartButton,
  cartCount,
  listPriceOf,
  priceOf,
  productCards,
  sizeOf,
  textLines,
} from './shopper';

const shop = useStorefront();
const PHONE = { width: 390, height: 844 };
const SCREENSHOT = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'home.png');

describe('browsing the catalog', () => {
  journey(
    shop,
    'the home page shows collections and products with image, price, ribbon and availability',
    async ({ page }) => {
      await page.goto(shop.url('/'));
      await page
        .getByRole('heading', { level: 1, name: 'Good things for everyday life' })
        .waitFor();

      const collections = page
        .getByRole('region', { name: 'Shop by collection' })
        .getByRole('link');
      await expect.poll(() => collections.count()).toBe(6);
      await expect
        .poll(() => collections.allInnerTexts())
        .toContainEqual(expect.stringMatching(/Apparel\s+10 products/));

      const bestsellers = productCards(page.getByRole('region', { name: 'Bestsellers' }));
      await expect.poll(() => bestsellers.count()).toBe(6);
      const tee = bestsellers.filter({ hasText: 'Classic Crew Tee' });
      await tee.waitFor();
      expect(await tee.getByText('Bestseller', { exact: true }).isVisible()).toBe(true);
      expect(await tee.innerText()).toContain('$24.00');
      expect(await tee.innerText()).toMatch(/In stock|Some sold out/);
      const image = tee.locator('img');
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);

      // Sold-out products say so on their card.
      await page.goto(shop.url('/search?q=loafer'));
      const loafer = productCards(page).filter({ hasText: 'Leather Loafer' });
      await loafer.getByText('Sold out').waitFor();

      if (process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(SCREENSHOT)) {
        // The README's picture: set UPDATE_SCREENSHOTS=1 to take it again.
        await page.setViewportSize({ width: 1280, height: 1460 });
        await page.goto(shop.url('/'));
        await expect
          .poll(() =>
            page
              .locator('main img')
              .evaluateAll((imgs: HTMLImageElement[]) =>
                imgs
                  .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
                  .every((img) => img.complete && img.naturalWidth > 0),
              ),
          )
          .toBe(true);
        await mkdir(dirname(SCREENSHOT), { recursive: true });
        await page.screenshot({ path: SCREENSHOT, fullPage: false });
      }
    },
  );

  journey(
    shop,
    'a collection from the menu, sorted by list price from high to low',
    async ({ page }) => {
      await page.goto(shop.url('/'));
      await page
        .getByRole('navigation', { name: 'Collections' })
        .getByRole('link', { name: 'Outdoor' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Outdoor' }).waitFor();
      await expect.poll(() => page.getByText('10 products').isVisible()).toBe(true);
      const cards = productCards(page);
      await expect.poll(() => cards.count()).toBe(10);

      await page.getByLabel('Sort by').selectOption({ label: 'List price: high to low' });
      await expect.poll(() => cards.first().innerText()).toContain('Two-Person Tent');
      const prices = await Promise.all((await cards.all()).map((card) => listPriceOf(card)));
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      expect(page.url()).toContain('sort=price-desc');

      await page.getByLabel('Sort by').selectOption({ label: 'Name: A to Z' });
      await expect.poll(() => cards.first().innerText()).toContain('Camp Chair');
    },
  );

  journey(
    shop,
    'sorting by list price places an item on sale by its price before the discount, as the menu says',
    async ({ page }) => {
      await page.goto(shop.url('/collections/apparel?sort=price-asc'));
      await page.getByRole('heading', { level: 1, name: 'Apparel' }).waitFor();
      const cards = productCards(page);
      await expect.poll(() => cards.count()).toBeGreaterThan(3);
      const ascending = await Promise.all((await cards.all()).map((card) => listPriceOf(card)));
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      // The Quilted Vest is on sale at $64, was $79: it sits at $79, between $68 and $89.
      const vest = cards.filter({ hasText: 'Quilted Vest' });
      expect([await priceOf(vest), await listPriceOf(vest)]).toEqual([64, 79]);
      const at = ascending.indexOf(79);
      expect(ascending.slice(at - 1, at + 2)).toEqual([68, 79, 89]);
      expect(await page.getByLabel('Sort by').inputValue()).toBe('price-asc');
      expect(await page.getByLabel('Sort by').locator('option:checked').innerText()).toBe(
        'List price: low to high',
      );

      await page.getByLabel('Sort by').selectOption({ label: 'List price: high to low' });
      await expect.poll(() => page.url()).toContain('sort=price-desc');
      await expect
        .poll(async () => Promise.all((await cards.all()).map((card) => listPriceOf(card))))
        .toEqual([...ascending].sort((a, b) => b - a));
    },
  );

  journey(
    shop,
    'search finds products by name, and says so when nothing matches',
    async ({ page }) => {
      await page.goto(shop.url('/'));
      const search = page.getByRole('searchbox', { name: 'Search products' });
      await search.fill('boot');
      await search.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Results for “boot”' }).waitFor();
      const cards = productCards(page);
      await expect
        .poll(() => cards.allInnerTexts())
        .toEqual([expect.stringContaining('Chelsea Boot'), expect.stringContaining('Hiking Boot')]);

      await search.fill('unicorn saddle');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('heading', { name: 'No products match “unicorn saddle”' }).waitFor();
      expect(await cards.count()).toBe(0);
    },
  );

  journey(shop, 'infinite scroll loads more products as the shopper scrolls', async ({ page }) => {
    await page.goto(shop.url('/shop'));
    const cards = productCards(page);
    await expect.poll(() => cards.count()).toBe(12);
    // Catalog V1 counts what a query finds; Catalog V3 does not, and the grid says what it knows.
    await page
      .getByText(shop.catalog === 'v1' ? 'Showing 12 of 60 products' : 'Showing 12 products', {
        exact: true,
      })
      .waitFor();

    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(24);

    // Keyboard users (and browsers without IntersectionObserver) have a button.
    const loadMore = page.getByRole('button', { name: 'Load more products' });
    while ((await cards.count()) < 60) {
      const before = await cards.count();
      if (await loadMore.isVisible()) {
        // Scrolling to the button can also bring the sentinel into view, and the observer may
        // load that page (and, on the last one, remove the button) before the click lands.
        await loadMore.click({ timeout: 2_000 }).catch(() => undefined);
      } else {
        await page.mouse.wheel(0, 4000);
      }
      await expect.poll(() => cards.count()).toBeGreaterThan(before);
    }
    await page.getByText('You have seen everything here.').waitFor();
    await page.getByText('60 products', { exact: true }).waitFor();
  });

  journey(
    shop,
    'a product page: options pick the variant, its price and availability; add to cart',
    async ({ page }) => {
      await page.goto(shop.url('/products/classic-crew-tee'));
      await page.getByRole('heading', { level: 1, name: 'Classic Crew Tee' }).waitFor();
      const info = page.locator('.product-info__price-row');
      await expect.poll(() => info.innerText()).toMatch(/From\s*\$24\.00/);

      // Adding before choosing says what is missing.
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please choose a size.' }).waitFor();

      await page.getByLabel('Size').selectOption('XL');
      await page.getByRole('radio', { name: /^Black/ }).check();
      // XL Black is sold out in the seeded catalog; XL costs $4 more.
      await expect.poll(() => info.innerText()).toMatch(/\$28\.00[\s\S]*Sold out/);
      expect(await page.getByRole('button', { name: 'Sold out' }).isDisabled()).toBe(true);

      await page.getByLabel('Size').selectOption('M');
      await expect.poll(() => info.innerText()).toMatch(/\$24\.00[\s\S]*(In stock|Only \d+ left)/);
      await page.getByRole('button', { name: 'Increase quantity of Classic Crew Tee' }).click();
      await page.getByRole('button', { name: 'Add to cart' }).click();

      const drawer = page.getByRole('dialog', { name: /Your cart/ });
      await drawer.waitFor();
      const line = drawer.getByRole('listitem').filter({ hasText: 'Classic Crew Tee' });
      await expect.poll(() => line.innerText()).toMatch(/Size: M · Color: Black/);
      await expect
        .poll(() =>
          line.getByRole('spinbutton', { name: 'Quantity of Classic Crew Tee' }).inputValue(),
        )
        .toBe('2');
      await expect.poll(() => line.innerText()).toContain('$48.00');
      await expect.poll(() => cartCount(page)).toBe(2);

      // The cart survives a reload: it lives on the platform.
      await page.keyboard.press('Escape');
      await page.reload();
      await expect.poll(() => cartCount(page)).toBe(2);
    },
  );
  journey(
    shop,
    'a product page marks what the chosen options make unavailable before it is picked, and prices what is chosen',
    async ({ page }) => {
      /** Whether a swatch looks unavailable: faded and struck through. */
      const looksUnavailable = (name: string) =>
        page.getByRole('radio', { name: new RegExp(`^${name}`) }).evaluate((radio) => {
          const dot = getComputedStyle(radio.nextElementSibling!);
          return Number(dot.opacity) < 1 && dot.backgroundImage.includes('gradient');
        });
      const info = page.locator('.product-info__price-row');

      await page.goto(shop.url('/products/classic-crew-tee'));
      await page.getByRole('heading', { level: 1, name: 'Classic Crew Tee' }).waitFor();
      // Adding with nothing chosen names every option still to choose.
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const alerts = page.getByRole('alert');
      await expect
        .poll(() => alerts.allInnerTexts())
        .toEqual(['Please choose a size.', 'Please choose a color.']);
      expect(await looksUnavailable('Black')).toBe(false);

      // XL in black is sold out: the Black swatch says so as soon as XL is chosen, and the price
      // is XL's own, no longer "From".
      await page.getByLabel('Size').selectOption('XL');
      await expect.poll(() => alerts.allInnerTexts()).toEqual(['Please choose a color.']);
      await page.getByRole('radio', { name: 'Black (sold out)', exact: true }).waitFor();
      expect(await looksUnavailable('Black')).toBe(true);
      expect(await looksUnavailable('White')).toBe(false);
      await expect.poll(() => info.innerText()).toMatch(/^\$28\.00/);
      expect(await info.innerText()).not.toContain('From');

      await page.getByLabel('Size').selectOption('M');
      await page.getByRole('radio', { name: 'Black', exact: true }).waitFor();
      expect(await looksUnavailable('Black')).toBe(false);
      await expect.poll(() => info.innerText()).toMatch(/^\$24\.00/);

      // With black chosen, the sold-out size is marked in the list before it is picked.
      await page.getByRole('radio', { name: 'Black', exact: true }).check();
      await expect
        .poll(() => page.getByLabel('Size').locator('option').allInnerTexts())
        .toContain('XL (sold out)');

      // A colour sold out in every size is marked on arrival.
      await page.goto(shop.url('/products/stoneware-mug'));
      await page.getByRole('radio', { name: 'Black (sold out)', exact: true }).waitFor();
      expect(await looksUnavailable('Black')).toBe(true);
      expect(await looksUnavailable('Navy')).toBe(false);
    },
  );

  journey(
    shop,
    'keyboard only: search, pick options, add to cart, close the drawer',
    async ({ page }) => {
      await page.goto(shop.url('/'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The first Tab reaches the skip link, which is then visible.
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await skip.isVisible()).toBe(true);

      await page.getByRole('searchbox', { name: 'Search products' }).focus();
      await page.keyboard.type('crew tee');
      await page.keyboard.press('Enter');
      const card = page.getByRole('article', { name: 'Classic Crew Tee' });
      await card.getByRole('link').focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Classic Crew Tee' }).waitFor();

      // A native select and a radio group: arrow keys choose.
      await page.getByLabel('Size').focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.getByLabel('Size').inputValue()).toBe('M');
      await page.getByRole('radio').first().focus();
      await page.keyboard.press('Space');
      await expect.poll(() => page.getByRole('radio').first().isChecked()).toBe(true);
      const add = page.getByRole('button', { name: 'Add to cart' });
      await expect.poll(() => add.isEnabled()).toBe(true);
      await add.focus();
      await page.keyboard.press('Enter');

      // The drawer is a modal dialog: focus is inside, Escape closes it.
      const drawer = page.getByRole('dialog', { name: /Your cart/ });
      await drawer.waitFor();
      await expect
        .poll(() => drawer.evaluate((el) => el.contains(document.activeElement)))
        .toBe(true);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => cartCount(page)).toBe(1);
    },
  );

  journey(
    shop,
    'phone-sized screens: every page fits without sideways scrolling',
    async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const fits = () =>
        page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      for (const path of [
        '/',
        '/shop',
        '/collections/apparel',
        '/products/classic-crew-tee',
        '/account/sign-in',
      ]) {
        await page.goto(shop.url(path));
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expect.poll(fits, { message: `${path} scrolls sideways` }).toBe(true);
      }
      await page.goto(shop.url('/products/brass-ruler'));
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const drawer = page.getByRole('dialog', { name: /Your cart/ });
      await drawer.getByRole('listitem', { name: 'Brass Ruler' }).waitFor();
      // Layout is in fractional pixels (a full-width drawer can measure 375.00002): allow less
      // than a pixel, which never shows as sideways scrolling. The drawer slides in, so its right
      // edge is read once it has settled.
      const box = await drawer.boundingBox();
      expect(box?.width).toBeLessThan(376);
      await expect
        .poll(async () => {
          const settled = await drawer.boundingBox();
          return (settled?.x ?? Infinity) + (settled?.width ?? 0);
        })
        .toBeLessThan(376);
      await page.keyboard.press('Escape');
      await page.goto(shop.url('/cart'));
      await page.getByRole('main').getByRole('listitem', { name: 'Brass Ruler' }).waitFor();
      await expect.poll(fits, { message: '/cart scrolls sideways' }).toBe(true);
    },
  );

  journey(
    shop,
    'on a phone: every collection in the menu is in sight, and quantity buttons are 44 px',
    async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(shop.url('/'));
      const menu = page.getByRole('navigation', { name: 'Collections' });
      const links = menu.getByRole('link');
      await expect.poll(() => links.count()).toBe(7);
      for (const link of await links.all()) {
        const box = await link.boundingBox();
        expect(box, await link.innerText()).not.toBeNull();
        expect(box!.x, await link.innerText()).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, await link.innerText()).toBeLessThanOrEqual(PHONE.width);
      }
      // Nothing is left to find by scrolling the menu sideways.
      expect(
        await menu.getByRole('list').evaluate((list) => list.scrollWidth <= list.clientWidth),
      ).toBe(true);

      await page.goto(shop.url('/products/brass-ruler'));
      for (const name of ['Decrease', 'Increase']) {
        const button = page.getByRole('button', { name: `${name} quantity of Brass Ruler` });
        const size = await sizeOf(button);
        expect(size.width, name).toBeGreaterThanOrEqual(44);
        expect(size.height, name).toBeGreaterThanOrEqual(44);
      }
    },
  );

  journey(
    shop,
    'product cards keep their prices level along a row and their badges on one line, on a phone and a desktop',
    async ({ page }) => {
      for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
        await page.setViewportSize(viewport);
        await page.goto(shop.url('/shop'));
        const cards = productCards(page);
        await expect.poll(() => cards.count()).toBe(12);
        const rows = await cards.evaluateAll((articles) => {
          const byRow = new Map<number, number[]>();
          for (const article of articles) {
            const row = Math.round(article.getBoundingClientRect().top);
            const price = article.querySelector('.price__current')!.getBoundingClientRect().top;
            byRow.set(row, [...(byRow.get(row) ?? []), price]);
          }
          return [...byRow.values()];
        });
        expect(rows.length, `${viewport.width} px`).toBeGreaterThan(1);
        for (const prices of rows) {
          expect(Math.max(...prices) - Math.min(...prices), `${viewport.width} px`).toBeLessThan(1);
        }
        // The amber "Some sold out" badge among them.
        const badges = page.locator('.product-card .stock');
        expect(await badges.allInnerTexts()).toContain('Some sold out');
        for (const badge of await badges.all()) {
          expect(await textLines(badge), `${await badge.innerText()} at ${viewport.width} px`).toBe(
            1,
          );
        }
      }
    },
  );

  journey(
    shop,
    'until the store answers, pages keep their shape and the cart shows no count it does not know',
    async ({ page }) => {
      // A returning visitor with a cart: tokens kept from an earlier page, so the cart must be
      // read before its count is known. (A visitor minted in this browser that added nothing has
      // no cart, which is known at once: 0.)
      await addToCartFromProductPage(page, shop, 'brass-ruler');
      await page.keyboard.press('Escape');
      await expect.poll(() => cartCount(page)).toBe(1);
      // The store's answers (collections, cart, products) wait until the test lets them through.
      let release = () => {};
      const answers = new Promise<void>((resolve) => (release = resolve));
      const { productReads, categoryReads } = CATALOG_PATHS[shop.catalog];
      await page.route(
        ({ pathname }) =>
          productReads.test(pathname) ||
          categoryReads.test(pathname) ||
          /^\/ecom\/v[12]\/carts\/current$/.test(pathname),
        async (route) => {
          await answers;
          await route.continue();
        },
      );
      try {
        await page.goto(shop.url('/products/classic-crew-tee'));
        await page.getByTestId('product-skeleton').waitFor();
        await page.getByRole('status').filter({ hasText: 'Loading the product…' }).waitFor();
        const menu = page.getByRole('navigation', { name: 'Collections' });
        expect(await menu.getByTestId('collection-skeleton').count()).toBeGreaterThan(0);
        expect(await menu.getByRole('link').allInnerTexts()).toEqual(['Shop all']);
        // No "0" on the cart button: the cart has not been read yet.
        expect(await cartCount(page)).toBeNaN();
        expect(await cartButton(page).innerText()).not.toMatch(/\d/);
      } finally {
        release();
      }

      await page.getByRole('heading', { level: 1, name: 'Classic Crew Tee' }).waitFor();
      expect(await page.getByTestId('product-skeleton').count()).toBe(0);
      await expect.poll(() => cartCount(page)).toBe(1);
      const menu = page.getByRole('navigation', { name: 'Collections' });
      await expect.poll(() => menu.getByRole('link').count()).toBe(7);
      expect(await menu.getByTestId('collection-skeleton').count()).toBe(0);
    },
  );

  journey(
    shop,
    'when the store has a hiccup, the shopper reads why and can try again',
    async ({ page }) => {
      shop.emulator.injectFault({
        path: CATALOG_PATHS[shop.catalog].productList,
        status: 503,
        retryAfterSeconds: 0,
      });
      try {
        await page.goto(shop.url('/shop'));
        const alert = page.getByRole('alert').filter({ hasText: 'The store had a hiccup.' });
        await alert.waitFor();
        expect(await productCards(page).count()).toBe(0);
        shop.emulator.clearFaults();
        await alert.getByRole('button', { name: 'Try again' }).click();
        await expect.poll(() => productCards(page).count()).toBe(12);
      } finally {
        shop.emulator.clearFaults();
      }
    },
  );
});

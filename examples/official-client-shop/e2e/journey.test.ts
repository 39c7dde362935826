/**
 * A shopper's journey through a shop written only on the platform's official client, run
 * unchanged against the emulator through its drop-in: the middleware mints the visitor, server
 * components read the catalog and the cart, the browser adds to the cart, the hosted sign-in and
 * the hosted checkout come back to the shop. Every call the shop makes names the platform's hosts.
 */
import { defaultSeed } from '@vitrine/emulator';
import { expect, test } from 'vitest';
import { expectProductGrid, useShop } from './harness';

const shop = useShop();
const WAIT = { timeout: 20_000 };

test('browse, add to the cart from the browser, sign in on the hosted page, check out and come back', async () => {
  const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(WAIT.timeout);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`[pageerror] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && page.url().startsWith(shop.origin))
      problems.push(`[console] ${message.text()}`);
  });
  // What the browser itself asked of the platform's hosts (through Chromium's resolver rules).
  const fromBrowser: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (shop.emulator.dropIn.hosts.includes(url.hostname))
      fromBrowser.push(
        `${response.request().method()} ${url.hostname}${url.pathname} ${response.status()}`,
      );
  });

  try {
    // Home: the middleware mints the visitor (one anonymous grant), the page lists products whose
    // images come from https://static.wixstatic.com, every one of them shown.
    await page.goto(`${shop.origin}/`);
    await expectProductGrid(page);
    // The middleware (edge runtime) minted that visitor: only it writes the session cookie.
    const session = (await context.cookies()).find((c) => c.name === 'wix-session');
    expect(JSON.parse(decodeURIComponent(session?.value ?? '{}'))).toMatchObject({
      refreshToken: { role: 'visitor' },
    });
    expect(shop.emulator.grants().anonymous).toBe(1);

    // A product page, and an add from the browser (the official client calls edge.wixapis.com).
    await page.locator('main li a').first().click();
    await page.waitForURL(`${shop.origin}/product/**`);
    const name = await page.getByRole('heading', { level: 1 }).innerText();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(`${shop.origin}/cart`);
    await page.getByRole('cell', { name }).waitFor();
    expect(fromBrowser).toContain('POST edge.wixapis.com/ecom/v1/carts/current/add-to-cart 200');

    // Hosted sign-in (the official client's generateOAuthData, getAuthUrl, getMemberTokens).
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${shop.emulator.url}/oauth2/authorize`));
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(`official-${Date.now().toString(36)}@example.com`);
    await page.getByLabel('Password').fill('open sesame');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${shop.origin}/`);
    await page.getByTestId('member').waitFor();
    expect(shop.emulator.grants().authorization_code).toBe(1);

    // The member's cart, then the hosted checkout, back on the thank-you page with the order.
    await page.locator('main li a').first().click();
    await page.waitForURL(`${shop.origin}/product/**`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(`${shop.origin}/cart`);
    await page.getByRole('cell', { name }).waitFor();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${shop.emulator.url}/checkout`));
    await page.getByLabel('Country').selectOption('US');
    await page.getByRole('radio', { name: /Standard delivery/ }).check();
    await page.getByRole('button', { name: 'Review total' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${shop.origin}/thank-you?orderId=`));
    const [order] = shop.emulator.orders();
    expect(shop.emulator.orders()).toHaveLength(1);
    await page.getByTestId('order').getByText(`Order ${order!.id}`).waitFor();
    expect(order!.buyerInfo).toHaveProperty('memberId');

    // The shop's server reached the platform's hosts only through the drop-in, and never failed.
    expect(
      shop.served.some((l) => l.startsWith('POST /_api/redirects-api/v1/redirect-session 200')),
    ).toBe(true);
    expect(shop.serverErrors).toEqual([]);
    expect(problems).toEqual([]);
  } catch (error) {
    if (error instanceof Error)
      error.message += `\n\nBrowser: ${problems.join('\n')}\nPlatform hosts from the browser: ${fromBrowser.join(', ')}\nShop server: ${shop.serverErrors.slice(-10).join('\n')}`;
    throw error;
  } finally {
    await context.close();
  }
});

test("every seeded picture loads through Next's image optimizer, with only remotePatterns for the platform's media host", async () => {
  const ids = new Set<string>();
  for (const product of defaultSeed().products)
    for (const media of product.media) ids.add(media.id);
  for (const collection of defaultSeed().collections)
    if (collection.media) ids.add(collection.media.id);
  expect(ids.size).toBeGreaterThan(100);
  const broken: string[] = [];
  for (const [index, id] of [...ids].entries()) {
    // As the platform's templates ask for them: plain, and at a size of the platform's media server.
    const source =
      index % 2
        ? `https://static.wixstatic.com/media/${id}`
        : `https://static.wixstatic.com/media/${id}/v1/fill/w_400,h_400,al_c,q_80/${id}`;
    const reply = await fetch(
      `${shop.origin}/_next/image?url=${encodeURIComponent(source)}&w=256&q=75`,
    );
    const type = reply.headers.get('content-type') ?? '';
    await reply.arrayBuffer();
    if (reply.status !== 200 || !/^image\/(webp|jpeg|png|avif)$/.test(type))
      broken.push(`${id} ${reply.status} ${type}`);
  }
  expect(broken).toEqual([]);
  expect(shop.serverErrors).toEqual([]);
});

/**
 * The same build of the shop against a Catalog V3 store (the emulator started with
 * `catalog: 'v3'`): the shop asks the store's catalog version, lists the products through
 * `productsV3.queryProducts`, opens one by its slug (`getProductBySlug`, which brings the
 * variants), adds the variant of the chosen options to the cart by its `variantId`, and checks
 * out on the hosted checkout; a **Buy now** makes a checkout from the product's line alone.
 */
import { expect, test } from 'vitest';
import { expectProductGrid, useShop } from './harness';

const shop = useShop({ catalog: 'v3' });
const WAIT = { timeout: 20_000 };

/** The id of the variant with these choices, as the store's API key reads the product. */
async function variantId(slug: string, choices: Record<string, string>): Promise<string> {
  const reply = await fetch(
    `${shop.emulator.url}/stores/v3/products/slug/${slug}?fields=VARIANT_OPTION_CHOICE_NAMES`,
    { headers: { authorization: shop.emulator.apiKey } },
  );
  const { product } = (await reply.json()) as {
    product: {
      variantsInfo: {
        variants: {
          id: string;
          choices: { optionChoiceNames: { optionName: string; choiceName: string } }[];
        }[];
      };
    };
  };
  const variant = product.variantsInfo.variants.find((v) =>
    v.choices.every(
      (c) => choices[c.optionChoiceNames.optionName] === c.optionChoiceNames.choiceName,
    ),
  );
  if (!variant) throw new Error(`${slug} has no variant ${JSON.stringify(choices)}`);
  return variant.id;
}

test('a Catalog V3 store: the list, a product by its slug, a variant to the cart by its id, Buy now, the hosted checkout and the order', async () => {
  const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(WAIT.timeout);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`[pageerror] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && page.url().startsWith(shop.origin))
      problems.push(`[console] ${message.text()}`);
  });
  // What the browser sent to the platform's cart (through Chromium's resolver rules).
  const added: unknown[] = [];
  page.on('request', (request) => {
    if (request.url() === 'https://edge.wixapis.com/ecom/v1/carts/current/add-to-cart')
      added.push(request.postDataJSON());
  });

  try {
    // The list: every product's picture shown, from the platform's media host.
    await page.goto(`${shop.origin}/`);
    await expectProductGrid(page);
    await page.getByText('$24.00').first().waitFor();

    // A product with options, by its slug; the variant of Size L, Color White into the cart.
    await page.getByRole('link', { name: 'Classic Crew Tee' }).click();
    await page.waitForURL(`${shop.origin}/product/classic-crew-tee`);
    await page.getByRole('heading', { level: 1, name: 'Classic Crew Tee' }).waitFor();
    await page.getByLabel('Size').selectOption('L');
    await page.getByLabel('Color').selectOption('White');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(`${shop.origin}/cart`);
    const row = page.getByRole('row').filter({ hasText: 'Classic Crew Tee' });
    await row.getByRole('cell', { name: 'Size: L, Color: White' }).waitFor();
    const chosen = await variantId('classic-crew-tee', { Size: 'L', Color: 'White' });
    expect(added).toEqual([
      {
        lineItems: [
          {
            catalogReference: {
              appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
              catalogItemId: expect.any(String),
              options: { variantId: chosen },
            },
            quantity: 1,
          },
        ],
      },
    ]);

    // A slug no product has: the platform's NOT_FOUND becomes the shop's 404.
    expect((await context.request.get(`${shop.origin}/product/no-such-product`)).status()).toBe(
      404,
    );

    // Buy now on a product without options: its one variant, checked out alone.
    await page.goto(`${shop.origin}/product/everyday-socks-3-pack`);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${shop.emulator.url}/checkout`));
    await page.getByText('Everyday Socks 3-Pack').first().waitFor();
    expect(await page.getByText('Classic Crew Tee').count()).toBe(0);

    // The cart's checkout, on the hosted page, back on the thank-you page with the order.
    await page.goto(`${shop.origin}/cart`);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${shop.emulator.url}/checkout`));
    await page.getByLabel('Country').selectOption('US');
    await page.getByRole('radio', { name: /Standard delivery/ }).check();
    await page.getByRole('button', { name: 'Review total' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${shop.origin}/thank-you?orderId=`));
    expect(shop.emulator.orders()).toHaveLength(1);
    const [order] = shop.emulator.orders();
    await page.getByTestId('order').getByText(`Order ${order!.id}`).waitFor();
    expect(order!.lineItems.map((l) => [l.productName, l.variantId])).toEqual([
      ['Classic Crew Tee', chosen],
    ]);

    // The shop asked the version once, read through Catalog V3 only, and never failed.
    const served = shop.served.map((line) => line.split(' ').slice(0, 3).join(' '));
    expect(served.filter((l) => l.includes('/provision/version'))).toEqual([
      'GET /stores/v3/provision/version 200',
    ]);
    expect(served).toContain('GET /stores/v3/products/query 200');
    expect(served).toContain('GET /stores/v3/products/slug/classic-crew-tee 200');
    expect(served).toContain('POST /ecom/v1/checkouts 200');
    expect(served.filter((l) => /\/stores(-reader)?\/v1\//.test(l))).toEqual([]);
    expect(shop.serverErrors).toEqual([]);
    expect(problems).toEqual([]);
  } catch (error) {
    if (error instanceof Error)
      error.message += `\n\nBrowser: ${problems.join('\n')}\nEmulator: ${shop.served.slice(-20).join('\n')}\nShop server: ${shop.serverErrors.slice(-10).join('\n')}`;
    throw error;
  } finally {
    await context.close();
  }
});

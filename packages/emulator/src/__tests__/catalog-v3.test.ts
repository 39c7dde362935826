/**
 * Catalog V3 through HTTP: the store option, the 428s both ways, reads (encodings, fields, paging
 * to the end, filters, sorts, search), writes with revisions, categories, inventory, the cart
 * and checkouts made from line items, auth, and webhooks.
 */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { STORES_APP_ID, encodeDotR } from '../index.js';
import type { Json } from './helpers.js';
import { call, start, visitor, webhookReceiver } from './helpers.js';

const TREE = { appNamespace: '@wix/stores' };

async function v3Store(options: Parameters<typeof start>[0] = {}) {
  const emu = await start({ catalog: 'v3', ...options });
  const token = (await visitor(emu)).access_token;
  return { emu, token };
}

async function tee(emu: Awaited<ReturnType<typeof start>>, token: string, fields = '') {
  const reply = await call(
    emu,
    'GET',
    `/stores/v3/products/slug/classic-crew-tee?slug=classic-crew-tee${fields}`,
    { token },
  );
  expect(reply.status).toBe(200);
  return reply.body.product;
}

describe('catalog v3', () => {
  describe('catalog versions', () => {
    it('answers provision/version on both stores', async () => {
      const v1 = await start();
      const { emu, token } = await v3Store();
      const t1 = (await visitor(v1)).access_token;
      expect((await call(v1, 'GET', '/stores/v3/provision/version', { token: t1 })).body).toEqual({
        catalogVersion: 'V1_CATALOG',
      });
      expect((await call(emu, 'GET', '/stores/v3/provision/version', { token })).body).toEqual({
        catalogVersion: 'V3_CATALOG',
      });
    });

    it('answers V1 calls 428 on a V3 store, and V3 calls 428 on a V1 store, after the credential', async () => {
      const { emu, token } = await v3Store();
      for (const [method, path] of [
        ['GET', '/stores-reader/v1/products/query-platformized'],
        ['POST', '/stores/v1/products'],
        ['GET', '/v2/collections/x'],
        ['DELETE', '/stores/v2/products-platformized/x'],
      ] as const) {
        const reply = await call(emu, method, path, { token });
        expect([path, reply.status, reply.body.details.applicationError.code]).toEqual([
          path,
          428,
          'CATALOG_V3_CALLING_CATALOG_V1_API',
        ]);
        expect(reply.body.message).toBe(
          'Endpoint belongs to CATALOG_V1, but your site is using CATALOG_V3.',
        );
      }
      expect((await call(emu, 'GET', '/stores-reader/v1/products/x')).status).toBe(401);
      const v1 = await start();
      const t1 = (await visitor(v1)).access_token;
      for (const path of [
        '/stores/v3/products/query',
        '/categories/v1/categories/list-trees',
        '/stores/v3/inventory-items/x',
      ]) {
        const reply = await call(v1, 'GET', path, { token: t1 });
        expect([reply.status, reply.body.details.applicationError.code]).toEqual([
          428,
          'CATALOG_V1_SITE_CALLING_CATALOG_V3_API',
        ]);
      }
      // Carts and orders are unaffected.
      expect((await call(emu, 'GET', '/ecom/v1/carts/current', { token })).status).toBe(404);
    });

    it('refuses a catalog option that is neither v1 nor v3', async () => {
      await expect(start({ catalog: 'v2' as 'v1' })).rejects.toThrow(
        /catalog must be 'v1' or 'v3'/,
      );
    });

    it('refuses a data file of the other catalog at start', async () => {
      const { tempDir } = await import('./helpers.js');
      const data = `${await tempDir()}/state.json`;
      const first = await start({ data });
      await first.close();
      await expect(start({ data, catalog: 'v3' })).rejects.toThrow(/Catalog V1 store/);
    });
  });

  describe('product reads', () => {
    it('gets by id and slug with variants, choice ids that stay the same, and fields on request', async () => {
      const { emu, token } = await v3Store();
      const product = await tee(
        emu,
        token,
        '&fields=CURRENCY&fields=VARIANT_OPTION_CHOICE_NAMES&fields=URL',
      );
      expect(product.options.map((o: Json) => o.name)).toEqual(['Size', 'Color']);
      const variant = product.variantsInfo.variants[0];
      expect(variant.choices[0].optionChoiceIds.optionId).toBe(product.options[0].id);
      expect(variant.choices[0].optionChoiceNames.optionName).toBe('Size');
      expect(product.actualPriceRange.minValue).toEqual({
        amount: expect.stringMatching(/^\d+(\.\d+)?$/),
        formattedAmount: expect.stringMatching(/^\$/),
      });
      expect(product.currency).toBe('USD');
      expect(product.url.relativePath).toBe('/product-page/classic-crew-tee');
      const again = await call(
        emu,
        'GET',
        `/stores/v3/products/${product.id}?productId=${product.id}`,
        { token },
      );
      expect(again.body.product.options[0].id).toBe(product.options[0].id);
      expect(again.body.product.actualPriceRange.minValue.formattedAmount).toBeUndefined();
      expect(again.body.product.url).toBeUndefined();
      const restarted = await start({ catalog: 'v3' });
      const other = await tee(restarted, (await visitor(restarted)).access_token);
      expect(other.options[0].id).toBe(product.options[0].id);
      expect(
        (await call(emu, 'GET', `/stores/v3/products/${product.id}?productId=other`, { token }))
          .status,
      ).toBe(400);
    });

    it('pages a query to the end with cursors, .r and POST alike, without variants', async () => {
      const { emu, token } = await v3Store();
      const seen: string[] = [];
      let reply = await call(
        emu,
        'GET',
        `/stores/v3/products/query?.r=${encodeDotR({ query: { sort: [{ fieldName: 'slug', order: 'ASC' }], cursorPaging: { limit: 7 } } })}`,
        { token },
      );
      for (;;) {
        expect(reply.status).toBe(200);
        seen.push(...reply.body.products.map((p: Json) => p.slug));
        expect(reply.body.products.every((p: Json) => p.variantsInfo === undefined)).toBe(true);
        const { cursors, hasNext, count } = reply.body.pagingMetadata;
        expect(count).toBe(reply.body.products.length);
        if (!hasNext) break;
        reply = await call(emu, 'POST', '/stores/v3/products/query', {
          token,
          body: { query: { cursorPaging: { cursor: cursors.next, limit: 7 } } },
        });
      }
      expect(seen).toHaveLength(60);
      expect([...seen].sort()).toEqual(seen);
      const flat = await call(emu, 'GET', '/stores/v3/products/query?fields=URL&fields=CURRENCY', {
        token,
      });
      expect(flat.body.products).toHaveLength(50);
      expect(flat.body.products[0].currency).toBe('USD');
    });

    it('filters, refuses unfilterable fields by name, searches text and aggregates', async () => {
      const { emu, token } = await v3Store();
      const bad = await call(emu, 'POST', '/stores/v3/products/query', {
        token,
        body: { query: { filter: { name: 'x' } } },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.details.validationError.fieldViolations[0].description).toBe(
        "Field 'name' is not declared as filterable",
      );
      const bySlug = await call(emu, 'POST', '/stores/v3/products/query', {
        token,
        body: { query: { filter: { slug: { $in: ['classic-crew-tee'] } } } },
      });
      expect(bySlug.body.products.map((p: Json) => p.slug)).toEqual(['classic-crew-tee']);
      const text = await call(emu, 'POST', '/stores/v3/products/search', {
        token,
        body: { search: { search: { expression: 'hodie', fuzzy: true } } },
      });
      expect(text.body.products.map((p: Json) => p.name)).toContain('Heavyweight Hoodie');
      const cheap = await call(emu, 'POST', '/stores/v3/products/search', {
        token,
        body: {
          search: {
            filter: { 'actualPriceRange.minValue.amount': { $lt: '10' } },
            sort: [{ fieldName: 'actualPriceRange.minValue.amount', order: 'ASC' }],
            aggregations: [{ name: 'brands', type: 'VALUE', fieldPath: 'brand.name' }],
          },
        },
      });
      const prices = cheap.body.products.map((p: Json) =>
        Number(p.actualPriceRange.minValue.amount),
      );
      expect(prices.length).toBeGreaterThan(0);
      expect(prices.every((p: number) => p < 10)).toBe(true);
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);
      expect(cheap.body.aggregationData.results[0].values.results.length).toBeGreaterThan(0);
      const category = (
        await call(
          emu,
          'GET',
          '/categories/v1/categories/slug/apparel?slug=apparel&treeReference.appNamespace=%40wix%2Fstores',
          { token },
        )
      ).body.category;
      const inCategory = await call(emu, 'POST', '/stores/v3/products/search', {
        token,
        body: {
          search: {
            filter: { 'allCategoriesInfo.categories': { $matchItems: [{ id: category.id }] } },
          },
        },
      });
      expect(inCategory.body.products.length).toBe(category.itemCounter);
      const count = await call(emu, 'POST', '/stores/v3/products/count', {
        token,
        body: { filter: { 'brand.name': 'Northwind' } },
      });
      expect(count.body.count).toBe(category.itemCounter);
      expect(
        (await call(emu, 'GET', '/stores/v3/all-products-category', { token })).body.treeReference,
      ).toEqual({ appNamespace: '@wix/stores', treeKey: null });
    });

    it('keeps merchant data for the API key', async () => {
      const { emu, token } = await v3Store();
      const refused = await call(emu, 'GET', '/stores/v3/products/query?fields=MERCHANT_DATA', {
        token,
      });
      expect([refused.status, refused.body.details.applicationError.code]).toEqual([
        403,
        'NO_PERMISSION_TO_READ_MERCHANT_DATA',
      ]);
      const merchant = await call(emu, 'GET', '/stores/v3/products/query?fields=MERCHANT_DATA', {
        token: emu.apiKey,
      });
      expect(merchant.body.products[0].costRange.minValue.amount).toMatch(/^\d/);
    });
  });

  describe('product writes', () => {
    it('creates, updates with the revision, refuses a stale one with 409, deletes; tokens get 403', async () => {
      const { emu, token } = await v3Store();
      const body = {
        product: {
          name: 'Desk Lamp',
          productType: 'PHYSICAL',
          options: [
            {
              name: 'Finish',
              optionRenderType: 'TEXT_CHOICES',
              choicesSettings: { choices: [{ name: 'Brass' }, { name: 'Black' }] },
            },
          ],
          variantsInfo: {
            variants: [
              {
                choices: [{ optionChoiceNames: { optionName: 'Finish', choiceName: 'Brass' } }],
                price: { actualPrice: { amount: '45' } },
              },
              {
                choices: [{ optionChoiceNames: { optionName: 'Finish', choiceName: 'Black' } }],
                price: { actualPrice: { amount: '40' }, compareAtPrice: { amount: '50' } },
              },
            ],
          },
        },
      };
      expect((await call(emu, 'POST', '/stores/v3/products', { token, body })).status).toBe(403);
      const created = await call(emu, 'POST', '/stores/v3/products', { token: emu.apiKey, body });
      expect(created.status).toBe(200);
      const product = created.body.product;
      expect(product.revision).toBe('1');
      expect(product.variantsInfo.variants[1].price.compareAtPrice.amount).toBe('50');
      const updated = await call(emu, 'PATCH', `/stores/v3/products/${product.id}`, {
        token: emu.apiKey,
        body: { product: { id: product.id, revision: '1', name: 'Desk Lamp II' } },
      });
      expect([updated.status, updated.body.product.name, updated.body.product.revision]).toEqual([
        200,
        'Desk Lamp II',
        '2',
      ]);
      const stale = await call(emu, 'PATCH', `/stores/v3/products/${product.id}`, {
        token: emu.apiKey,
        body: { product: { id: product.id, revision: '1', name: 'Lost' } },
      });
      expect([stale.status, stale.body.details.applicationError.code]).toEqual([
        409,
        'REVISION_MISMATCH',
      ]);
      expect(
        (
          await call(emu, 'DELETE', `/stores/v3/products/${product.id}?productId=${product.id}`, {
            token: emu.apiKey,
          })
        ).status,
      ).toBe(200);
      expect((await call(emu, 'GET', `/stores/v3/products/${product.id}`, { token })).status).toBe(
        404,
      );
    });
  });

  describe('categories and inventory', () => {
    it('creates a category, adds a product, lists it, and the product shows it', async () => {
      const { emu, token } = await v3Store();
      const created = await call(emu, 'POST', '/categories/v1/categories', {
        token: emu.apiKey,
        body: { category: { name: 'Gifts' }, treeReference: TREE },
      });
      expect(created.status).toBe(200);
      const id = created.body.category.id;
      const product = await tee(emu, token);
      const added = await call(emu, 'POST', `/categories/v1/bulk/categories/${id}/add-items`, {
        token: emu.apiKey,
        body: { items: [{ catalogItemId: product.id, appId: STORES_APP_ID }], treeReference: TREE },
      });
      expect(added.body.bulkActionMetadata.totalSuccesses).toBe(1);
      const items = await call(
        emu,
        'GET',
        `/categories/v1/categories/${id}/list-items?categoryId=${id}&treeReference.appNamespace=%40wix%2Fstores`,
        { token },
      );
      expect(items.body.items).toEqual([{ catalogItemId: product.id, appId: STORES_APP_ID }]);
      const again = await tee(emu, token, '&fields=DIRECT_CATEGORIES_INFO');
      expect(again.directCategoriesInfo.categories.map((c: Json) => c.id)).toContain(id);
      const trees = await call(emu, 'GET', '/categories/v1/categories/list-trees', { token });
      expect(trees.body.trees).toEqual([TREE]);
      // A bulk call answers each item: one stale revision fails alone.
      const bulk = await call(emu, 'POST', '/categories/v1/bulk/categories/update', {
        token: emu.apiKey,
        body: {
          treeReference: TREE,
          categories: [
            { category: { id, revision: '1', name: 'Stale' } },
            {
              category: {
                id,
                revision: (
                  await call(
                    emu,
                    'GET',
                    `/categories/v1/categories/${id}?treeReference.appNamespace=%40wix%2Fstores`,
                    { token },
                  )
                ).body.category.revision,
                name: 'Presents',
              },
            },
          ],
        },
      });
      expect(
        bulk.body.results.map((r: Json) => [r.itemMetadata.success, r.itemMetadata.error?.code]),
      ).toEqual([
        [false, 'REVISION_MISMATCH'],
        [true, undefined],
      ]);
      expect(bulk.body.bulkActionMetadata).toEqual({
        totalSuccesses: 1,
        totalFailures: 1,
        undetailedFailures: 0,
      });
    });

    it('reads and updates an inventory item, which the product and the cart see', async () => {
      const { emu, token } = await v3Store();
      const product = await tee(emu, token);
      const variantId = product.variantsInfo.variants[0].id;
      const query = await call(emu, 'POST', '/stores/v3/inventory-items/query', {
        token,
        body: { query: { filter: { variantId } } },
      });
      const item = query.body.inventoryItems[0];
      expect(item.productId).toBe(product.id);
      const updated = await call(emu, 'PATCH', `/stores/v3/inventory-items/${item.id}`, {
        token: emu.apiKey,
        body: { inventoryItem: { id: item.id, revision: item.revision, quantity: 0 } },
      });
      expect([updated.status, updated.body.inventoryItem.inStock]).toEqual([200, false]);
      const variants = await call(emu, 'POST', '/stores/v3/products/query-variants', {
        token,
        body: { query: { filter: { variantId } } },
      });
      expect(variants.body.variants[0].inventoryStatus.inStock).toBe(false);
    });
  });

  describe('cart and checkout', () => {
    it('adds a V3 product by variantId, and by choice names, and checks out from line items', async () => {
      const { emu, token } = await v3Store();
      const product = await tee(emu, token);
      const [first] = product.variantsInfo.variants;
      const add = (options: Json) =>
        call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
          token,
          body: {
            lineItems: [
              {
                quantity: 1,
                catalogReference: { appId: STORES_APP_ID, catalogItemId: product.id, options },
              },
            ],
          },
        });
      expect((await add({ variantId: first.id })).status).toBe(200);
      const byName = await add({ options: { Size: 'S', Color: 'Black' } });
      expect(byName.status).toBe(200);
      expect((await add({})).status).toBe(400);
      const checkout = await call(emu, 'POST', '/ecom/v1/checkouts', {
        token,
        body: {
          channelType: 'WEB',
          lineItems: [
            {
              quantity: 2,
              catalogReference: {
                appId: STORES_APP_ID,
                catalogItemId: product.id,
                options: { variantId: first.id },
              },
            },
          ],
        },
      });
      expect(checkout.status).toBe(200);
      expect(checkout.body.checkout.lineItems[0].quantity).toBe(2);
      expect(checkout.body.checkout.priceSummary.subtotal.amount).toBe(
        String(Number(first.price.actualPrice.amount) * 2),
      );
      const session = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
        token,
        body: {
          ecomCheckout: { checkoutId: checkout.body.checkout.id },
          callbacks: { postFlowUrl: 'http://localhost:3000/' },
        },
      });
      expect(session.status).toBe(200);
      const page = await fetch(session.body.redirectSession.fullUrl);
      expect(await page.text()).toContain('Classic Crew Tee');
    });
  });

  describe('webhooks', () => {
    it('sends V3 product and category domain events, and no V1 catalog events', async () => {
      const receiver = await webhookReceiver();
      const { received } = receiver;
      const { emu, token } = await v3Store({ webhookUrl: receiver.url('/hook') });
      const product = await tee(emu, token);
      await call(emu, 'PATCH', `/stores/v3/products/${product.id}`, {
        token: emu.apiKey,
        body: { product: { revision: product.revision, name: 'Crew Tee' } },
      });
      await call(emu, 'POST', '/categories/v1/categories', {
        token: emu.apiKey,
        body: { category: { name: 'Gifts' }, treeReference: TREE },
      });
      await emu.close();
      await receiver.close();
      const events = received.map((jwt) => JSON.parse(decodeJwt(jwt).data as string));
      expect(events.map((e) => e.eventType)).toEqual([
        'wix.stores.catalog.v3.product_updated',
        'wix.categories.v1.category_created',
      ]);
      const updated = JSON.parse(events[0].data);
      expect(updated).toMatchObject({
        entityFqdn: 'wix.stores.catalog.v3.product',
        slug: 'updated',
        entityId: product.id,
        entityEventSequence: '2',
      });
      expect(updated.updatedEvent.currentEntity.name).toBe('Crew Tee');
    });
  });
});

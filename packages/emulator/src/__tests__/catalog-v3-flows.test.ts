/**
 * Catalog V3 flows that cross areas: a sale takes stock from the inventory items (and says so
 * in their events), a checkout made from line items places an order and leaves the cart as it
 * was, custom text answers go by the free-text modifier's key, and the encodings of reads (flat
 * GETs, `.r`, POST) and cursors of every paged call.
 */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { STORES_APP_ID, encodeDotR } from '../index.js';
import type { Json } from './helpers.js';
import { buy, call, hiddenFields, pathOf, start, visitor, webhookReceiver } from './helpers.js';

const TREE = { appNamespace: '@wix/stores' };

async function product(emu: Awaited<ReturnType<typeof start>>, token: string, slug: string) {
  return (await call(emu, 'GET', `/stores/v3/products/slug/${slug}`, { token })).body.product;
}

function line(productId: string, options: Json, quantity = 1) {
  return {
    quantity,
    catalogReference: { appId: STORES_APP_ID, catalogItemId: productId, options },
  };
}

describe('catalog v3 flows', () => {
  it('takes sold units from the inventory item, bumping its revision, with inventory events', async () => {
    const receiver = await webhookReceiver();
    const { received } = receiver;
    const emu = await start({ catalog: 'v3', webhookUrl: receiver.url() });
    const token = (await visitor(emu)).access_token;
    const poles = await product(emu, token, 'trekking-poles');
    const variant = poles.variantsInfo.variants[0];
    const items = await call(emu, 'POST', '/stores/v3/inventory-items/query', {
      token,
      body: { query: { filter: { variantId: variant.id } } },
    });
    const before = items.body.inventoryItems[0];
    expect(before.quantity).toBe(3);
    await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [line(poles.id, { variantId: variant.id }, 3)] },
    });
    await buy(emu, token);
    const after = (await call(emu, 'GET', `/stores/v3/inventory-items/${before.id}`, { token }))
      .body.inventoryItem;
    expect([after.quantity, after.inStock, Number(after.revision)]).toEqual([
      0,
      false,
      Number(before.revision) + 1,
    ]);
    await emu.close();
    await receiver.close();
    const types = received.map(
      (jwt) => JSON.parse(decodeJwt(jwt).data as string).eventType as string,
    );
    expect(types).toContain('wix.stores.catalog.v3.inventory_item_updated');
    expect(types).toContain('wix.stores.catalog.v3.inventory_item_stock_status_updated');
    expect(types.filter((t) => t.startsWith('com.wix.ecommerce.catalog'))).toEqual([]);
  });

  it('places the order of a checkout made from line items, leaving the cart as it was', async () => {
    const emu = await start({ catalog: 'v3' });
    const token = (await visitor(emu)).access_token;
    const mug = await product(emu, token, 'stoneware-mug');
    const tee = await product(emu, token, 'classic-crew-tee');
    await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [line(tee.id, { variantId: tee.variantsInfo.variants[0].id })] },
    });
    const cartBefore = (await call(emu, 'GET', '/ecom/v1/carts/current', { token })).body.cart;
    const created = await call(emu, 'POST', '/ecom/v1/checkouts', {
      token,
      body: {
        channelType: 'WEB',
        couponCode: 'WELCOME10',
        lineItems: [
          line(
            mug.id,
            {
              variantId: mug.variantsInfo.variants.find((v: Json) => v.inventoryStatus.inStock).id,
            },
            2,
          ),
        ],
      },
    });
    expect(created.status, created.text).toBe(200);
    const checkout = created.body.checkout;
    expect(checkout.appliedDiscounts[0].coupon.code).toBe('WELCOME10');
    const session = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
      token,
      body: {
        ecomCheckout: { checkoutId: checkout.id },
        callbacks: { thankYouPageUrl: 'http://localhost:5173/callback' },
      },
    });
    // No address on this checkout: the page asks for the country first, then places the order.
    const page = await call(emu, 'GET', pathOf(session.body.redirectSession.fullUrl));
    const submit = (fields: Record<string, string>) =>
      call(emu, 'POST', '/checkout', {
        raw: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const review = await submit({
      ...hiddenFields(page.text),
      country: 'CA',
      shippingOption: 'standard',
    });
    const placed = await submit(hiddenFields(review.text));
    const orderId = new URL(placed.headers.get('location') ?? '').searchParams.get('orderId');
    const order = (await call(emu, 'GET', `/ecom/v1/orders/${orderId}`, { token: emu.apiKey })).body
      .order;
    expect(order.lineItems.map((l: Json) => [l.productName.original, l.quantity])).toEqual([
      [mug.name, 2],
    ]);
    expect(
      (await call(emu, 'GET', '/ecom/v1/carts/current', { token })).body.cart.lineItems,
    ).toEqual(cartBefore.lineItems);
    expect((await call(emu, 'GET', pathOf(session.body.redirectSession.fullUrl))).text).toContain(
      'already',
    );
    const api = await call(emu, 'POST', '/ecom/v1/checkouts', {
      token: emu.apiKey,
      body: { channelType: 'WEB', lineItems: [line(mug.id, {})] },
    });
    expect(api.status).toBe(403);
  });

  it('takes custom text answers keyed by the free-text modifier key, and refuses unknown ones', async () => {
    const emu = await start({ catalog: 'v3' });
    const token = (await visitor(emu)).access_token;
    const card = await product(emu, token, 'gift-card');
    const modifier = card.modifiers[0];
    expect([modifier.modifierRenderType, modifier.freeTextSettings.key]).toEqual([
      'FREE_TEXT',
      'Message',
    ]);
    const added = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: {
        lineItems: [
          line(card.id, {
            variantId: card.variantsInfo.variants[0].id,
            customTextFields: { [modifier.key]: 'Happy birthday' },
          }),
        ],
      },
    });
    expect(added.body.cart.lineItems[0].catalogReference.options.customTextFields).toEqual({
      Message: 'Happy birthday',
    });
    const withoutVariant = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [line(card.id, { customTextFields: { Message: 'Hi' } })] },
    });
    expect(withoutVariant.status).toBe(200);
    const unknown = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [line(card.id, { customTextFields: { Note: 'x' } })] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.validationError.fieldViolations[0].field).toBe(
      'lineItems[0].catalogReference.options.customTextFields.Note',
    );
  });

  it('reads count as a flat GET, a .r GET and a POST alike; hidden products need the API key', async () => {
    const emu = await start({ catalog: 'v3' });
    const token = (await visitor(emu)).access_token;
    const filter = { 'brand.name': 'Folio' };
    const viaR = await call(emu, 'GET', `/stores/v3/products/count?.r=${encodeDotR({ filter })}`, {
      token,
    });
    const viaPost = await call(emu, 'POST', '/stores/v3/products/count', {
      token,
      body: { filter },
    });
    expect(viaR.body.count).toBe(viaPost.body.count);
    expect(viaR.body.count).toBeGreaterThan(0);
    const hidden = await call(
      emu,
      'GET',
      '/stores/v3/products/count?returnNonVisibleProducts=true',
      { token },
    );
    expect(hidden.status).toBe(403);
    const merchant = await call(
      emu,
      'GET',
      '/stores/v3/products/count?returnNonVisibleProducts=true',
      { token: emu.apiKey },
    );
    expect(merchant.body.count).toBe(60);
    const mixed = await call(
      emu,
      'GET',
      `/stores/v3/products/query?.r=${encodeDotR({})}&fields=URL`,
      { token },
    );
    expect(mixed.status).toBe(400);
  });

  it('pages categories, category items, variants and inventory to the end; a foreign cursor is refused', async () => {
    const emu = await start({ catalog: 'v3' });
    const token = (await visitor(emu)).access_token;
    const walk = async (
      path: string,
      root: string,
      key: string,
      limit: number,
      extra: Json = {},
    ) => {
      const seen: string[] = [];
      let body: Json = { ...extra, [root]: { cursorPaging: { limit } } };
      for (;;) {
        const reply = await call(emu, 'POST', path, { token, body });
        expect(reply.status).toBe(200);
        seen.push(...reply.body[key].map((x: Json) => x.id ?? x.catalogItemId));
        if (!reply.body.pagingMetadata.hasNext) return seen;
        body = {
          ...extra,
          [root]: { cursorPaging: { cursor: reply.body.pagingMetadata.cursors.next } },
        };
      }
    };
    const categories = await walk('/categories/v1/categories/query', 'query', 'categories', 2, {
      treeReference: TREE,
    });
    expect(categories).toHaveLength(7);
    const variants = await walk('/stores/v3/products/query-variants', 'query', 'variants', 90);
    const items = await walk('/stores/v3/inventory-items/query', 'query', 'inventoryItems', 90);
    expect(new Set(variants).size).toBe(variants.length);
    expect(items).toHaveLength(variants.length);
    const apparel = (
      await call(
        emu,
        'GET',
        '/categories/v1/categories/slug/apparel?treeReference.appNamespace=%40wix%2Fstores',
        { token },
      )
    ).body.category;
    let listed: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call(
        emu,
        'GET',
        `/categories/v1/categories/${apparel.id}/list-items?treeReference.appNamespace=%40wix%2Fstores&cursorPaging.limit=3${cursor ? `&cursorPaging.cursor=${cursor}` : ''}`,
        { token },
      );
      listed = [...listed, ...page.body.items.map((i: Json) => i.catalogItemId)];
      cursor = page.body.pagingMetadata.hasNext ? page.body.pagingMetadata.cursors.next : undefined;
    } while (cursor);
    expect(listed).toHaveLength(apparel.itemCounter);
    const foreign = await call(emu, 'POST', '/stores/v3/products/query', {
      token,
      body: { query: { cursorPaging: { cursor: 'bm90LWEtY3Vyc29y' } } },
    });
    expect([foreign.status, foreign.body.details.validationError.fieldViolations[0].field]).toEqual(
      [400, 'query.cursorPaging.cursor'],
    );
    const tooMany = await call(emu, 'POST', '/stores/v3/products/query', {
      token,
      body: { query: { cursorPaging: { limit: 101 } } },
    });
    expect(tooMany.status).toBe(400);
  });

  it("keeps the V1 store's answers as they were: no Catalog V3 field in V1 products", async () => {
    const emu = await start();
    const token = (await visitor(emu)).access_token;
    const reply = await call(
      emu,
      'GET',
      `/stores-reader/v1/products/query-platformized?.r=${encodeDotR({ query: { paging: { limit: 2 } } })}`,
      { token },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.products).toHaveLength(2);
    expect(reply.body.products[0].revision).toBeUndefined();
  });
});

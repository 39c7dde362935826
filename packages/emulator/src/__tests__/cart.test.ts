import { describe, expect, it } from 'vitest';
import { call, lineItem, member, products, simpleProduct, start, visitor } from './helpers.js';
import type { Json } from './helpers.js';

const CART = '/ecom/v1/carts/current';
type Emu = Awaited<ReturnType<typeof start>>;

async function bySlug(emu: Emu, token: string, slug: string): Promise<Json> {
  const [product] = await products(emu, token, { filter: { slug } }, { includeVariants: true });
  return product;
}

async function add(emu: Emu, token: string, items: unknown[]) {
  return call(emu, 'POST', `${CART}/add-to-cart`, { token, body: { lineItems: items } });
}

function fields(reply: { body: Json }): string[] {
  return reply.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field);
}

describe('cart', () => {
  describe('GET current', () => {
    it('answers 404 OWNED_CART_NOT_FOUND before the first add', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const reply = await call(emu, 'GET', CART, { token: access_token });
      expect(reply.status).toBe(404);
      expect(reply.body.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND');
    });

    it("shows each cart the catalog's price as it is now, every read (no stale cached cart)", async () => {
      const emu = await start();
      const a = (await visitor(emu)).access_token;
      const b = (await visitor(emu)).access_token;
      const product = await simpleProduct(emu, a);
      await add(emu, a, [lineItem(product.id, 2)]);
      await add(emu, b, [lineItem(product.id, 1)]);
      const shown = async (token: string) => {
        const { cart } = (await call(emu, 'GET', CART, { token })).body;
        return [cart.lineItems[0].price.amount, cart.subtotal.amount];
      };
      const price = String(product.priceData.discountedPrice);
      expect(await shown(a)).toEqual([price, String(product.priceData.discountedPrice * 2)]);
      expect(await shown(b)).toEqual([price, price]);
      for (const next of [77, 8]) {
        const changed = await call(emu, 'PATCH', `/stores/v1/products/${product.id}`, {
          token: emu.apiKey,
          body: { product: { priceData: { price: next }, discount: { type: 'NONE' } } },
        });
        expect(changed.status).toBe(200);
        expect(await shown(a)).toEqual([String(next), String(next * 2)]);
        expect(await shown(b)).toEqual([String(next), String(next)]);
      }
    });
  });

  describe('POST add-to-cart', () => {
    it('creates the cart with full line items and merges equal lines', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const tee = await bySlug(emu, access_token, 'classic-crew-tee');
      const variant = tee.variants.find((v: Json) => v.choices.Size === 'M');
      const first = await add(emu, access_token, [lineItem(tee.id, 1, { variantId: variant.id })]);
      expect(first.status).toBe(200);
      const byOptions = await add(emu, access_token, [
        lineItem(tee.id, 2, { options: variant.choices }),
      ]);
      const cart = byOptions.body.cart;
      expect(cart.lineItems).toHaveLength(1);
      const line = cart.lineItems[0];
      expect(line).toMatchObject({
        quantity: 3,
        catalogReference: {
          catalogItemId: tee.id,
          appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
          options: { variantId: variant.id },
        },
        productName: { original: 'Classic Crew Tee', translated: 'Classic Crew Tee' },
        price: {
          amount: '24',
          convertedAmount: '24',
          formattedAmount: '$24.00',
          formattedConvertedAmount: '$24.00',
        },
        lineItemPrice: { amount: '72' },
        availability: { status: 'AVAILABLE' },
        physicalProperties: { shippable: true },
        itemType: { preset: 'PHYSICAL' },
        paymentOption: 'FULL_PAYMENT_ONLINE',
      });
      expect(line.image.url).toMatch(new RegExp(`^${emu.url}/media/.+\\.webp$`));
      expect(line.descriptionLines.map((d: Json) => d.lineType)).toEqual(['PLAIN_TEXT', 'COLOR']);
      expect(cart).toMatchObject({
        currency: 'USD',
        conversionCurrency: 'USD',
        weightUnit: 'KG',
        subtotal: { amount: '72' },
        appliedDiscounts: [],
      });
      expect(cart.buyerInfo.visitorId).toBeTypeOf('string');
      expect(cart.createdDate).toBeTypeOf('string');
    });

    it("takes the eCommerce app's id for a store product, as the platform makers' own apps send it", async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const mug = await bySlug(emu, access_token, 'stoneware-mug');
      const variantId = mug.variants[0].id;
      const ref = (appId: string) => ({
        catalogReference: { catalogItemId: mug.id, appId, options: { variantId } },
        quantity: 1,
      });
      const first = await add(emu, access_token, [ref('1380b703-ce81-ff05-f115-39571d94dfcd')]);
      expect(first.status).toBe(200);
      expect(first.body.cart.lineItems[0].catalogReference).toEqual({
        catalogItemId: mug.id,
        appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
        options: { variantId },
      });
      // One catalog: the same product under the stores catalog's id is the same line.
      const second = await add(emu, access_token, [ref('215238eb-22a5-4c36-9e7b-e7c08025e04e')]);
      expect(second.body.cart.lineItems.map((l: Json) => l.quantity)).toEqual([2]);
    });

    it('refuses a product with options and no choice, unknown items, another catalog and bad quantities', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const tee = await bySlug(emu, access_token, 'classic-crew-tee');
      expect(fields(await add(emu, access_token, [lineItem(tee.id)]))).toEqual([
        'lineItems[0].catalogReference.options',
      ]);
      expect(fields(await add(emu, access_token, [lineItem('nope')]))).toEqual([
        'lineItems[0].catalogReference.catalogItemId',
      ]);
      expect(
        fields(
          await add(emu, access_token, [
            { catalogReference: { catalogItemId: tee.id, appId: 'other-app' }, quantity: 1 },
          ]),
        ),
      ).toEqual(['lineItems[0].catalogReference.appId']);
      expect(
        fields(
          await add(emu, access_token, [
            lineItem(tee.id, 1, { options: { Size: 'XXL', Color: 'Black' } }),
          ]),
        ),
      ).toEqual(['lineItems[0].catalogReference.options.options']);
      for (const quantity of [0, -1, 1.5, '2', 100_001, null]) {
        const reply = await add(emu, access_token, [
          { ...lineItem(tee.id, 1, { variantId: tee.variants[0].id }), quantity },
        ]);
        expect(reply.status).toBe(400);
        expect(fields(reply)).toEqual(['lineItems[0].quantity']);
      }
      expect((await call(emu, 'GET', CART, { token: access_token })).status).toBe(404);
    });

    it('refuses a merge beyond 100000 and leaves the cart as it was', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const product = await simpleProduct(emu, access_token);
      await add(emu, access_token, [lineItem(product.id, 100_000)]);
      const reply = await add(emu, access_token, [lineItem(product.id, 1)]);
      expect(reply.status).toBe(400);
      expect(
        (await call(emu, 'GET', CART, { token: access_token })).body.cart.lineItems[0].quantity,
      ).toBe(100_000);
    });

    it('marks lines beyond stock PARTIALLY_AVAILABLE or NOT_AVAILABLE instead of refusing', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const poles = await bySlug(emu, access_token, 'trekking-poles');
      const loafer = await bySlug(emu, access_token, 'leather-loafer');
      expect(poles.stock).toMatchObject({ quantity: 3, inventoryStatus: 'IN_STOCK' });
      expect(loafer.stock.inventoryStatus).toBe('OUT_OF_STOCK');
      const reply = await add(emu, access_token, [
        lineItem(poles.id, 5),
        lineItem(loafer.id, 1, { variantId: loafer.variants[0].id }),
      ]);
      const [a, b] = reply.body.cart.lineItems;
      expect(a.availability).toEqual({ status: 'PARTIALLY_AVAILABLE', quantityAvailable: 3 });
      expect(b.availability).toEqual({ status: 'NOT_AVAILABLE', quantityAvailable: 0 });
      expect(reply.body.cart.subtotal.amount).toBe(String(3 * poles.priceData.discountedPrice));
    });

    it('shows NOT_FOUND for a product deleted after it was added', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const product = await simpleProduct(emu, access_token);
      await add(emu, access_token, [lineItem(product.id)]);
      await call(emu, 'DELETE', `/stores/v1/products/${product.id}`, { token: emu.apiKey });
      const cart = await call(emu, 'GET', CART, { token: access_token });
      expect(cart.body.cart.lineItems[0].availability.status).toBe('NOT_FOUND');
    });

    it('adds custom line items with their own price', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const reply = await call(emu, 'POST', `${CART}/add-to-cart`, {
        token: access_token,
        body: {
          customLineItems: [
            {
              quantity: 2,
              price: '9.5',
              productName: { original: 'Gift wrap' },
              itemType: { preset: 'SERVICE' },
            },
          ],
        },
      });
      expect(reply.body.cart.lineItems[0]).toMatchObject({
        quantity: 2,
        price: { amount: '9.5' },
        productName: { original: 'Gift wrap' },
        itemType: { preset: 'SERVICE' },
      });
      expect(reply.body.cart.subtotal.amount).toBe('19');
    });

    it("takes a custom line's picture as a URL or as the platform's image object, and refuses an object with neither", async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const line = (media: unknown) => ({
        quantity: 1,
        price: '5',
        productName: { original: 'Gift card' },
        media,
      });
      const reply = await call(emu, 'POST', `${CART}/add-to-cart`, {
        token: access_token,
        body: {
          customLineItems: [
            line('https://images.example/card.png'),
            // As the official client sends a media file (its wix:image id repeated as `url`)…
            line({
              id: 'everyday-socks-3-pack.svg',
              width: 800,
              height: 800,
              filename: 'socks',
              url: 'wix:image://v1/everyday-socks-3-pack.svg/socks#originWidth=800&originHeight=800',
            }),
            // …and another site's image.
            line({ url: 'https://images.example/other.png' }),
          ],
        },
      });
      expect(reply.status).toBe(200);
      const urls = (reply.body.cart.lineItems as { image?: { url: string } }[]).map(
        (l) => l.image?.url,
      );
      expect(urls).toEqual([
        'https://images.example/card.png',
        `${emu.url}/media/everyday-socks-3-pack.svg`,
        'https://images.example/other.png',
      ]);
      const refused = await call(emu, 'POST', `${CART}/add-to-cart`, {
        token: access_token,
        body: { customLineItems: [line({ width: 10 }), line({ url: 'javascript:alert(1)' })] },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('customLineItems[0].media');
    });

    it('keeps all of 200 concurrent +1 adds, then 50 concurrent adds of distinct products', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const product = await simpleProduct(emu, access_token);
      const replies = await Promise.all(
        Array.from({ length: 200 }, () => add(emu, access_token, [lineItem(product.id, 1)])),
      );
      expect(replies.filter((r) => r.status !== 200)).toEqual([]);
      const cart = await call(emu, 'GET', CART, { token: access_token });
      expect(cart.body.cart.lineItems).toHaveLength(1);
      expect(cart.body.cart.lineItems[0].quantity).toBe(200);

      const other = await visitor(emu);
      const all = await products(
        emu,
        other.access_token,
        { paging: { limit: 50 } },
        { includeVariants: true },
      );
      const distinct = await Promise.all(
        all.map((p) =>
          add(emu, other.access_token, [
            lineItem(
              p.id,
              1,
              p.productOptions.length > 0 ? { variantId: p.variants[0].id } : undefined,
            ),
          ]),
        ),
      );
      expect(distinct.filter((r) => r.status >= 500)).toEqual([]);
      expect(distinct.every((r) => r.status === 200)).toBe(true);
      expect(
        (await call(emu, 'GET', CART, { token: other.access_token })).body.cart.lineItems,
      ).toHaveLength(50);
    });
  });

  describe('identity isolation', () => {
    it("never shows or changes another identity's cart; a member has a cart of their own", async () => {
      const emu = await start();
      const a = await visitor(emu);
      const b = await visitor(emu);
      const product = await simpleProduct(emu, a.access_token);
      await add(emu, a.access_token, [lineItem(product.id, 4)]);
      expect((await call(emu, 'GET', CART, { token: b.access_token })).status).toBe(404);
      await add(emu, b.access_token, [lineItem(product.id, 1)]);
      expect(
        (await call(emu, 'GET', CART, { token: a.access_token })).body.cart.lineItems[0].quantity,
      ).toBe(4);
      const lineOfA = (await call(emu, 'GET', CART, { token: a.access_token })).body.cart
        .lineItems[0].id;
      const steal = await call(emu, 'POST', `${CART}/update-line-items-quantity`, {
        token: b.access_token,
        body: { lineItems: [{ id: lineOfA, quantity: 1 }] },
      });
      expect(steal.status).toBe(400);
      const m = await member(emu, 'shopper@example.com');
      expect((await call(emu, 'GET', CART, { token: m.access_token })).status).toBe(404);
      const memberCart = await add(emu, m.access_token, [lineItem(product.id, 2)]);
      expect(memberCart.body.cart.buyerInfo).toEqual({ memberId: m.memberId });
      expect(
        (await call(emu, 'GET', CART, { token: a.access_token })).body.cart.lineItems[0].quantity,
      ).toBe(4);
    });
  });

  describe('POST update-line-items-quantity and remove-line-items', () => {
    it('changes quantities and removes lines', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const product = await simpleProduct(emu, access_token);
      const cart = (await add(emu, access_token, [lineItem(product.id, 1)])).body.cart;
      const id = cart.lineItems[0].id;
      const updated = await call(emu, 'POST', `${CART}/update-line-items-quantity`, {
        token: access_token,
        body: { lineItems: [{ id, quantity: 7 }] },
      });
      expect(updated.body.cart.lineItems[0].quantity).toBe(7);
      const bad = await call(emu, 'POST', `${CART}/update-line-items-quantity`, {
        token: access_token,
        body: { lineItems: [{ id, quantity: 0 }] },
      });
      expect(fields(bad)).toEqual(['lineItems[0].quantity']);
      const removed = await call(emu, 'POST', `${CART}/remove-line-items`, {
        token: access_token,
        body: { lineItemIds: [id] },
      });
      expect(removed.body.cart.lineItems).toEqual([]);
    });
  });

  describe('PATCH current', () => {
    it('applies seeded coupons and refuses unknown ones; remove-coupon clears it', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const product = await simpleProduct(emu, access_token);
      await add(emu, access_token, [lineItem(product.id, 1)]);
      const unknown = await call(emu, 'PATCH', CART, {
        token: access_token,
        body: { couponCode: 'BOGUS' },
      });
      expect(unknown.body.details.applicationError.code).toBe('ERROR_COUPON_DOES_NOT_EXIST');
      const applied = await call(emu, 'PATCH', CART, {
        token: access_token,
        body: { couponCode: 'WELCOME10' },
      });
      const price = Math.round(product.priceData.discountedPrice * 100);
      expect(applied.body.cart.appliedDiscounts[0]).toMatchObject({
        discountType: 'GLOBAL',
        coupon: { code: 'WELCOME10', amount: { amount: String(Math.round(price / 10) / 100) } },
      });
      const removed = await call(emu, 'POST', `${CART}/remove-coupon`, {
        token: access_token,
        body: {},
      });
      expect(removed.body.cart.appliedDiscounts).toEqual([]);
    });

    it('refuses SAVE5 below its minimum', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const notes = await bySlug(emu, access_token, 'washi-tape-trio');
      await add(emu, access_token, [lineItem(notes.id, 1)]);
      const reply = await call(emu, 'PATCH', CART, {
        token: access_token,
        body: { couponCode: 'SAVE5' },
      });
      expect(reply.body.details.applicationError.code).toBe('ERROR_COUPON_MINIMUM_SUBTOTAL');
    });

    it('sets cart info within the field mask, and merchant discounts', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const product = await simpleProduct(emu, access_token);
      await add(emu, access_token, [lineItem(product.id, 1)]);
      const reply = await call(emu, 'PATCH', CART, {
        token: access_token,
        body: {
          cartInfo: {
            buyerNote: 'Leave at door',
            contactInfo: { address: { country: 'US', city: 'Austin' } },
          },
          cartFieldmask: 'buyerNote',
          merchantDiscounts: [{ percentage: 50 }],
        },
      });
      expect(reply.body.cart.buyerNote).toBe('Leave at door');
      expect(reply.body.cart.contactInfo).toBeUndefined();
      expect(reply.body.cart.appliedDiscounts[0]).toMatchObject({
        discountType: 'GLOBAL',
        merchantDiscount: { percentage: 50 },
      });
      const both = await call(emu, 'PATCH', CART, {
        token: access_token,
        body: { merchantDiscounts: [{ percentage: 5, amount: 1 }] },
      });
      expect(fields(both)).toEqual(['merchantDiscounts[0]']);
    });
  });

  describe('POST estimate-totals', () => {
    it('computes subtotal, coupon, shipping and tax exactly', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const tee = await bySlug(emu, access_token, 'classic-crew-tee');
      await add(emu, access_token, [lineItem(tee.id, 2, { variantId: tee.variants[0].id })]);
      await call(emu, 'PATCH', CART, { token: access_token, body: { couponCode: 'WELCOME10' } });
      const reply = await call(emu, 'POST', `${CART}/estimate-totals`, {
        token: access_token,
        body: { shippingAddress: { country: 'US' } },
      });
      const s = reply.body.priceSummary;
      expect([
        s.subtotal.amount,
        s.discount.amount,
        s.shipping.amount,
        s.tax.amount,
        s.total.amount,
      ]).toEqual(['48', '4.8', '5.99', '3.94', '53.13']);
      expect(reply.body.shippingInfo.selectedCarrierServiceOption.code).toBe('standard');
      expect(
        reply.body.shippingInfo.carrierServiceOptions[0].shippingOptions.map((o: Json) => o.code),
      ).toEqual(['standard', 'express', 'pickup']);
      expect(reply.body.cart.id).toBeTypeOf('string');
      expect(reply.body.membershipOptions).toMatchObject({
        eligibleMemberships: [],
        invalidMemberships: [],
      });
      const express = await call(emu, 'POST', `${CART}/estimate-totals`, {
        token: access_token,
        body: { selectedShippingOption: { code: 'express' } },
      });
      expect(express.body.priceSummary.shipping.amount).toBe('14.99');
      expect(express.body.priceSummary.tax.amount).toBe('0');
      const bad = await call(emu, 'POST', `${CART}/estimate-totals`, {
        token: access_token,
        body: { selectedShippingOption: { code: 'teleport' } },
      });
      expect(fields(bad)).toEqual(['selectedShippingOption.code']);
    });

    it('ships free with FREESHIP and over $100; digital carts have no shipping', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const tent = await bySlug(emu, access_token, 'two-person-tent');
      await add(emu, access_token, [lineItem(tent.id)]);
      const free = await call(emu, 'POST', `${CART}/estimate-totals`, {
        token: access_token,
        body: {},
      });
      expect(free.body.priceSummary.shipping.amount).toBe('0');
      const digital = await visitor(emu);
      const card = await bySlug(emu, access_token, 'gift-card');
      await add(emu, digital.access_token, [lineItem(card.id)]);
      const none = await call(emu, 'POST', `${CART}/estimate-totals`, {
        token: digital.access_token,
        body: {},
      });
      expect(none.body.shippingInfo.carrierServiceOptions).toEqual([]);
      const mug = await visitor(emu);
      const cheap = await bySlug(emu, access_token, 'washi-tape-trio');
      await add(emu, mug.access_token, [lineItem(cheap.id)]);
      await call(emu, 'PATCH', CART, { token: mug.access_token, body: { couponCode: 'FREESHIP' } });
      const coupon = await call(emu, 'POST', `${CART}/estimate-totals`, {
        token: mug.access_token,
        body: {},
      });
      expect(coupon.body.priceSummary.shipping.amount).toBe('5.99');
      expect(coupon.body.priceSummary.discount.amount).toBe('5.99');
      expect(coupon.body.priceSummary.total.amount).toBe('9');
    });
  });

  describe('POST create-checkout and DELETE current', () => {
    it('creates a checkout id, then deleting the cart makes it 404', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      expect(
        (await call(emu, 'POST', `${CART}/create-checkout`, { token: access_token, body: {} }))
          .status,
      ).toBe(404);
      const product = await simpleProduct(emu, access_token);
      await add(emu, access_token, [lineItem(product.id)]);
      const bad = await call(emu, 'POST', `${CART}/create-checkout`, {
        token: access_token,
        body: { email: 'nope', channelType: 'MARS' },
      });
      expect(fields(bad)).toEqual(['channelType', 'email']);
      const checkout = await call(emu, 'POST', `${CART}/create-checkout`, {
        token: access_token,
        body: { channelType: 'WEB' },
      });
      expect(checkout.body.checkoutId).toBeTypeOf('string');
      expect((await call(emu, 'GET', CART, { token: access_token })).body.cart.checkoutId).toBe(
        checkout.body.checkoutId,
      );
      expect((await call(emu, 'DELETE', CART, { token: access_token })).status).toBe(200);
      expect((await call(emu, 'GET', CART, { token: access_token })).status).toBe(404);
    });
  });
});

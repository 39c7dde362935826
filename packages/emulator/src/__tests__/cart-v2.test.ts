import { describe, expect, it } from 'vitest';
import type { Json } from './helpers.js';
import {
  call,
  lineItem,
  member,
  pathOf,
  placeOrder,
  products,
  simpleProduct,
  start,
  visitor,
} from './helpers.js';

type Emu = Awaited<ReturnType<typeof start>>;
const CURRENT = '/ecom/v2/carts/current';

/** The seeded T-shirt and its variants. */
async function tee(emu: Emu, token: string): Promise<Json> {
  const [found] = await products(
    emu,
    token,
    { filter: { slug: 'classic-crew-tee' } },
    { includeVariants: true },
  );
  return found;
}

const add = (emu: Emu, token: string, items: unknown[], path = CURRENT) =>
  call(emu, 'POST', `${path}/add-line-items`, { token, body: { catalogItems: items } });

const code = (reply: { body: Json }) => reply.body?.details?.applicationError?.code;

describe('cart v2', () => {
  describe('current cart', () => {
    it('answers 404 OWNED_CART_NOT_FOUND before the first add, then the V2 shape', async () => {
      const emu = await start();
      const { access_token: t } = await visitor(emu);
      expect(code(await call(emu, 'GET', CURRENT, { token: t }))).toBe('OWNED_CART_NOT_FOUND');
      const shirt = await tee(emu, t);
      const variant = shirt.variants[1];
      const added = await add(emu, t, [lineItem(shirt.id, 2, { variantId: variant.id })]);
      expect(added.status).toBe(200);
      const cart = added.body.cart;
      expect(cart).toMatchObject({
        revision: '1',
        currentCart: true,
        orderPlaced: false,
        coupons: [],
        subtotal: { amount: '48', convertedAmount: '48' },
        businessInfo: { currencyCode: 'USD' },
        customerInfo: { visitorId: expect.any(String) },
      });
      expect(cart.lineItems[0]).toMatchObject({
        name: { original: 'Classic Crew Tee' },
        quantityInfo: { requestedQuantity: 2, confirmedQuantity: 2 },
        pricing: {
          unitPrice: { amount: '24', convertedAmount: '24' },
          totalPrice: { amount: '48' },
        },
        source: {
          catalogReference: { catalogItemId: shirt.id, options: { variantId: variant.id } },
        },
        attributes: { itemType: { preset: 'PHYSICAL' }, physicalProperties: { shippable: true } },
        status: 'IN_STOCK',
      });
      expect(cart.lineItems[0].pricing.unitPrice.formattedAmount).toBeUndefined();
      expect((await call(emu, 'GET', CURRENT, { token: t })).body.cart.id).toBe(cart.id);
    });

    it('is the V1 current cart too: a change through either API shows through the other', async () => {
      const emu = await start();
      const { access_token: t } = await visitor(emu);
      const product = await simpleProduct(emu, t);
      const v1 = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: t,
        body: { lineItems: [lineItem(product.id, 1)] },
      });
      const v2 = await add(emu, t, [lineItem(product.id, 2)]);
      expect(v2.body.cart.id).toBe(v1.body.cart.id);
      expect(v2.body.cart.revision).toBe('2');
      expect(v2.body.cart.lineItems[0].quantityInfo.requestedQuantity).toBe(3);
      await call(emu, 'POST', `${CURRENT}/add-coupon`, {
        token: t,
        body: { coupon: { code: 'WELCOME10' } },
      });
      const back = await call(emu, 'GET', '/ecom/v1/carts/current', { token: t });
      expect(back.body.cart.lineItems[0].quantity).toBe(3);
      expect(back.body.cart.appliedDiscounts[0].coupon.code).toBe('WELCOME10');
      await call(emu, 'DELETE', '/ecom/v1/carts/current', { token: t });
      expect(code(await call(emu, 'GET', CURRENT, { token: t }))).toBe('OWNED_CART_NOT_FOUND');
    });

    it('keeps identities apart and gives the API key no current cart', async () => {
      const emu = await start();
      const a = (await visitor(emu)).access_token;
      const b = (await visitor(emu)).access_token;
      const m = (await member(emu, 'v2@example.com')).access_token;
      const product = await simpleProduct(emu, a);
      const mine = (await add(emu, a, [lineItem(product.id)])).body.cart;
      expect(code(await call(emu, 'GET', CURRENT, { token: b }))).toBe('OWNED_CART_NOT_FOUND');
      expect(code(await call(emu, 'GET', CURRENT, { token: m }))).toBe('OWNED_CART_NOT_FOUND');
      for (const other of [b, m])
        expect((await call(emu, 'GET', `/ecom/v2/carts/${mine.id}`, { token: other })).status).toBe(
          404,
        );
      expect(
        (await call(emu, 'GET', `/ecom/v2/carts/${mine.id}`, { token: emu.apiKey })).body.cart.id,
      ).toBe(mine.id);
      expect((await call(emu, 'GET', CURRENT, { token: emu.apiKey })).status).toBe(403);
    });

    it('keeps all of 100 concurrent +1 adds and counts one revision each', async () => {
      const emu = await start();
      const { access_token: t } = await visitor(emu);
      const product = await simpleProduct(emu, t);
      await add(emu, t, [lineItem(product.id)]);
      await Promise.all(Array.from({ length: 99 }, () => add(emu, t, [lineItem(product.id)])));
      const cart = (await call(emu, 'GET', CURRENT, { token: t })).body.cart;
      expect(cart.lineItems[0].quantityInfo.requestedQuantity).toBe(100);
      expect(cart.revision).toBe('100');
    });

    it('caps the confirmed quantity at the stock and marks the status as V1 does', async () => {
      const emu = await start();
      const { access_token: t } = await visitor(emu);
      const all = await products(emu, t, { paging: { limit: 100 } }, { includeVariants: true });
      const poles = all.find((p: Json) => p.slug === 'trekking-poles');
      const loafer = all.find((p: Json) => p.name === 'Leather Loafer');
      const items = [
        lineItem(poles.id, 5, { variantId: poles.variants[0].id }),
        lineItem(loafer.id, 1, { variantId: loafer.variants[0].id }),
      ];
      const lines = (await add(emu, t, items)).body.cart.lineItems;
      expect(lines[0]).toMatchObject({
        status: 'PARTIALLY_IN_STOCK',
        quantityInfo: { requestedQuantity: 5, confirmedQuantity: 3, availableQuantity: 3 },
      });
      expect(lines[1]).toMatchObject({
        status: 'OUT_OF_STOCK',
        quantityInfo: { confirmedQuantity: 0 },
      });
      const unknown = await add(emu, t, [lineItem('no-such-product')]);
      expect(code(unknown)).toBe('ITEM_NOT_FOUND_IN_CATALOG');
      const none = await call(emu, 'POST', `${CURRENT}/add-line-items`, { token: t, body: {} });
      expect(code(none)).toBe('NO_LINE_ITEMS_TO_ADD');
    });

    it('updates, removes and refuses lines it does not have; a quantity of 0 is refused', async () => {
      const emu = await start();
      const { access_token: t } = await visitor(emu);
      const product = await simpleProduct(emu, t);
      const line = (await add(emu, t, [lineItem(product.id)])).body.cart.lineItems[0];
      const update = (lineItemId: string, newQuantity: number) =>
        call(emu, 'POST', `${CURRENT}/update-line-items`, {
          token: t,
          body: { lineItems: [{ lineItemId, quantity: { newQuantity } }] },
        });
      expect((await update(line.id, 4)).body.cart.lineItems[0].quantityInfo.requestedQuantity).toBe(
        4,
      );
      expect((await update(line.id, 0)).status).toBe(400);
      expect(code(await update('nope', 1))).toBe('LINE_ITEM_NOT_FOUND_IN_CART');
      const removed = await call(emu, 'POST', `${CURRENT}/remove-line-items`, {
        token: t,
        body: { lineItemIds: [line.id] },
      });
      expect(removed.body.cart.lineItems).toEqual([]);
    });
  });

  describe('coupons, delivery and totals', () => {
    it('applies WELCOME10 and SAVE5 with their minimum, one at a time, and prices the summary', async () => {
      const emu = await start();
      const { access_token: t } = await visitor(emu);
      const shirt = await tee(emu, t);
      await add(emu, t, [lineItem(shirt.id, 1, { variantId: shirt.variants[1].id })]);
      const coupon = (c: string) =>
        call(emu, 'POST', `${CURRENT}/add-coupon`, { token: t, body: { coupon: { code: c } } });
      expect(code(await coupon('NOPE'))).toBe('INVALID_COUPON_CODE');
      const low = await coupon('SAVE5');
      expect(code(low)).toBe('INVALID_COUPON_STATUS');
      expect(low.body.details.applicationError.data.reason).toBe('MIN_SUBTOTAL_NOT_REACHED');
      const applied = (await coupon('WELCOME10')).body.cart.coupons[0];
      expect(code(await coupon('SAVE5'))).toBe('MAX_COUPONS_PER_CART_EXCEEDED');
      await call(emu, 'PATCH', CURRENT, {
        token: t,
        body: { cart: { deliveryInfo: { address: { country: 'DE' } } } },
      });
      const set = await call(emu, 'POST', `${CURRENT}/set-delivery-method`, {
        token: t,
        body: { deliveryMethod: { code: 'express' } },
      });
      expect(set.body.cart.deliveryInfo.method).toEqual({
        code: 'express',
        title: { original: 'Express delivery', translated: 'Express delivery' },
        pickup: false,
      });
      const { summary } = (await call(emu, 'POST', `${CURRENT}/calculate`, { token: t, body: {} }))
        .body;
      // $24 − 10% = $21.60; express $14.99; DE 19% of $36.59 = $6.95.
      expect(summary.priceSummary).toEqual({
        subtotal: { amount: '24', convertedAmount: '24' },
        discount: { amount: '2.4', convertedAmount: '2.4' },
        delivery: { amount: '14.99', convertedAmount: '14.99' },
        additionalFees: { amount: '0', convertedAmount: '0' },
        tax: { amount: '6.95', convertedAmount: '6.95' },
        total: { amount: '43.54', convertedAmount: '43.54' },
      });
      expect(summary.discounts[0]).toMatchObject({
        source: { sourceType: 'COUPON', couponCode: 'WELCOME10' },
        scope: 'CART_SUBTOTAL',
        total: { amount: '2.4' },
      });
      expect(summary.deliverySummary).toMatchObject({
        method: { code: 'express' },
        price: { amount: '14.99' },
      });
      const bare = (await call(emu, 'POST', `${CURRENT}/estimate`, { token: t, body: {} })).body
        .summary;
      expect(bare.priceSummary.total.amount).toBe('21.6');
      expect(bare.deliverySummary).toBeUndefined();
      const removed = await call(emu, 'POST', `${CURRENT}/remove-coupon`, {
        token: t,
        body: { couponId: applied.id },
      });
      expect(removed.body.cart.coupons).toEqual([]);
      expect(
        code(
          await call(emu, 'POST', `${CURRENT}/set-delivery-method`, {
            token: t,
            body: { deliveryMethod: { code: 'teleport' } },
          }),
        ),
      ).toBe('DELIVERY_METHOD_NOT_FOUND');
      expect(
        code(
          await call(emu, 'POST', `${CURRENT}/add-gift-card`, {
            token: t,
            body: { giftCard: { code: 'GIFT-0000-1234' } },
          }),
        ),
      ).toBe('INVALID_GIFT_CARD_CODE');
    });
  });

  describe('checkout and orders', () => {
    it("opens the hosted checkout for a cart's own id and pays there; the cart is ordered and no longer current", async () => {
      const emu = await start();
      const { access_token: t } = await member(emu, 'buyer-v2@example.com');
      const product = await simpleProduct(emu, t);
      const cart = (await add(emu, t, [lineItem(product.id, 2)])).body.cart;
      await call(emu, 'PATCH', CURRENT, {
        token: t,
        body: { cart: { deliveryInfo: { address: { country: 'CA' } } } },
      });
      const session = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
        token: t,
        body: {
          ecomCheckout: { checkoutId: cart.id },
          callbacks: { thankYouPageUrl: 'http://localhost:5173/callback' },
        },
      });
      expect(session.status).toBe(200);
      const placed = await placeOrder(emu, session.body.redirectSession.fullUrl);
      const orderId = new URL(placed.headers.get('location')!).searchParams.get('orderId');
      expect(orderId).toEqual(expect.any(String));
      const ordered = (await call(emu, 'GET', `/ecom/v2/carts/${cart.id}`, { token: t })).body.cart;
      expect(ordered).toMatchObject({ orderPlaced: true, orderId, currentCart: false });
      expect(code(await call(emu, 'GET', CURRENT, { token: t }))).toBe('OWNED_CART_NOT_FOUND');
      expect((await call(emu, 'GET', '/ecom/v1/carts/current', { token: t })).status).toBe(404);
      const mine = await call(emu, 'POST', '/ecom/v1/orders/search', { token: t, body: {} });
      expect(mine.body.orders.map((o: Json) => o.id)).toEqual([orderId]);
      expect(mine.body.orders[0].checkoutId).toBe(cart.id);
      const next = (await add(emu, t, [lineItem(product.id)])).body.cart;
      expect(next.id).not.toBe(cart.id);
    });

    it('get-checkout-url answers the hosted page; place-order orders at once and only once', async () => {
      const emu = await start();
      const { access_token: t } = await visitor(emu);
      const product = await simpleProduct(emu, t);
      const cart = (await add(emu, t, [lineItem(product.id)])).body.cart;
      const url = await call(emu, 'POST', `/ecom/v2/carts/${cart.id}/get-checkout-url`, {
        token: t,
        body: {},
      });
      const page = await call(emu, 'GET', pathOf(url.body.checkoutUrl));
      expect(page.status).toBe(200);
      expect(page.text).toContain(product.name);
      const { summary } = (
        await call(emu, 'POST', `/ecom/v2/carts/${cart.id}/calculate`, { token: t, body: {} })
      ).body;
      await add(emu, t, [lineItem(product.id)]);
      const stale = await call(emu, 'POST', `/ecom/v2/carts/${cart.id}/place-order`, {
        token: t,
        body: { priceVerificationToken: summary.priceVerificationToken },
      });
      expect(code(stale)).toBe('INVALID_PRICE_VERIFICATION_TOKEN');
      const placed = await call(emu, 'POST', `/ecom/v2/carts/${cart.id}/place-order`, {
        token: t,
        body: {},
      });
      expect(placed.body).toEqual({ orderId: expect.any(String), completed: true });
      expect(emu.orders()[0]).toMatchObject({
        id: placed.body.orderId,
        lineItems: [{ quantity: 2 }],
      });
      const again = await call(emu, 'POST', `/ecom/v2/carts/${cart.id}/place-order`, {
        token: t,
        body: {},
      });
      expect(again.status).toBe(428);
      expect(code(again)).toBe('CART_ALREADY_ORDERED');
      expect((await call(emu, 'GET', pathOf(url.body.checkoutUrl))).text).toContain('already');
    });
  });

  describe('cartV2: false', () => {
    it('answers every /ecom/v2/carts path like a path the platform does not serve; V1 stays', async () => {
      const emu = await start({ cartV2: false });
      const { access_token: t } = await visitor(emu);
      const product = await simpleProduct(emu, t);
      const v1 = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: t,
        body: { lineItems: [lineItem(product.id)] },
      });
      expect(v1.status).toBe(200);
      const unknown = await call(emu, 'GET', '/ecom/v9/nothing', { token: t });
      for (const [method, path] of [
        ['GET', CURRENT],
        ['POST', `${CURRENT}/add-line-items`],
        ['POST', '/ecom/v2/carts'],
        ['GET', `/ecom/v2/carts/${v1.body.cart.id}`],
      ] as const) {
        const reply = await call(emu, method, path, {
          token: t,
          body: method === 'GET' ? undefined : {},
        });
        expect(reply.status).toBe(404);
        expect(code(reply)).toBe('NOT_FOUND');
        expect(reply.body.message).toBe(
          unknown.body.message.replace('GET /ecom/v9/nothing', `${method} ${path}`),
        );
      }
      const session = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
        token: t,
        body: { ecomCheckout: { checkoutId: v1.body.cart.id } },
      });
      expect(session.status).toBe(404);
    });
  });
});

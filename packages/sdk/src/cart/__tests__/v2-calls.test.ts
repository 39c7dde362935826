import { describe, expect, it } from 'vitest';
import { json, recordingFetch, type Responder } from '../../__tests__/helpers.js';
import { createStoreClient } from '../../client/create-store-client.js';
import { StoreArgumentError } from '../../errors/argument-error.js';
import type { CartV2 } from '../../models/cart-v2.js';
import { storesLineItem } from '../catalog-reference.js';
import { cartPlatform } from './cart-platform.js';

const TOKEN = 'at_cart-v2-test';
const tokens = {
  accessToken: { value: TOKEN, expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_cart-v2-test', role: 'visitor' as const },
};
const API = 'https://www.wixapis.com';
const V2 = `${API}/ecom/v2/carts/current`;

const CART_V2: CartV2 = {
  id: 'cart-1',
  revision: '3',
  lineItems: [
    {
      id: 'line-1',
      name: { original: 'Brass ruler', translated: 'Brass ruler' },
      quantityInfo: { requestedQuantity: 2, confirmedQuantity: 2, availableQuantity: 5 },
      pricing: {
        unitPrice: { amount: '12.5', convertedAmount: '12.5' },
        totalPrice: { amount: '25' },
      },
      source: {
        catalogReference: { catalogItemId: 'p1', appId: 'stores', options: { variantId: 'v1' } },
      },
      attributes: {
        descriptionLines: [
          { name: { original: 'Size' }, plainText: { original: 'L' }, lineType: 'PLAIN_TEXT' },
        ],
        image: { id: 'i1', url: 'https://media/ruler.webp', width: 800, height: 800 },
        url: { relativePath: '/product-page/brass-ruler' },
        itemType: { preset: 'PHYSICAL' },
      },
      status: 'PARTIALLY_IN_STOCK',
    },
  ],
  subtotal: { amount: '25', convertedAmount: '25' },
  coupons: [{ id: 'coupon-9', code: 'SAVE5' }],
  businessInfo: { currencyCode: 'USD', languageCode: 'en' },
  customerInfo: { visitorId: 'visitor-1' },
  deliveryInfo: { method: { code: 'standard', title: { original: 'Standard' } } },
  note: 'Gift',
  createdDate: '2026-11-01T00:00:00.000Z',
  updatedDate: '2026-11-02T00:00:00.000Z',
};

function setup(responder: Responder = () => json({ cart: CART_V2 })) {
  const recorder = recordingFetch(responder);
  const store = createStoreClient({ clientId: 'c1', fetch: recorder.fetch, tokens, retry: 0 });
  return { store, requests: recorder.requests };
}

const wire = (requests: ReturnType<typeof setup>['requests']) =>
  requests.map((request) => ({
    call: `${request.method} ${request.url.href}`,
    ...(request.body === '' ? {} : { body: JSON.parse(request.body) as unknown }),
  }));

describe('v2-calls', () => {
  describe('the cart', () => {
    it('reads the current cart from the API host and answers it in the one Cart shape', async () => {
      const { store, requests } = setup();
      const cart = await store.cart.get();
      expect(wire(requests)).toEqual([{ call: `GET ${V2}` }]);
      expect(requests[0]!.headers.get('authorization')).toBe(TOKEN);
      expect(cart).toEqual({
        id: 'cart-1',
        lineItems: [
          {
            id: 'line-1',
            quantity: 2,
            catalogReference: {
              catalogItemId: 'p1',
              appId: 'stores',
              options: { variantId: 'v1' },
            },
            productName: { original: 'Brass ruler', translated: 'Brass ruler' },
            url: { relativePath: '/product-page/brass-ruler' },
            price: { amount: '12.5', convertedAmount: '12.5' },
            lineItemPrice: { amount: '25' },
            descriptionLines: [
              { name: { original: 'Size' }, plainText: { original: 'L' }, lineType: 'PLAIN_TEXT' },
            ],
            image: { id: 'i1', url: 'https://media/ruler.webp', width: 800, height: 800 },
            availability: { status: 'PARTIALLY_AVAILABLE', quantityAvailable: 5 },
            itemType: { preset: 'PHYSICAL' },
          },
        ],
        buyerNote: 'Gift',
        buyerInfo: { visitorId: 'visitor-1' },
        currency: 'USD',
        siteLanguage: 'en',
        subtotal: { amount: '25', convertedAmount: '25' },
        appliedDiscounts: [{ discountType: 'GLOBAL', coupon: { id: 'coupon-9', code: 'SAVE5' } }],
        selectedShippingOption: { code: 'standard' },
        createdDate: '2026-11-01T00:00:00.000Z',
        updatedDate: '2026-11-02T00:00:00.000Z',
      });
    });

    it('reads each line status as an availability', async () => {
      const statuses = ['IN_STOCK', 'OUT_OF_STOCK', 'REMOVED_FROM_CATALOG'];
      const { store } = setup(() =>
        json({
          cart: {
            id: 'c',
            lineItems: statuses.map((status, index) => ({ id: `l${index}`, status })),
          },
        }),
      );
      const cart = await store.cart.get();
      expect(cart.lineItems.map((line) => line.availability?.status)).toEqual([
        'AVAILABLE',
        'NOT_AVAILABLE',
        'NOT_FOUND',
      ]);
    });
  });

  describe('changes', () => {
    it('adds catalogItems, and custom lines as customItems', async () => {
      const { store, requests } = setup();
      await store.cart.addItems({
        lineItems: [storesLineItem('p1', 2, { variantId: 'v1' })],
        customLineItems: [
          {
            quantity: 1,
            price: '3',
            productName: { original: 'Gift wrap' },
            itemType: { preset: 'PHYSICAL' },
            media: 'https://media/wrap.webp',
          },
        ],
      });
      expect(wire(requests)).toEqual([
        {
          call: `POST ${V2}/add-line-items`,
          body: {
            catalogItems: [storesLineItem('p1', 2, { variantId: 'v1' })],
            customItems: [
              {
                name: { original: 'Gift wrap' },
                quantityInfo: { requestedQuantity: 1 },
                pricing: { price: { amount: '3' } },
                attributes: {
                  itemType: { preset: 'PHYSICAL' },
                  image: { url: 'https://media/wrap.webp' },
                },
              },
            ],
          },
        },
      ]);
    });

    it.each(['v2', 'v1'] as const)(
      "sends no line's preview (a storefront line's) on Cart %s",
      async (cart) => {
        const recorder = recordingFetch(() => json({ cart: CART_V2 }));
        const store = createStoreClient({
          clientId: 'c1',
          fetch: recorder.fetch,
          tokens,
          retry: 0,
          cart,
        });
        const line = {
          ...storesLineItem('p1', 1, { variantId: 'v1' }),
          preview: { productName: { original: 'Ruler' } },
        };
        await store.cart.addItems({ lineItems: [line] });
        const body = JSON.parse(recorder.requests[0]!.body) as Record<
          string,
          { preview?: unknown }[]
        >;
        const sent = body.catalogItems ?? body.lineItems;
        expect(sent).toEqual([storesLineItem('p1', 1, { variantId: 'v1' })]);
      },
    );

    it('sets quantities as update-line-items and removes lines by id', async () => {
      const { store, requests } = setup();
      await store.cart.updateQuantities([{ id: 'line-1', quantity: 3 }]);
      await store.cart.removeItems(['line-1']);
      expect(wire(requests)).toEqual([
        {
          call: `POST ${V2}/update-line-items`,
          body: { lineItems: [{ lineItemId: 'line-1', quantity: { newQuantity: 3 } }] },
        },
        { call: `POST ${V2}/remove-line-items`, body: { lineItemIds: ['line-1'] } },
      ]);
    });

    it('replaces the coupon: the new one added by code, then the old one removed by its id', async () => {
      const both = {
        ...CART_V2,
        coupons: [...CART_V2.coupons!, { id: 'coupon-10', code: 'WELCOME10' }],
      };
      const { store, requests } = setup((request) =>
        json({ cart: new URL(request.url).pathname.endsWith('/add-coupon') ? both : CART_V2 }),
      );
      await store.cart.update({ couponCode: 'WELCOME10' });
      expect(wire(requests)).toEqual([
        { call: `POST ${V2}/add-coupon`, body: { coupon: { code: 'WELCOME10' } } },
        { call: `POST ${V2}/remove-coupon`, body: { couponId: 'coupon-9' } },
      ]);
    });

    it('where a cart takes one coupon, swaps them, and puts the old one back if the new one is refused', async () => {
      // Each round, the first add is refused as a second coupon; in the second round, the next
      // add (the new code, alone on the cart now) is refused too.
      let refuseNew = false;
      let adds = 0;
      const { store, requests } = setup((request) => {
        if (!new URL(request.url).pathname.endsWith('/add-coupon')) return json({ cart: CART_V2 });
        adds += 1;
        if (adds === 1) {
          return json(
            {
              message: 'one coupon',
              details: { applicationError: { code: 'MAX_COUPONS_PER_CART_EXCEEDED' } },
            },
            { status: 428 },
          );
        }
        if (refuseNew && adds === 2) {
          return json(
            {
              message: 'minimum',
              details: { applicationError: { code: 'INVALID_COUPON_STATUS' } },
            },
            { status: 400 },
          );
        }
        return json({ cart: CART_V2 });
      });
      await store.cart.update({ couponCode: 'WELCOME10' });
      expect(wire(requests).map((call) => call.call)).toEqual([
        `POST ${V2}/add-coupon`,
        `GET ${V2}`,
        `POST ${V2}/remove-coupon`,
        `POST ${V2}/add-coupon`,
      ]);

      requests.length = 0;
      refuseNew = true;
      adds = 0;
      await expect(store.cart.update({ couponCode: 'BIG20' })).rejects.toMatchObject({
        code: 'INVALID_COUPON_STATUS',
      });
      expect(wire(requests).map((call) => [call.call, call.body])).toEqual([
        [`POST ${V2}/add-coupon`, { coupon: { code: 'BIG20' } }],
        [`POST ${V2}/remove-coupon`, { couponId: 'coupon-9' }],
        [`POST ${V2}/add-coupon`, { coupon: { code: 'BIG20' } }],
        [`POST ${V2}/add-coupon`, { coupon: { code: 'SAVE5' } }],
      ]);
    });

    it('a refused code leaves the coupon the cart had', async () => {
      const { store, requests } = setup(() =>
        json(
          {
            message: 'no such coupon',
            details: { applicationError: { code: 'ERROR_COUPON_DOES_NOT_EXIST' } },
          },
          { status: 400 },
        ),
      );
      await expect(store.cart.update({ couponCode: 'NOPE' })).rejects.toMatchObject({
        code: 'ERROR_COUPON_DOES_NOT_EXIST',
      });
      expect(wire(requests).map((call) => call.call)).toEqual([`POST ${V2}/add-coupon`]);
    });

    it('removes the coupon by its id, reading the cart first when none was read', async () => {
      const { store, requests } = setup();
      await store.cart.removeCoupon();
      expect(wire(requests)).toEqual([
        { call: `GET ${V2}` },
        { call: `POST ${V2}/remove-coupon`, body: { couponId: 'coupon-9' } },
      ]);
    });

    it('changes the note by PATCH of the cart and the shipping option by set-delivery-method', async () => {
      const { store, requests } = setup();
      await store.cart.update({
        cartInfo: { buyerNote: 'Leave at the door', selectedShippingOption: { code: 'express' } },
      });
      expect(wire(requests)).toEqual([
        { call: `PATCH ${V2}`, body: { cart: { note: 'Leave at the door' } } },
        {
          call: `POST ${V2}/set-delivery-method`,
          body: { deliveryMethod: { code: 'express' } },
        },
      ]);
    });

    it('refuses merchant discounts, which Cart V2 has not, naming them and sending nothing', async () => {
      const { store, requests } = setup();
      await expect(store.cart.update({ merchantDiscounts: [{ amount: '5' }] })).rejects.toThrow(
        StoreArgumentError,
      );
      expect(requests).toHaveLength(0);
    });

    it('deletes the current cart', async () => {
      const { store, requests } = setup(() => json({}));
      await store.cart.delete();
      expect(wire(requests)).toEqual([{ call: `DELETE ${V2}` }]);
    });
  });

  describe('estimate and checkout', () => {
    it('estimates with tax and delivery, and answers the summary as an estimate', async () => {
      const { store, requests } = setup(() =>
        json({
          cart: CART_V2,
          summary: {
            discounts: [
              {
                name: { original: 'SAVE5' },
                source: { sourceType: 'COUPON', couponCode: 'SAVE5' },
                total: { amount: '5' },
              },
            ],
            deliverySummary: {
              method: { code: 'standard', title: { original: 'Standard' } },
              price: { amount: '4' },
            },
            priceSummary: {
              subtotal: { amount: '25' },
              discount: { amount: '5' },
              delivery: { amount: '4' },
              tax: { amount: '0' },
              total: { amount: '24' },
            },
          },
        }),
      );
      const estimate = await store.cart.estimateTotals();
      expect(wire(requests)).toEqual([
        { call: `POST ${V2}/estimate`, body: { calculateTax: true, calculateDelivery: true } },
      ]);
      expect(estimate.priceSummary).toEqual({
        subtotal: { amount: '25' },
        discount: { amount: '5' },
        shipping: { amount: '4' },
        tax: { amount: '0' },
        total: { amount: '24' },
      });
      expect(estimate.appliedDiscounts).toEqual([
        {
          discountType: 'GLOBAL',
          coupon: { id: 'coupon-9', code: 'SAVE5', name: 'SAVE5', amount: { amount: '5' } },
        },
      ]);
      expect(estimate.shippingInfo?.selectedCarrierServiceOption).toEqual({
        code: 'standard',
        title: 'Standard',
        cost: { totalPriceAfterTax: { amount: '4' } },
      });
      expect(estimate.cart?.id).toBe('cart-1');
    });

    it("has no checkout to create: the cart's id is the checkout's", async () => {
      const { store, requests } = setup();
      await expect(store.cart.createCheckout({ channelType: 'WEB' })).resolves.toEqual({
        checkoutId: 'cart-1',
      });
      expect(wire(requests)).toEqual([{ call: `GET ${V2}` }]);
    });
  });

  describe('a store without Cart V2', () => {
    it("goes on on Cart V1 after one call, and stays there for the client's life", async () => {
      const platform = cartPlatform({ cartV2: false });
      const store = createStoreClient({
        clientId: 'c2',
        baseUrl: 'http://127.0.0.1:4010',
        fetch: platform.fetch,
        tokens: platform.tokensFor('visitor-a', 'visitor'),
        retry: 0,
        tabSync: false,
      });
      await store.cartStore.addItems({ lineItems: [storesLineItem('p1', 1)] });
      await store.cartStore.updateQuantities([
        { id: store.cartStore.getState().cart!.lineItems[0]!.id, quantity: 2 },
      ]);
      await store.cart.get();
      expect(platform.cartCalls().map((call) => `${call.api} ${call.wire.path}`)).toEqual([
        'v2 /ecom/v2/carts/current/add-line-items',
        'v1 /ecom/v1/carts/current/add-to-cart',
        'v1 /ecom/v1/carts/current/update-line-items-quantity',
        'v1 /ecom/v1/carts/current',
      ]);
      expect(store.cartStore.getState().cart?.lineItems[0]?.quantity).toBe(2);
      store.dispose();
    });

    it('pinned to Cart V2, reports the store’s answer instead of moving', async () => {
      const platform = cartPlatform({ cartV2: false });
      const store = createStoreClient({
        clientId: 'c3',
        baseUrl: 'http://127.0.0.1:4010',
        fetch: platform.fetch,
        tokens: platform.tokensFor('visitor-a', 'visitor'),
        retry: 0,
        tabSync: false,
        cart: 'v2',
      });
      await expect(store.cart.get()).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(platform.cartCalls().map((call) => call.api)).toEqual(['v2']);
      store.dispose();
    });

    it('a store with no cart yet answers Cart V2 as it has one: no move to Cart V1', async () => {
      const platform = cartPlatform();
      const store = createStoreClient({
        clientId: 'c4',
        baseUrl: 'http://127.0.0.1:4010',
        fetch: platform.fetch,
        tokens: platform.tokensFor('visitor-a', 'visitor'),
        retry: 0,
        tabSync: false,
      });
      await expect(store.cart.get()).rejects.toMatchObject({ code: 'OWNED_CART_NOT_FOUND' });
      await store.cart.addItems({ lineItems: [storesLineItem('p1', 1)] });
      expect(platform.cartCalls().map((call) => call.api)).toEqual(['v2', 'v2']);
      store.dispose();
    });
  });
});

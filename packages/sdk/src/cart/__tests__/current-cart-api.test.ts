import { describe, expect, it } from 'vitest';
import { json, recordingFetch, type Responder } from '../../__tests__/helpers.js';
import { createStoreClient } from '../../client/create-store-client.js';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { StoreClientError } from '../../http/errors/client-error.js';
import { StoreSystemError } from '../../http/errors/system-error.js';
import { StoreValidationError } from '../../http/errors/validation-error.js';
import { STORES_APP_ID } from '../../models/cart.js';
import { storesCatalogReference, storesLineItem } from '../catalog-reference.js';

const TOKEN = 'at_cart-test-token';
const tokens = {
  accessToken: { value: TOKEN, expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_cart-test', role: 'visitor' as const },
};
const CART = { id: 'cart-1', lineItems: [{ id: 'line-1', quantity: 2 }] };
const API = 'https://www.wixapis.com';

function setup(responder: Responder = () => json({ cart: CART })) {
  const recorder = recordingFetch(responder);
  // Cart V1's wire (Cart V2's is in v2-calls.test.ts).
  const store = createStoreClient({
    clientId: 'c1',
    fetch: recorder.fetch,
    tokens,
    retry: 0,
    cart: 'v1',
  });
  return { store, requests: recorder.requests };
}

function sent(requests: ReturnType<typeof setup>['requests'], index = 0) {
  const request = requests[index]!;
  return {
    method: request.method,
    url: request.url.href,
    body: request.body === '' ? undefined : (JSON.parse(request.body) as unknown),
    authorization: request.headers.get('authorization'),
  };
}

describe('cart-api on Cart V1', () => {
  describe('get', () => {
    it('reads the current cart from the API host (never the read-only one) and unwraps it', async () => {
      const { store, requests } = setup();
      await expect(store.cart.get()).resolves.toEqual(CART);
      expect(sent(requests)).toEqual({
        method: 'GET',
        url: `${API}/ecom/v1/carts/current`,
        body: undefined,
        authorization: TOKEN,
      });
    });

    it('surfaces a 404 (no cart yet) as a StoreClientError', async () => {
      const { store } = setup(() =>
        json(
          { message: 'no cart', details: { applicationError: { code: 'NOT_FOUND' } } },
          { status: 404 },
        ),
      );
      const error: unknown = await store.cart.get().catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });

    it('refuses a 200 without a cart as an UNEXPECTED_RESPONSE system error', async () => {
      const { store } = setup(() => json({ nothing: true }));
      const error: unknown = await store.cart.get().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreSystemError);
      expect(error).toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
    });
  });

  describe('update', () => {
    it('PATCHes the documented fields and joins the field mask with commas', async () => {
      const { store, requests } = setup();
      await store.cart.update({
        cartInfo: { buyerNote: 'Gift wrap' },
        couponCode: 'SUMMER10',
        merchantDiscounts: [{ amount: '5' }],
        lineItems: [storesLineItem('p1', 1)],
        cartFieldmask: ['buyerNote', 'contactInfo.address'],
      });
      expect(sent(requests)).toEqual({
        method: 'PATCH',
        url: `${API}/ecom/v1/carts/current`,
        authorization: TOKEN,
        body: {
          cartInfo: { buyerNote: 'Gift wrap' },
          couponCode: 'SUMMER10',
          merchantDiscounts: [{ amount: '5' }],
          lineItems: [
            { catalogReference: { catalogItemId: 'p1', appId: STORES_APP_ID }, quantity: 1 },
          ],
          cartFieldmask: 'buyerNote,contactInfo.address',
        },
      });
    });

    it('leaves fields the platform does not document off the wire', async () => {
      const { store, requests } = setup();
      const input = { couponCode: 'X', extra: 'not sent' };
      await store.cart.update(input);
      expect(sent(requests).body).toEqual({ couponCode: 'X' });
    });
  });

  describe('addItems', () => {
    it('POSTs lineItems and customLineItems to add-to-cart', async () => {
      const { store, requests } = setup();
      const custom = {
        quantity: 1,
        price: '9.5',
        productName: { original: 'Gift card' },
        itemType: { preset: 'GIFT_CARD' as const },
      };
      await expect(
        store.cart.addItems({
          lineItems: [storesLineItem('p1', 2, { variantId: 'v1' })],
          customLineItems: [custom],
        }),
      ).resolves.toEqual(CART);
      expect(sent(requests)).toEqual({
        method: 'POST',
        url: `${API}/ecom/v1/carts/current/add-to-cart`,
        authorization: TOKEN,
        body: {
          lineItems: [
            {
              catalogReference: {
                catalogItemId: 'p1',
                appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
                options: { variantId: 'v1' },
              },
              quantity: 2,
            },
          ],
          customLineItems: [custom],
        },
      });
    });

    it.each([
      [0, 'lineItems[0].quantity'],
      [-1, 'lineItems[0].quantity'],
      [1.5, 'lineItems[0].quantity'],
    ])('refuses quantity %s before sending, naming %s', async (quantity, argument) => {
      const { store, requests } = setup();
      const error: unknown = await store.cart
        .addItems({ lineItems: [storesLineItem('p1', quantity)] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreArgumentError);
      expect(error).toMatchObject({ argument });
      expect(requests).toHaveLength(0);
    });

    it('refuses an empty catalogItemId before sending', async () => {
      const { store, requests } = setup();
      await expect(
        store.cart.addItems({ lineItems: [storesLineItem(' ', 1)] }),
      ).rejects.toMatchObject({ argument: 'lineItems[0].catalogReference.catalogItemId' });
      expect(requests).toHaveLength(0);
    });
  });

  describe('removeItems', () => {
    it('POSTs lineItemIds to remove-line-items', async () => {
      const { store, requests } = setup();
      await store.cart.removeItems(['line-1', 'line-2']);
      expect(sent(requests)).toMatchObject({
        method: 'POST',
        url: `${API}/ecom/v1/carts/current/remove-line-items`,
        body: { lineItemIds: ['line-1', 'line-2'] },
      });
    });

    it('refuses an empty list and an empty id before sending', async () => {
      const { store, requests } = setup();
      await expect(store.cart.removeItems([])).rejects.toMatchObject({ argument: 'lineItemIds' });
      await expect(store.cart.removeItems(['a', ''])).rejects.toMatchObject({
        argument: 'lineItemIds[1]',
      });
      expect(requests).toHaveLength(0);
    });
  });

  describe('createCheckout', () => {
    it('POSTs the checkout input and returns the checkout id', async () => {
      const { store, requests } = setup(() => json({ checkoutId: 'chk-1' }));
      const address = {
        country: 'US',
        city: 'New York',
        streetAddress: { name: 'Main', number: '1' },
      };
      await expect(
        store.cart.createCheckout({
          channelType: 'WEB',
          shippingAddress: address,
          billingAddress: address,
          selectedShippingOption: { code: 'standard' },
          email: 'shopper@example.com',
        }),
      ).resolves.toEqual({ checkoutId: 'chk-1' });
      expect(sent(requests)).toMatchObject({
        method: 'POST',
        url: `${API}/ecom/v1/carts/current/create-checkout`,
        body: {
          channelType: 'WEB',
          shippingAddress: address,
          billingAddress: address,
          selectedShippingOption: { code: 'standard' },
          email: 'shopper@example.com',
        },
      });
    });

    it('sends {} with no input', async () => {
      const { store, requests } = setup(() => json({ checkoutId: 'chk-1' }));
      await store.cart.createCheckout();
      expect(sent(requests).body).toEqual({});
    });
  });

  describe('removeCoupon', () => {
    it('POSTs {} to remove-coupon', async () => {
      const { store, requests } = setup();
      await store.cart.removeCoupon();
      expect(sent(requests)).toMatchObject({
        method: 'POST',
        url: `${API}/ecom/v1/carts/current/remove-coupon`,
        body: {},
      });
    });
  });

  describe('updateQuantities', () => {
    it('POSTs {id, quantity} pairs to update-line-items-quantity', async () => {
      const { store, requests } = setup();
      await store.cart.updateQuantities([
        { id: 'line-1', quantity: 3 },
        { id: 'line-2', quantity: 0 },
      ]);
      expect(sent(requests)).toMatchObject({
        method: 'POST',
        url: `${API}/ecom/v1/carts/current/update-line-items-quantity`,
        body: {
          lineItems: [
            { id: 'line-1', quantity: 3 },
            { id: 'line-2', quantity: 0 },
          ],
        },
      });
    });

    it('refuses negative and fractional quantities and empty ids before sending', async () => {
      const { store, requests } = setup();
      await expect(store.cart.updateQuantities([{ id: 'a', quantity: -1 }])).rejects.toMatchObject({
        argument: 'lineItems[0].quantity',
      });
      await expect(
        store.cart.updateQuantities([
          { id: 'a', quantity: 1 },
          { id: 'b', quantity: 0.5 },
        ]),
      ).rejects.toMatchObject({ argument: 'lineItems[1].quantity' });
      await expect(store.cart.updateQuantities([{ id: '', quantity: 1 }])).rejects.toMatchObject({
        argument: 'lineItems[0].id',
      });
      await expect(store.cart.updateQuantities([])).rejects.toBeInstanceOf(StoreArgumentError);
      expect(requests).toHaveLength(0);
    });
  });

  describe('estimateTotals', () => {
    it('POSTs the estimate input and returns the whole estimate', async () => {
      const estimate = {
        cart: CART,
        priceSummary: { total: { amount: '10' } },
        shippingInfo: {
          selectedCarrierServiceOption: {
            code: 'pickup',
            logistics: {
              pickupDetails: { pickupMethod: 'STORE_PICKUP' },
              deliveryTimeSlot: { from: '2026-01-01T10:00:00Z', to: '2026-01-01T12:00:00Z' },
            },
          },
        },
        membershipOptions: { eligibleMemberships: [{ id: 'm1', expirationDate: '2027-01-01' }] },
        appliedDiscounts: [{ discountType: 'GLOBAL', merchantDiscount: { percentage: 10 } }],
      };
      const { store, requests } = setup(() => json(estimate));
      const input = {
        selectedShippingOption: { code: 'pickup' },
        shippingAddress: { country: 'US' },
        billingAddress: { country: 'US' },
        selectedMemberships: { memberships: [{ id: 'm1', appId: 'app', lineItemIds: ['line-1'] }] },
      };
      await expect(store.cart.estimateTotals(input)).resolves.toEqual(estimate);
      expect(sent(requests)).toMatchObject({
        method: 'POST',
        url: `${API}/ecom/v1/carts/current/estimate-totals`,
        body: input,
      });
    });
  });

  describe('delete', () => {
    it('DELETEs the current cart on the API host', async () => {
      const { store, requests } = setup(() => json({}));
      await expect(store.cart.delete()).resolves.toBeUndefined();
      expect(sent(requests)).toEqual({
        method: 'DELETE',
        url: `${API}/ecom/v1/carts/current`,
        body: undefined,
        authorization: TOKEN,
      });
    });
  });

  describe('errors', () => {
    it('maps a refused field to a StoreValidationError', async () => {
      const { store } = setup(() =>
        json(
          {
            message: 'bad',
            details: {
              validationError: {
                fieldViolations: [{ field: 'lineItems[0].quantity', description: 'too many' }],
              },
            },
          },
          { status: 400 },
        ),
      );
      const error: unknown = await store.cart
        .addItems({ lineItems: [storesLineItem('p1', 1)] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreValidationError);
      expect((error as Error).message).toBe('INVALID_ARGUMENT: "lineItems[0].quantity" too many');
    });

    it('maps a 404 to a StoreClientError', async () => {
      const { store } = setup(() => json({ message: 'nope' }, { status: 404 }));
      await expect(store.cart.removeCoupon()).rejects.toBeInstanceOf(StoreClientError);
    });
  });
});

describe('cart-api keepalive', () => {
  /** Whether each request was sent with fetch's keepalive. */
  function keepaliveOf(run: (store: ReturnType<typeof setup>['store']) => Promise<unknown>) {
    const keptAlive: boolean[] = [];
    const { store } = setup((request) => {
      keptAlive.push(request.keepalive);
      return json({ cart: CART });
    });
    return run(store).then(() => keptAlive);
  }

  it('sends a change with keepalive only when asked, the wire otherwise unchanged', async () => {
    const line = storesLineItem('p1', 1);
    await expect(
      keepaliveOf((store) => store.cart.addItems({ lineItems: [line] })),
    ).resolves.toEqual([false]);
    await expect(
      keepaliveOf((store) => store.cart.addItems({ lineItems: [line] }, { keepalive: true })),
    ).resolves.toEqual([true]);
    await expect(
      keepaliveOf((store) => store.cart.removeItems(['line-1'], { keepalive: true })),
    ).resolves.toEqual([true]);
  });

  it('sends a body over 48 KiB without keepalive, which browsers refuse for it', async () => {
    const lineItems = Array.from({ length: 400 }, (_, index) =>
      storesLineItem(`product-${index}-${'x'.repeat(40)}`, 1, {
        options: { Note: 'y'.repeat(40) },
      }),
    );
    await expect(
      keepaliveOf((store) => store.cart.addItems({ lineItems }, { keepalive: true })),
    ).resolves.toEqual([false]);
  });
});

describe('catalog-reference', () => {
  describe('storesCatalogReference', () => {
    it('points at the stores catalog, with options only when given', () => {
      expect(storesCatalogReference('p1')).toEqual({ catalogItemId: 'p1', appId: STORES_APP_ID });
      expect(
        storesCatalogReference('p1', { options: { Size: 'L' }, customTextFields: { Name: 'A' } }),
      ).toEqual({
        catalogItemId: 'p1',
        appId: STORES_APP_ID,
        options: { options: { Size: 'L' }, customTextFields: { Name: 'A' } },
      });
    });
  });
});

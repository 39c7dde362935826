/**
 * Every Cart V2 call the cart makes, on the wire as the platform's official client
 * (`currentCartV2`, exact version) sends it: each operation is made by both against a stub
 * `fetch`, and the requests the platform would read (method, path, query, JSON body) are
 * compared. The SDK's go to the API host; the official client's visitor calls go to its edge.
 */
import { describe, expect, it } from 'vitest';
import {
  expectSameWire,
  type Answer,
  type OfficialClients,
  type SdkClients,
} from '../../__tests__/official-wire.js';
import { storesLineItem } from '../catalog-reference.js';

const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/** A cart with one line and one coupon, as every Cart V2 call answers it. */
const CART = {
  id: 'cart-1',
  revision: '4',
  lineItems: [
    {
      id: 'line-1',
      name: { original: 'Brass ruler' },
      quantityInfo: { requestedQuantity: 2, confirmedQuantity: 2 },
      pricing: { unitPrice: { amount: '12.5' }, totalPrice: { amount: '25' } },
      source: { catalogReference: { catalogItemId: 'p1', appId: STORES } },
    },
  ],
  coupons: [{ id: 'coupon-9', code: 'SAVE5' }],
  businessInfo: { currencyCode: 'USD' },
};

const ANSWER: Answer = () => ({ cart: CART, summary: { cartId: 'cart-1' } });

/** Both sides of one operation, the official client's first. */
type Case = [
  string,
  (clients: OfficialClients) => Promise<unknown>,
  (clients: SdkClients) => Promise<unknown>,
];

const V3_LINE = storesLineItem('p1', 2, { variantId: 'v-large' });
const V1_LINE = storesLineItem('p2', 1, {
  options: { Size: 'L' },
  customTextFields: { Note: 'Hi' },
});

const CASES: Case[] = [
  [
    'reads the current cart',
    ({ visitor }) => visitor.currentCartV2.getCurrentCart(),
    ({ visitor }) => visitor.cart.get(),
  ],
  [
    'adds catalog items (a V3 variant by id, V1 choices by name)',
    ({ visitor }) =>
      visitor.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [V3_LINE, V1_LINE] }),
    ({ visitor }) => visitor.cart.addItems({ lineItems: [V3_LINE, V1_LINE] }),
  ],
  [
    'sets quantities',
    ({ visitor }) =>
      visitor.currentCartV2.updateLineItemsInCurrentCart({
        lineItems: [{ lineItemId: 'line-1', quantity: { newQuantity: 3 } }],
      }),
    ({ visitor }) => visitor.cart.updateQuantities([{ id: 'line-1', quantity: 3 }]),
  ],
  [
    'removes lines',
    ({ visitor }) => visitor.currentCartV2.removeLineItemsFromCurrentCart(['line-1', 'line-2']),
    ({ visitor }) => visitor.cart.removeItems(['line-1', 'line-2']),
  ],
  [
    'adds a coupon by its code',
    ({ visitor }) => visitor.currentCartV2.addCouponToCurrentCart({ code: 'SAVE5' }),
    ({ visitor }) => visitor.cart.update({ couponCode: 'SAVE5' }),
  ],
  [
    'removes the coupon by its id (the cart read first, for its id)',
    async ({ visitor }) => {
      const { cart } = await visitor.currentCartV2.getCurrentCart();
      return visitor.currentCartV2.removeCouponFromCurrentCart(cart!.coupons![0]!._id!);
    },
    ({ visitor }) => visitor.cart.removeCoupon(),
  ],
  [
    "changes the buyer's note",
    ({ visitor }) => visitor.currentCartV2.updateCurrentCart({ note: 'Gift wrap, please' }),
    ({ visitor }) => visitor.cart.update({ cartInfo: { buyerNote: 'Gift wrap, please' } }),
  ],
  [
    'sets the delivery method',
    ({ visitor }) => visitor.currentCartV2.setDeliveryMethodForCurrentCart({ code: 'express' }),
    ({ visitor }) =>
      visitor.cart.update({ cartInfo: { selectedShippingOption: { code: 'express' } } }),
  ],
  [
    'estimates with tax and delivery',
    ({ visitor }) =>
      visitor.currentCartV2.estimateCurrentCart({ calculateTax: true, calculateDelivery: true }),
    ({ visitor }) => visitor.cart.estimateTotals(),
  ],
  [
    'deletes the current cart',
    ({ visitor }) => visitor.currentCartV2.deleteCurrentCart(),
    ({ visitor }) => visitor.cart.delete(),
  ],
];

describe('Cart V2 on the wire, as the official client sends it', () => {
  it.each(CASES)('%s', async (_, official, sdk) => {
    const wire = await expectSameWire(official, sdk, ANSWER);
    for (const request of wire) expect(request.path).toMatch(/^\/ecom\/v2\/carts\/current/);
  });

  it('covers every Cart V2 path the cart uses', async () => {
    const paths = new Set<string>();
    for (const [, official, sdk] of CASES) {
      for (const request of await expectSameWire(official, sdk, ANSWER)) {
        paths.add(`${request.method} ${request.path}`);
      }
    }
    expect([...paths].sort()).toEqual([
      'DELETE /ecom/v2/carts/current',
      'GET /ecom/v2/carts/current',
      'PATCH /ecom/v2/carts/current',
      'POST /ecom/v2/carts/current/add-coupon',
      'POST /ecom/v2/carts/current/add-line-items',
      'POST /ecom/v2/carts/current/estimate',
      'POST /ecom/v2/carts/current/remove-coupon',
      'POST /ecom/v2/carts/current/remove-line-items',
      'POST /ecom/v2/carts/current/set-delivery-method',
      'POST /ecom/v2/carts/current/update-line-items',
    ]);
  });
});

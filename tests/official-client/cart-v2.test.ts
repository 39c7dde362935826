/**
 * Cart V2 through the platform's official client (`@wix/auto_sdk_ecom_current-cart-v-2` and
 * `@wix/auto_sdk_ecom_cart-v-2`, 1.0.202, unchanged) against the emulator.
 *
 * Operations covered: 38 — all 18 functions of currentCartV2 and 20 of cartV2's 22 (not
 * `markCartAsCompleted` and `handleAsyncCheckoutCompletion`, a payment provider's calls the
 * emulator does not serve). Two of them, the upsell options, are exported at run time but left out
 * of the modules' typings (their answers are typed). Plus a shopper's journey from a variant in the cart to the order in
 * the member's account. The clients record every function called; the last test checks the list.
 */
import * as cartV2 from '@wix/auto_sdk_ecom_cart-v-2';
import * as currentCartV2 from '@wix/auto_sdk_ecom_current-cart-v-2';
import * as orders from '@wix/auto_sdk_ecom_orders';
import { ApiKeyStrategy, OAuthStrategy, createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './src/harness.js';
import { STORES_APP_ID, modules, refusal, signIn, startHarness } from './src/harness.js';

const v2Modules = { ...modules, currentCartV2, cartV2, orders };

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

/** `module.function` of every Cart V2 call the tests made, answered or refused. */
const called = new Set<string>();

/** The client, its Cart V2 modules recording each call in `called`. */
function recording<Client extends object>(client: Client): Client {
  const modules = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (key !== 'currentCartV2' && key !== 'cartV2') return value;
      if (!modules.has(key)) {
        const module = value as Record<string, unknown>;
        modules.set(
          key,
          new Proxy(module, {
            get(namespace, name) {
              const fn: unknown = Reflect.get(namespace, name);
              if (typeof fn !== 'function') return fn;
              return (...args: unknown[]) => {
                called.add(`${String(key)}.${String(name)}`);
                return (fn as (...a: unknown[]) => unknown).apply(namespace, args);
              };
            },
          }),
        );
      }
      return modules.get(key);
    },
  });
}

function shopper() {
  return recording(
    createClient({ modules: v2Modules, auth: OAuthStrategy({ clientId: harness.clientId }) }),
  );
}
type Shopper = ReturnType<typeof shopper>;

function merchant() {
  return recording(
    createClient({
      modules: v2Modules,
      auth: ApiKeyStrategy({ apiKey: harness.emulator.apiKey, siteId: 'vitrine-emulator' }),
    }),
  );
}

/** The upsell calls, which the modules export but their typings leave out. */
interface Upsells {
  currentCartV2: {
    getUpsellOptionsForCurrentCart(): Promise<currentCartV2.GetUpsellOptionsForCurrentCartResponse>;
  };
  cartV2: { getUpsellOptions(cartId: string): Promise<cartV2.GetUpsellOptionsResponse> };
}

/** The seeded T-shirt and its black M variant. */
async function tee(client: Shopper) {
  const { items } = await client.products.queryProducts().eq('slug', 'classic-crew-tee').find();
  const product = items[0]!;
  const variant = product.variants!.find(
    (v) => v.choices?.Size === 'M' && v.choices.Color === 'Black',
  )!;
  return { product, variant };
}

async function teeItem(client: Shopper, quantity = 2) {
  const { product, variant } = await tee(client);
  return {
    catalogReference: {
      catalogItemId: product._id!,
      appId: STORES_APP_ID,
      options: { variantId: variant._id },
    },
    quantity,
  };
}

/** What the typings mark as always present on every answered cart. */
function expectWholeCart(cart: currentCartV2.Cart) {
  expect(cart._id).toMatch(/^[0-9a-f-]{36}$/);
  expect(cart.revision).toMatch(/^\d+$/);
  expect(cart.businessInfo).toEqual({ languageCode: 'en', currencyCode: 'USD' });
  expect(cart.customerInfo!.currencyCode).toBe('USD');
  expect(cart.deliveryInfo!.weightUnit).toBe('KG');
  expect(cart.taxInfo!.pricesIncludeTax).toBe(false);
  expect(cart.paymentInfo).toMatchObject({ giftCards: [], currencyCode: 'USD' });
  expect(typeof cart.orderPlaced).toBe('boolean');
  expect(typeof cart.currentCart).toBe('boolean');
  expect(cart.demo).toBe(false);
  expect(cart._createdDate).toBeInstanceOf(Date);
  expect(cart._updatedDate).toBeInstanceOf(Date);
  for (const line of cart.lineItems!) {
    expect(line._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(line.name!.original).toEqual(expect.any(String));
    expect(line.quantityInfo).toMatchObject({
      requestedQuantity: expect.any(Number),
      confirmedQuantity: expect.any(Number),
      fixedQuantity: false,
    });
    expect(line.pricing!.unitPrice).toEqual({
      amount: expect.any(String),
      convertedAmount: expect.any(String),
    });
    expect(line.source!.catalogReference!.appId).toEqual(expect.any(String));
    expect(line.attributes!.physicalProperties!.shippable).toEqual(expect.any(Boolean));
    expect(line.status).toMatch(
      /^(IN_STOCK|PARTIALLY_IN_STOCK|OUT_OF_STOCK|REMOVED_FROM_CATALOG)$/,
    );
  }
}

describe('currentCartV2 (/ecom/v2/carts/current)', () => {
  it('getCurrentCart before any cart: OWNED_CART_NOT_FOUND', async () => {
    expect(await refusal(shopper().currentCartV2.getCurrentCart())).toBe('OWNED_CART_NOT_FOUND');
  });

  it('createCurrentCart, getCurrentCart, updateCurrentCart, refreshCurrentCart, deleteCurrentCart', async () => {
    const client = shopper();
    const { cart } = await client.currentCartV2.createCurrentCart({
      catalogItems: [await teeItem(client)],
      coupons: [{ code: 'WELCOME10' }],
      deliveryMethod: { code: 'standard' },
    });
    expectWholeCart(cart!);
    expect(cart!.currentCart).toBe(true);
    expect(cart!.coupons).toEqual([{ _id: expect.any(String), code: 'WELCOME10' }]);
    expect(cart!.deliveryInfo!.method).toMatchObject({ code: 'standard', pickup: false });
    expect(cart!.lineItems![0]!.pricing!.totalPrice!.amount).toBe('48');
    const got = await client.currentCartV2.getCurrentCart();
    expect(got.cart!._id).toBe(cart!._id);
    const updated = await client.currentCartV2.updateCurrentCart({
      note: 'Ring twice',
      deliveryInfo: { address: { country: 'US', city: 'Boston', postalCode: '02110' } },
    });
    expect(updated.cart!.note).toBe('Ring twice');
    expect(updated.cart!.deliveryInfo!.address!.country).toBe('US');
    expect(Number(updated.cart!.revision)).toBeGreaterThan(Number(cart!.revision));
    expect((await client.currentCartV2.refreshCurrentCart()).cart!._id).toBe(cart!._id);
    await client.currentCartV2.deleteCurrentCart();
    expect(await refusal(client.currentCartV2.getCurrentCart())).toBe('OWNED_CART_NOT_FOUND');
  });

  it('addLineItemsToCurrentCart, updateLineItemsInCurrentCart, removeLineItemsFromCurrentCart', async () => {
    const client = shopper();
    const { cart } = await client.currentCartV2.addLineItemsToCurrentCart({
      catalogItems: [await teeItem(client, 1)],
      customItems: [
        {
          name: { original: 'Gift wrap' },
          quantityInfo: { requestedQuantity: 1 },
          pricing: { price: { amount: '3.5' } },
          attributes: { itemType: { preset: 'DIGITAL' } },
        },
      ],
    });
    expectWholeCart(cart!);
    const [line, wrap] = cart!.lineItems!;
    expect(wrap).toMatchObject({ customLineItem: true, pricing: { unitPrice: { amount: '3.5' } } });
    const changed = await client.currentCartV2.updateLineItemsInCurrentCart({
      lineItems: [{ lineItemId: line!._id!, quantity: { newQuantity: 3 } }],
    });
    expect(changed.cart!.lineItems![0]!.quantityInfo!.requestedQuantity).toBe(3);
    const removed = await client.currentCartV2.removeLineItemsFromCurrentCart([wrap!._id!]);
    expect(removed.cart!.lineItems!.map((l) => l._id)).toEqual([line!._id]);
    expect(await refusal(client.currentCartV2.removeLineItemsFromCurrentCart([wrap!._id!]))).toBe(
      'LINE_ITEM_NOT_FOUND_IN_CART',
    );
  });

  it('addCouponToCurrentCart and removeCouponFromCurrentCart, with the coupon errors', async () => {
    const client = shopper();
    await client.currentCartV2.addLineItemsToCurrentCart({
      catalogItems: [await teeItem(client, 1)],
    });
    expect(await refusal(client.currentCartV2.addCouponToCurrentCart({ code: 'NOPE' }))).toBe(
      'INVALID_COUPON_CODE',
    );
    // $24 is below SAVE5's $25 minimum.
    expect(await refusal(client.currentCartV2.addCouponToCurrentCart({ code: 'SAVE5' }))).toBe(
      'INVALID_COUPON_STATUS',
    );
    const { cart } = await client.currentCartV2.addCouponToCurrentCart({ code: 'WELCOME10' });
    const coupon = cart!.coupons![0]!;
    expect(coupon.code).toBe('WELCOME10');
    expect(await refusal(client.currentCartV2.addCouponToCurrentCart({ code: 'WELCOME10' }))).toBe(
      'COUPON_ALREADY_EXISTS',
    );
    const after = await client.currentCartV2.removeCouponFromCurrentCart(coupon._id!);
    expect(after.cart!.coupons).toEqual([]);
    expect(await refusal(client.currentCartV2.removeCouponFromCurrentCart(coupon._id!))).toBe(
      'COUPON_NOT_FOUND_IN_CART',
    );
  });

  it('set/removeDeliveryMethod, estimateCurrentCart and calculateCurrentCart', async () => {
    const client = shopper();
    await client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [await teeItem(client)] });
    await client.currentCartV2.updateCurrentCart({ deliveryInfo: { address: { country: 'US' } } });
    const set = await client.currentCartV2.setDeliveryMethodForCurrentCart({ code: 'express' });
    expect(set.cart!.deliveryInfo!.method).toMatchObject({ code: 'express', pickup: false });
    expect(
      await refusal(client.currentCartV2.setDeliveryMethodForCurrentCart({ code: 'teleport' })),
    ).toBe('DELIVERY_METHOD_NOT_FOUND');
    const { summary } = await client.currentCartV2.estimateCurrentCart({
      calculateDelivery: true,
      calculateTax: true,
    });
    // $48, express $14.99, 8% US tax on both: $5.0392 → $5.04.
    expect(summary!.priceSummary).toMatchObject({
      subtotal: { amount: '48' },
      discount: { amount: '0' },
      delivery: { amount: '14.99' },
      tax: { amount: '5.04' },
      total: { amount: '68.03' },
    });
    expect(summary!.deliverySummary!.method!.code).toBe('express');
    const calculated = await client.currentCartV2.calculateCurrentCart();
    expect(calculated.summary!.priceSummary!.total!.amount).toBe('68.03');
    expect(calculated.summary!.priceVerificationToken).toEqual(expect.any(String));
    const removed = await client.currentCartV2.removeDeliveryMethodFromCurrentCart();
    expect(removed.cart!.deliveryInfo!.method).toBeUndefined();
  });

  it('getUpsellOptionsForCurrentCart: none offered; no cart, no options', async () => {
    const client = shopper();
    const upsells = (client as unknown as Upsells).currentCartV2;
    expect(await refusal(upsells.getUpsellOptionsForCurrentCart())).toBe('OWNED_CART_NOT_FOUND');
    await client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [await teeItem(client)] });
    expect(await upsells.getUpsellOptionsForCurrentCart()).toEqual({
      itemsUpsells: [],
    });
  });

  it('add/removeGiftCardToCurrentCart refuse unknown gift cards; updateFormSubmissionsInCurrentCart', async () => {
    const client = shopper();
    await client.currentCartV2.addLineItemsToCurrentCart({
      catalogItems: [await teeItem(client, 1)],
    });
    expect(
      await refusal(client.currentCartV2.addGiftCardToCurrentCart({ code: 'GIFT-0000-1234' })),
    ).toBe('INVALID_GIFT_CARD_CODE');
    expect(
      await refusal(client.currentCartV2.removeGiftCardFromCurrentCart(crypto.randomUUID())),
    ).toBe('GIFT_CARD_NOT_FOUND_IN_CART');
    const { cart } = await client.currentCartV2.updateFormSubmissionsInCurrentCart({
      formSubmissions: [{ _id: crypto.randomUUID(), formSubmissionId: crypto.randomUUID() }],
    });
    expectWholeCart(cart!);
  });
});

describe('cartV2 by id (/ecom/v2/carts/{cartId})', () => {
  it('a visitor: createCart and every change by id on their own cart, none on another', async () => {
    const client = shopper();
    const cart = await client.cartV2.createCart({ catalogItems: [await teeItem(client)] });
    const id = cart._id!;
    expectWholeCart(cart);
    expect(cart.currentCart).toBe(false);
    expect((await client.cartV2.getCart(id))._id).toBe(id);
    expect((await client.cartV2.updateCart(id, { note: 'By id' })).note).toBe('By id');
    expect((await client.cartV2.refreshCart(id)).cart!._id).toBe(id);
    const line = (
      await client.cartV2.addLineItems(id, { catalogItems: [await teeItem(client, 1)] })
    ).cart!.lineItems![0]!;
    expect(line.quantityInfo!.requestedQuantity).toBe(3);
    await client.cartV2.updateLineItems(id, {
      lineItems: [{ lineItemId: line._id!, quantity: { newQuantity: 2 } }],
    });
    const couponed = await client.cartV2.addCoupon(id, { code: 'SAVE5' });
    await client.cartV2.removeCoupon(id, couponed.cart!.coupons![0]!._id!);
    await client.cartV2.setDeliveryMethod(id, { code: 'pickup' });
    await client.cartV2.removeDeliveryMethod(id);
    expect(await refusal(client.cartV2.addGiftCard(id, { code: 'GIFT-0000-1234' }))).toBe(
      'INVALID_GIFT_CARD_CODE',
    );
    expect(await refusal(client.cartV2.removeGiftCard(id, crypto.randomUUID()))).toBe(
      'GIFT_CARD_NOT_FOUND_IN_CART',
    );
    await client.cartV2.updateFormSubmissions(id, {
      formSubmissions: [{ _id: crypto.randomUUID(), formSubmissionId: crypto.randomUUID() }],
    });
    const estimate = await client.cartV2.estimateCart(id, { calculateDelivery: true });
    expect(estimate.summary!.priceSummary!.subtotal!.amount).toBe('48');
    expect((await client.cartV2.calculateCart(id)).summary!.cartId).toBe(id);
    const upsells = (client as unknown as Upsells).cartV2;
    expect((await upsells.getUpsellOptions(id)).itemsUpsells).toEqual([]);
    expect(await refusal(shopper().cartV2.getCart(id))).toBe('NOT_FOUND');
    const removed = await client.cartV2.removeLineItems(id, [line._id!]);
    expect(removed.cart!.lineItems).toEqual([]);
    await client.cartV2.deleteCart(id);
    expect(await refusal(client.cartV2.getCart(id))).toBe('NOT_FOUND');
  });

  it("the API key reaches a shopper's cart: getCheckoutUrl and placeOrder", async () => {
    const client = shopper();
    const { cart } = await client.currentCartV2.addLineItemsToCurrentCart({
      catalogItems: [await teeItem(client, 1)],
    });
    const app = merchant();
    expect((await app.cartV2.getCart(cart!._id!))._id).toBe(cart!._id);
    const { checkoutUrl } = await app.cartV2.getCheckoutUrl(cart!._id!);
    expect(checkoutUrl).toMatch(/\/checkout\?redirectSessionId=/);
    expect((await fetch(checkoutUrl!)).status).toBe(200);
    const placed = await app.cartV2.placeOrder(cart!._id!);
    expect(placed).toMatchObject({ orderId: expect.any(String), completed: true });
    const after = await app.cartV2.getCart(cart!._id!);
    expect(after).toMatchObject({ orderPlaced: true, orderId: placed.orderId, currentCart: false });
    expect(await refusal(app.cartV2.placeOrder(cart!._id!))).toBe('CART_ALREADY_ORDERED');
  });
});

describe('journey: a variant to the order in the member account', () => {
  it('adds a variant, changes the quantity, a coupon, estimate, delivery, checkout page, order', async () => {
    const client = shopper();
    const email = 'cart-v2-journey@example.com';
    await client.authentication.registerV2({ email }, { password: 'Correct-Horse-9' });
    await signIn(harness, client, email, 'Correct-Horse-9');
    const { cart } = await client.currentCartV2.addLineItemsToCurrentCart({
      catalogItems: [await teeItem(client, 1)],
    });
    const line = cart!.lineItems![0]!;
    expect(line.attributes!.descriptionLines!.map((d) => d.name!.original)).toEqual([
      'Size',
      'Color',
    ]);
    await client.currentCartV2.updateLineItemsInCurrentCart({
      lineItems: [{ lineItemId: line._id!, quantity: { newQuantity: 2 } }],
    });
    await client.currentCartV2.addCouponToCurrentCart({ code: 'WELCOME10' });
    const { summary } = await client.currentCartV2.estimateCurrentCart({ calculateDelivery: true });
    expect(summary!.priceSummary).toMatchObject({
      subtotal: { amount: '48' },
      discount: { amount: '4.8' },
    });
    await client.currentCartV2.updateCurrentCart({ deliveryInfo: { address: { country: 'CA' } } });
    await client.currentCartV2.setDeliveryMethodForCurrentCart({ code: 'standard' });
    // The cart's id doubles as its checkout id (the platform's sample code opens it so).
    const { redirectSession } = await client.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: cart!._id! },
      callbacks: { thankYouPageUrl: harness.shopUrl },
    });
    const page = await fetch(redirectSession!.fullUrl!);
    const html = await page.text();
    expect(html).toContain('Classic Crew Tee');
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    const placed = await fetch(new URL('/checkout', redirectSession!.fullUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, intent: 'place' }).toString(),
      redirect: 'manual',
    });
    expect(placed.status).toBe(303);
    const orderId = new URL(placed.headers.get('location')!).searchParams.get('orderId')!;
    const { orders: mine } = await client.orders.searchOrders({});
    expect(mine!.map((o) => o._id)).toContain(orderId);
    expect(await refusal(client.currentCartV2.getCurrentCart())).toBe('OWNED_CART_NOT_FOUND');
  });
});

describe('coverage', () => {
  // A payment provider's calls, which the emulator does not serve.
  const notServed = new Set(['cartV2.markCartAsCompleted', 'cartV2.handleAsyncCheckoutCompletion']);
  /** The module's calls: its exported functions but the event handlers (`onCartCreated`…). */
  const operations = (name: string, module: Record<string, unknown>) =>
    Object.keys(module)
      .filter((key) => typeof module[key] === 'function' && !/^on[A-Z]/.test(key))
      .map((key) => `${name}.${key}`)
      .filter((operation) => !notServed.has(operation));

  it('calls every operation of currentCartV2 and cartV2 the emulator serves: 38', () => {
    const all = [...operations('currentCartV2', currentCartV2), ...operations('cartV2', cartV2)];
    console.log(`official-client Cart V2 operations covered: ${called.size} of ${all.length}`);
    expect(all.filter((operation) => !called.has(operation))).toEqual([]);
    expect(called.size).toBe(38);
  });
});

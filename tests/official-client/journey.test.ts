/**
 * A shopper's visit written with the platform's official client, as a headless shop on it does
 * it, against the emulator: a visitor browses the catalog, fills a cart, applies a coupon, opens
 * the hosted checkout, signs up, signs in with the cart carried into the member's cart, and signs
 * out. The steps run in order and share the shopper; a refused call fails its step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness, ShopperClient } from './src/harness.js';
import { STORES_APP_ID, shopperClient, signIn, startHarness } from './src/harness.js';

let harness: Harness;
let shopper: ShopperClient;

beforeAll(async () => {
  harness = await startHarness();
  shopper = shopperClient();
});
afterAll(async () => {
  await harness.close();
});

const EMAIL = 'journey@example.com';
const PASSWORD = 'Correct-Horse-9';

describe('a shopper on the official client', () => {
  let teeId: string;
  let variantId: string;
  let headlampId: string;
  let visitorCartId: string;
  let memberToken: string;

  it('arrives as a visitor with tokens of their own', async () => {
    shopper.auth.setTokens(await shopper.auth.generateVisitorTokens());
    expect(shopper.auth.getTokens().refreshToken.role).toBe('visitor');
    expect(shopper.auth.loggedIn()).toBe(false);
  });

  it('browses a collection and opens a product with managed variants', async () => {
    const { items: collections } = await shopper.collections.queryCollections().find();
    expect(collections.map((c) => c.slug)).toContain('apparel');
    const { collection } = await shopper.products.getCollectionBySlug('apparel');
    const { items } = await shopper.products
      .queryProducts()
      .hasSome('collectionIds', [collection!._id!])
      .ascending('name')
      .find();
    expect(items).toHaveLength(10);
    // The product page reads the variants from the query's answer.
    const tee = items.find((p) => p.slug === 'classic-crew-tee')!;
    expect(tee.variants!.map((v) => v.choices)).toContainEqual({ Size: 'M', Color: 'Black' });
    const availability = await shopper.products.getProductOptionsAvailability(tee._id!, {
      Size: 'M',
      Color: 'Black',
    });
    expect(availability.availableForPurchase).toBe(true);
    teeId = tee._id!;
    variantId = tee.variants!.find(
      (v) => v.choices?.Size === 'M' && v.choices.Color === 'Black',
    )!._id!;
    const { items: found } = await shopper.products.queryProducts().eq('slug', 'headlamp').find();
    headlampId = found[0]!._id!;
  });

  it('fills a cart', async () => {
    const { cart } = await shopper.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: { catalogItemId: teeId, appId: STORES_APP_ID, options: { variantId } },
          quantity: 1,
        },
        { catalogReference: { catalogItemId: headlampId, appId: STORES_APP_ID }, quantity: 2 },
      ],
    });
    expect(cart!.lineItems!.map((l) => l.quantity)).toEqual([1, 2]);
    visitorCartId = cart!._id!;
  });

  it('applies a coupon and sees it in the totals', async () => {
    const cart = await shopper.currentCart.updateCurrentCart({ couponCode: 'WELCOME10' });
    expect(cart.appliedDiscounts![0]!.coupon!.code).toBe('WELCOME10');
    const estimate = await shopper.currentCart.estimateCurrentCartTotals({});
    // $24 + 2 × $39 = $102, 10% off.
    expect(estimate.priceSummary!.subtotal!.amount).toBe('102');
    expect(estimate.priceSummary!.discount!.amount).toBe('10.2');
  });

  it('opens the hosted checkout', async () => {
    const { checkoutId } = await shopper.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
    });
    const { redirectSession } = await shopper.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId! },
      callbacks: { postFlowUrl: harness.shopUrl },
    });
    const page = await fetch(redirectSession!.fullUrl!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Headlamp');
  });

  it('signs up', async () => {
    const result = await shopper.auth.register({ email: EMAIL, password: PASSWORD });
    expect(result.loginState).toBe('SUCCESS');
    // Signing up does not sign the visitor in: the tokens are still the visitor's.
    expect(shopper.auth.loggedIn()).toBe(false);
  });

  it('signs in, and carries the visitor cart and its coupon into the member cart', async () => {
    const visitorCart = await shopper.currentCart.getCurrentCart();
    await signIn(harness, shopper, EMAIL, PASSWORD);
    expect(shopper.auth.loggedIn()).toBe(true);
    memberToken = shopper.auth.getTokens().accessToken.value;
    // The member starts without a cart; the shop adds the visitor's lines and coupon to theirs.
    const { cart } = await shopper.currentCart.addToCurrentCart({
      lineItems: visitorCart.lineItems!.map((line) => ({
        catalogReference: line.catalogReference!,
        quantity: line.quantity!,
      })),
    });
    const coupon = visitorCart.appliedDiscounts![0]!.coupon!.code!;
    const withCoupon = await shopper.currentCart.updateCurrentCart({ couponCode: coupon });
    expect(withCoupon._id).toBe(cart!._id);
    expect(withCoupon._id).not.toBe(visitorCartId);
    expect(
      withCoupon.lineItems!.map((l) => [l.catalogReference!.catalogItemId, l.quantity]),
    ).toEqual([
      [teeId, 1],
      [headlampId, 2],
    ]);
    expect(withCoupon.lineItems![0]!.catalogReference!.options).toMatchObject({ variantId });
    expect(withCoupon.appliedDiscounts![0]!.coupon!.code).toBe('WELCOME10');
  });

  it('signs out: the session ends and the next call is a new visitor without a cart', async () => {
    const { logoutUrl } = await shopper.auth.logout(harness.shopUrl);
    expect(await (await fetch(logoutUrl)).json()).toEqual({ shopPage: '/' });
    expect(shopper.auth.loggedIn()).toBe(false);
    const revoked = await fetch(`${harness.emulator.url}/ecom/v1/carts/current`, {
      headers: { Authorization: memberToken },
    });
    expect(revoked.status).toBe(401);
    await expect(shopper.currentCart.getCurrentCart()).rejects.toMatchObject({
      details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } },
    });
    expect(shopper.auth.getTokens().refreshToken.role).toBe('visitor');
  });
});

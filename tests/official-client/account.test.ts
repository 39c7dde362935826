/**
 * What storefronts on the official client read for a shopper's account and their cart, made with
 * the official client itself (`@wix/auto_sdk_members_members`, `@wix/auto_sdk_ecom_orders`,
 * `@wix/auto_sdk_ecom_recommendations` and `@wix/sdk`'s `media`, exact versions) against the
 * emulator: image ids that resolve where `media.getImageUrl` points, the signed-in member, their
 * orders after a hosted checkout (never another member's), and cart recommendations.
 */
import * as orders from '@wix/auto_sdk_ecom_orders';
import * as recommendations from '@wix/auto_sdk_ecom_recommendations';
import * as members from '@wix/auto_sdk_members_members';
import { ApiKeyStrategy, OAuthStrategy, createClient, media } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './src/harness.js';
import { STORES_APP_ID, modules, refusal, signIn, startHarness } from './src/harness.js';

/** The official client with this file's modules beside the suite's. */
const accountModules = { ...modules, members, orders, recommendations };

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

function shopper() {
  return createClient({
    modules: accountModules,
    auth: OAuthStrategy({ clientId: harness.clientId }),
  });
}
type Shopper = ReturnType<typeof shopper>;

function merchant() {
  return createClient({
    modules: accountModules,
    auth: ApiKeyStrategy({ apiKey: harness.emulator.apiKey, siteId: 'vitrine-emulator' }),
  });
}

let serial = 0;
/** A new member, signed in, with their login email. */
async function member(firstName: string): Promise<{ client: Shopper; email: string }> {
  serial += 1;
  const email = `account${serial}@example.com`;
  const client = shopper();
  await client.authentication.registerV2(
    { email },
    { password: 'Correct-Horse-9', profile: { firstName } },
  );
  await signIn(harness, client, email, 'Correct-Horse-9');
  return { client, email };
}

/** A seeded product without options, by slug. */
async function product(client: Shopper, slug: string) {
  const { items } = await client.products.queryProducts().eq('slug', slug).find();
  return items[0]!;
}

/** Adds one unit of `slug` and buys the cart on the hosted checkout page; the order's id. */
async function buy(client: Shopper, slug: string): Promise<string> {
  const item = await product(client, slug);
  await client.currentCart.addToCurrentCart({
    lineItems: [
      { catalogReference: { catalogItemId: item._id!, appId: STORES_APP_ID }, quantity: 1 },
    ],
  });
  const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
    channelType: 'WEB',
    shippingAddress: { country: 'US' },
    selectedShippingOption: { code: 'standard' },
  });
  const { redirectSession } = await client.redirects.createRedirectSession({
    ecomCheckout: { checkoutId: checkoutId! },
    callbacks: { thankYouPageUrl: harness.callbackUrl },
  });
  const page = await (await fetch(redirectSession!.fullUrl!)).text();
  const form = new URLSearchParams();
  for (const [, name, value] of page.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  ))
    form.set(
      name!,
      value!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))),
    );
  const placed = await fetch(`${harness.emulator.url}/checkout`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const orderId = new URL(placed.headers.get('location')!).searchParams.get('orderId');
  if (!orderId) throw new Error(`no order placed: ${placed.status}`);
  return orderId;
}

/** The emulator's answer for the path of a platform media URL. */
async function served(platformUrl: string): Promise<Response> {
  const { pathname } = new URL(platformUrl);
  return fetch(`${harness.emulator.url}${pathname}`);
}

describe('images', () => {
  it("a cart line's image id leads media.getImageUrl to a file the emulator serves", async () => {
    const client = shopper();
    const socks = await product(client, 'everyday-socks-3-pack');
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [
        { catalogReference: { catalogItemId: socks._id!, appId: STORES_APP_ID }, quantity: 1 },
      ],
    });
    const image = cart!.lineItems![0]!.image!;
    expect(image).toMatch(
      /^wix:image:\/\/v1\/everyday-socks-3-pack\.webp#originWidth=800&originHeight=800$/,
    );
    const { url, width, height } = media.getImageUrl(image);
    expect([url, width, height]).toEqual([
      'https://static.wixstatic.com/media/everyday-socks-3-pack.webp',
      800,
      800,
    ]);
    const file = await served(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a sized URL of media.getScaledToFillImageUrl is served at the size asked for', async () => {
    const admin = merchant();
    const brass = await product(shopper(), 'brass-ruler');
    await admin.products.addProductMedia(brass._id!, [{ mediaId: 'brass-ruler-studio.jpg' }]);
    const client = shopper();
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [
        { catalogReference: { catalogItemId: brass._id!, appId: STORES_APP_ID }, quantity: 1 },
      ],
    });
    // The line shows the product's first image; the new one is its second.
    expect(cart!.lineItems![0]!.image).toMatch(/^wix:image:\/\/v1\/brass-ruler\.webp#/);
    const sized = media.getScaledToFillImageUrl(
      'wix:image://v1/brass-ruler-studio.jpg#originWidth=800&originHeight=800',
      200,
      150,
      {},
    );
    expect(sized).toMatch(
      /^https:\/\/static\.wixstatic\.com\/media\/brass-ruler-studio\.jpg\/v1\/fill\/w_200,h_150,/,
    );
    const file = await served(sized);
    expect(file.status).toBe(200);
    expect(await file.text()).toContain('width="200" height="150"');
  });
});

describe('members', () => {
  it('getCurrentMember: GET /members/v1/members/my, the signed-in member', async () => {
    const { client, email } = await member('Ada');
    const { member: me } = await client.members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(me).toMatchObject({
      loginEmail: email,
      status: 'APPROVED',
      profile: { nickname: 'Ada' },
      contact: { firstName: 'Ada', emails: [email] },
    });
    expect(me!.contactId).toBe(me!._id);
    const { member: publicView } = await client.members.getCurrentMember();
    expect(publicView!.loginEmail).toBeUndefined();
  });

  it('getCurrentMember: a visitor is not a member (NOT_FOUND)', async () => {
    expect(await refusal(shopper().members.getCurrentMember())).toBe('NOT_FOUND');
  });
});

describe('orders', () => {
  it("searchOrders: a member's own orders after checkout, newest first", async () => {
    const ada = await member('Ada');
    const bob = await member('Bob');
    const older = await buy(ada.client, 'brass-ruler');
    const newer = await buy(ada.client, 'washi-tape-trio');
    const bobs = await buy(bob.client, 'chef-knife');

    // As storefronts on the official client call it for an account page.
    const { orders: mine, metadata } = await ada.client.orders.searchOrders({
      cursorPaging: { limit: 10 },
      sort: [{ fieldName: '_createdDate', order: 'DESC' }],
    });
    expect(mine!.map((o) => o._id)).toEqual([newer, older]);
    expect(metadata).toMatchObject({ count: 2, hasNext: false });
    const { member: me } = await ada.client.members.getCurrentMember();
    expect(mine![0]).toMatchObject({
      number: expect.any(String),
      status: 'APPROVED',
      buyerInfo: { memberId: me!._id, contactId: me!.contactId },
      lineItems: [{ productName: { original: 'Washi Tape Trio' }, quantity: 1 }],
    });
    expect(mine![0]!.lineItems![0]!.image).toMatch(/^wix:image:\/\/v1\/washi-tape-trio\.webp#/);
    expect(mine![0]!._createdDate).toBeInstanceOf(Date);

    // Another member's order stays invisible, even asked for by id.
    const { orders: other } = await ada.client.orders.searchOrders({ filter: { _id: bobs } });
    expect(other).toEqual([]);
  });

  it('searchOrders pages by cursor', async () => {
    const { client } = await member('Pager');
    const first = await buy(client, 'brass-ruler');
    const second = await buy(client, 'washi-tape-trio');
    const page = await client.orders.searchOrders({ cursorPaging: { limit: 1 } });
    expect(page.orders!.map((o) => o._id)).toEqual([second]);
    const next = await client.orders.searchOrders({
      cursorPaging: { limit: 1, cursor: page.metadata!.cursors!.next! },
    });
    expect(next.orders!.map((o) => o._id)).toEqual([first]);
  });

  it("searchOrders: a visitor is refused; getOrder is the merchant's", async () => {
    const visitor = shopper();
    expect(await refusal(visitor.orders.searchOrders({}))).toBe('PERMISSION_DENIED');
    const { client } = await member('Buyer');
    const orderId = await buy(client, 'brass-ruler');
    expect(await refusal(client.orders.getOrder(orderId))).toBe('PERMISSION_DENIED');
    const order = await merchant().orders.getOrder(orderId);
    expect(order._id).toBe(orderId);
    const { orders: all } = await merchant().orders.searchOrders({ filter: { _id: orderId } });
    expect(all!.map((o) => o._id)).toEqual([orderId]);
  });
});

describe('recommendations', () => {
  const SIMILAR = '68ebce04-b96a-4c52-9329-08fc9d8c1253';

  it('getRecommendation: POST /v1/recommendations/get, for a cart', async () => {
    const client = shopper();
    const mug = await product(client, 'walnut-cutting-board');
    const { recommendation } = await client.recommendations.getRecommendation(
      [{ _id: SIMILAR, appId: STORES_APP_ID }],
      {
        items: [{ catalogItemId: mug._id!, appId: STORES_APP_ID }],
        minimumRecommendedItems: 3,
      },
    );
    expect(recommendation!.algorithm).toEqual({ _id: SIMILAR, appId: STORES_APP_ID });
    expect(recommendation!.items!.length).toBeGreaterThanOrEqual(3);
    expect(recommendation!.items!.map((i) => i.catalogItemId)).not.toContain(mug._id);
  });

  it('listAvailableAlgorithms: GET /v1/recommendations/algorithms', async () => {
    const { availableAlgorithms } = await merchant().recommendations.listAvailableAlgorithms();
    expect(availableAlgorithms!.map((a) => a.config!.algorithmId)).toContain(SIMILAR);
  });
});

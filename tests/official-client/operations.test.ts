/**
 * Every call of spec.md §7 that the platform's official client makes, made with the official
 * client itself (unchanged, exact versions) against the emulator, each with valid input and
 * each expected to succeed with the answer the client reads. A refusal of any of them fails the
 * suite: the emulator never refuses what the official client sends for a valid call.
 *
 * §7 calls the official client does not have, so not here: the v1 register and login,
 * login-with-token-params, state/proceed, verification resend, and the three products-platformized
 * writes (platform-wire.md notes the client no longer ships them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness, ShopperClient } from './src/harness.js';
import {
  STORES_APP_ID,
  merchantClient,
  shopperClient,
  refusal,
  signIn,
  startHarness,
} from './src/harness.js';

let harness: Harness;
let merchant: ReturnType<typeof merchantClient>;

beforeAll(async () => {
  harness = await startHarness();
  merchant = merchantClient(harness.emulator.apiKey);
});
afterAll(async () => {
  await harness.close();
});

/** The seeded T-shirt: two options, eight managed variants. */
async function tee(client: ShopperClient = shopperClient()) {
  const { items } = await client.products.queryProducts().eq('slug', 'classic-crew-tee').find();
  return items[0]!;
}

/** A shopper whose cart holds two black M T-shirts. */
async function shopperWithCart() {
  const client = shopperClient();
  const product = await tee(client);
  const variant = product.variants!.find(
    (v) => v.choices?.Size === 'M' && v.choices.Color === 'Black',
  )!;
  const { cart } = await client.currentCart.addToCurrentCart({
    lineItems: [
      {
        catalogReference: {
          catalogItemId: product._id!,
          appId: STORES_APP_ID,
          options: { variantId: variant._id },
        },
        quantity: 2,
      },
    ],
  });
  return { client, product, cart: cart! };
}

let serial = 0;
/** A fresh email address. */
function email(): string {
  serial += 1;
  return `shopper${serial}@example.com`;
}

/** A registered member's client, signed in, and its identity id. */
async function signedInMember(password = 'Correct-Horse-9') {
  const client = shopperClient();
  const address = email();
  const registered = await client.authentication.registerV2({ email: address }, { password });
  await signIn(harness, client, address, password);
  return { client, email: address, password, identityId: registered.identity!._id! };
}

/** Whether the emulator still takes an access token (a raw call, outside the client). */
async function tokenWorks(token: string): Promise<boolean> {
  const reply = await fetch(`${harness.emulator.url}/ecom/v1/carts/current`, {
    headers: { Authorization: token },
  });
  return reply.status !== 401;
}

describe('current cart (prefix /ecom)', () => {
  it('addToCurrentCart: POST /v1/carts/current/add-to-cart', async () => {
    const { cart, product } = await shopperWithCart();
    expect(cart._id).toEqual(expect.any(String));
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems![0]).toMatchObject({
      quantity: 2,
      catalogReference: { catalogItemId: product._id, appId: STORES_APP_ID },
    });
  });

  it("addToCurrentCart with custom lines whose media are a wix:image id and another site's URL", async () => {
    const client = shopperClient();
    const custom = (productName: string, media: string) => ({
      quantity: 1,
      price: '12',
      productName: { original: productName },
      itemType: { preset: 'DIGITAL' as const },
      media,
    });
    const { cart } = await client.currentCart.addToCurrentCart({
      customLineItems: [
        custom(
          'Gift card',
          'wix:image://v1/everyday-socks-3-pack.svg/socks#originWidth=800&originHeight=800',
        ),
        custom('Print', 'https://images.example/print.png'),
      ],
    });
    expect(cart!.lineItems!.map((line) => line.productName?.original)).toEqual([
      'Gift card',
      'Print',
    ]);
    expect(cart!.lineItems!.map((line) => line.image)).toEqual([
      expect.stringContaining('wix:image://v1/everyday-socks-3-pack.svg'),
      'https://images.example/print.png',
    ]);
  });

  it('getCurrentCart: GET /v1/carts/current', async () => {
    const { client, cart } = await shopperWithCart();
    const current = await client.currentCart.getCurrentCart();
    expect(current._id).toBe(cart._id);
    expect(current.lineItems!.map((l) => l._id)).toEqual(cart.lineItems!.map((l) => l._id));
  });

  it('updateCurrentCart: PATCH /v1/carts/current (a coupon)', async () => {
    const { client } = await shopperWithCart();
    const cart = await client.currentCart.updateCurrentCart({ couponCode: 'WELCOME10' });
    expect(cart.appliedDiscounts![0]!.coupon).toMatchObject({ code: 'WELCOME10' });
  });

  it('removeCouponFromCurrentCart: POST /v1/carts/current/remove-coupon', async () => {
    const { client } = await shopperWithCart();
    await client.currentCart.updateCurrentCart({ couponCode: 'WELCOME10' });
    const { cart } = await client.currentCart.removeCouponFromCurrentCart();
    expect(cart!.appliedDiscounts ?? []).toEqual([]);
  });

  it('updateCurrentCartLineItemQuantity: POST /v1/carts/current/update-line-items-quantity', async () => {
    const { client, cart } = await shopperWithCart();
    const line = cart.lineItems![0]!;
    const updated = await client.currentCart.updateCurrentCartLineItemQuantity([
      { _id: line._id!, quantity: 5 },
    ]);
    expect(updated.cart!.lineItems![0]!.quantity).toBe(5);
  });

  it('estimateCurrentCartTotals: POST /v1/carts/current/estimate-totals', async () => {
    const { client } = await shopperWithCart();
    const estimate = await client.currentCart.estimateCurrentCartTotals({
      shippingAddress: { country: 'US', subdivision: 'US-NY', postalCode: '10001' },
    });
    // Two $24 T-shirts.
    expect(estimate.priceSummary!.subtotal!.amount).toBe('48');
    expect(Number(estimate.priceSummary!.total!.amount)).toBeGreaterThanOrEqual(48);
    expect(estimate.cart!.lineItems).toHaveLength(1);
  });

  it('createCheckoutFromCurrentCart: POST /v1/carts/current/create-checkout', async () => {
    const { client } = await shopperWithCart();
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
    });
    expect(checkoutId).toEqual(expect.any(String));
  });

  it('removeLineItemsFromCurrentCart: POST /v1/carts/current/remove-line-items', async () => {
    const { client, cart } = await shopperWithCart();
    const { cart: after } = await client.currentCart.removeLineItemsFromCurrentCart([
      cart.lineItems![0]!._id!,
    ]);
    expect(after!.lineItems).toEqual([]);
  });

  it('deleteCurrentCart: DELETE /v1/carts/current', async () => {
    const { client } = await shopperWithCart();
    await client.currentCart.deleteCurrentCart();
    expect(await refusal(client.currentCart.getCurrentCart())).toBe('OWNED_CART_NOT_FOUND');
  });
});

describe('catalog read', () => {
  it('queryProducts: GET (.r) /stores-reader/v1/products/query-platformized, variants included', async () => {
    const client = shopperClient();
    const { items, totalCount } = await client.products
      .queryProducts()
      .eq('slug', 'classic-crew-tee')
      .find();
    expect(totalCount).toBe(1);
    expect(items[0]).toMatchObject({ name: 'Classic Crew Tee', manageVariants: true });
    expect(items[0]!.variants).toHaveLength(8);
    const page = await client.products.queryProducts().limit(3).skip(3).find();
    expect(page.items).toHaveLength(3);
    expect(page.totalCount).toBe(60);
  });

  it('queryProducts sorts "price" by the list price, as the platform does', async () => {
    const { items } = await shopperClient()
      .products.queryProducts()
      .hasSome('collectionIds', [(await tee()).collectionIds![0]!])
      .ascending('price')
      .find();
    const prices = items.map((p) => p.price!.price!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The Quilted Vest ($79, $64 on sale) is placed at $79.
    const vest = items.findIndex((p) => p.slug === 'quilted-vest');
    expect(prices[vest]).toBe(79);
    expect(items[vest]!.price!.discountedPrice).toBe(64);
  });

  it('getProduct: GET /stores-reader/v1/products/{id}?includeMerchantSpecificData=true', async () => {
    const product = await tee();
    const { product: read } = await merchant.products.getProduct(product._id!, {
      includeMerchantSpecificData: true,
    });
    expect(read!._id).toBe(product._id);
    expect(read!.costAndProfitData!.itemCost).toBeGreaterThan(0);
    const { product: plain } = await shopperClient().products.getProduct(product._id!);
    expect(plain!.costAndProfitData).toBeUndefined();
  });

  it('getCollection: GET /v2/collections/{id}', async () => {
    const product = await tee();
    const id = product.collectionIds![0]!;
    const collection = await shopperClient().collections.getCollection(id);
    expect(collection).toMatchObject({ _id: id, name: 'Apparel', slug: 'apparel' });
  });

  it('getCollectionBySlug: GET /v2/collections/slug/{slug}', async () => {
    const { collection } = await shopperClient().collections.getCollectionBySlug('outdoor');
    expect(collection).toMatchObject({ name: 'Outdoor', slug: 'outdoor' });
  });

  it('queryCollections: GET (.r) /v2/collections/query', async () => {
    const first = await shopperClient().collections.queryCollections().limit(4).find();
    expect(first.items).toHaveLength(4);
    expect(first.totalCount).toBe(6);
    const next = await first.next();
    expect(next.items).toHaveLength(2);
  });

  it('getCollectionBySlug (stores reader): GET /stores-reader/v1/collections/slug/{slug}', async () => {
    const { collection } = await shopperClient().products.getCollectionBySlug('apparel');
    expect(collection).toMatchObject({ name: 'Apparel', slug: 'apparel' });
  });

  it('getProductOptionsAvailability: POST /stores-reader/v1/products/{id}/productOptionsAvailability', async () => {
    const product = await tee();
    const availability = await shopperClient().products.getProductOptionsAvailability(
      product._id!,
      { Size: 'L', Color: 'White' },
    );
    expect(availability.selectedVariant!.price!.price).toBe(24);
    expect(availability.productOptions!.map((o) => o.name)).toEqual(['Size', 'Color']);
  });

  it('queryProductVariants: POST /stores-reader/v1/products/{id}/variants/query', async () => {
    const product = await tee();
    const { variants } = await shopperClient().products.queryProductVariants(product._id!, {
      choices: { Size: 'XL' },
    });
    expect(variants).toHaveLength(2);
    expect(variants!.every((v) => v.choices?.Size === 'XL')).toBe(true);
  });

  it('queryStoreVariants: POST /stores-reader/v1/variants/query', async () => {
    const product = await tee();
    const { variants } = await shopperClient().products.queryStoreVariants({
      filter: { productId: product._id },
      paging: { limit: 100 },
    });
    expect(variants).toHaveLength(8);
    expect(variants!.every((v) => v.productId === product._id)).toBe(true);
  });

  it('getStoreVariant: GET /stores-reader/v1/variants/{id}', async () => {
    const product = await tee();
    const id = `${product._id}-${product.variants![0]!._id}`;
    const { variant } = await shopperClient().products.getStoreVariant(id);
    expect(variant).toMatchObject({ _id: id, productId: product._id });
  });
});

describe('catalog write (the merchant, with the API key)', () => {
  const newProduct = async (name = 'Official Client Mug') =>
    (
      await merchant.products.createProduct({
        name,
        productType: 'physical',
        priceData: { price: 20 },
        costAndProfitData: { itemCost: 8 },
        brand: 'Suite',
        ribbon: 'New',
      })
    ).product!;

  const withOptions = async () =>
    (
      await merchant.products.createProduct({
        name: 'Official Client Scarf',
        productType: 'physical',
        priceData: { price: 30 },
        costAndProfitData: { itemCost: 10 },
        manageVariants: true,
        productOptions: [
          {
            name: 'Color',
            optionType: 'color',
            choices: [
              { value: '#000000', description: 'Black' },
              { value: '#ffffff', description: 'White' },
            ],
          },
        ],
      })
    ).product!;

  const newCollection = async () =>
    (await merchant.products.createCollection({ name: `Suite ${email()}` })).collection!;

  const read = async (id: string) =>
    (await merchant.products.getProduct(id, { includeMerchantSpecificData: true })).product!;

  it('createProduct: POST /stores/v1/products', async () => {
    const product = await newProduct();
    expect(product).toMatchObject({ name: 'Official Client Mug', brand: 'Suite' });
    expect(product.priceData!.price).toBe(20);
    expect((await read(product._id!)).name).toBe('Official Client Mug');
  });

  it('updateProduct: PATCH /stores/v1/products/{product.id}', async () => {
    const product = await newProduct();
    const { product: updated } = await merchant.products.updateProduct(product._id!, {
      name: 'Renamed Mug',
    });
    expect(updated!.name).toBe('Renamed Mug');
  });

  it('deleteProduct: DELETE /stores/v1/products/{id}', async () => {
    const product = await newProduct();
    await merchant.products.deleteProduct(product._id!);
    expect(await refusal(merchant.products.getProduct(product._id!))).toBe('NOT_FOUND');
  });

  it('updateProductVariants: PATCH /stores/v1/products/{id}/variants', async () => {
    const product = await withOptions();
    const { variants } = await merchant.products.updateProductVariants(product._id!, [
      { choices: { Color: 'Black' }, price: 35 },
    ]);
    const black = variants!.find((v) => v.choices?.Color === 'Black')!;
    expect(black.variant!.priceData!.price).toBe(35);
  });

  it('resetAllProductVariantData: POST /stores/v1/products/{id}/variants/resetToDefault', async () => {
    const product = await withOptions();
    await merchant.products.updateProductVariants(product._id!, [
      { choices: { Color: 'Black' }, price: 35 },
    ]);
    await merchant.products.resetAllProductVariantData(product._id!);
    const prices = (await read(product._id!)).variants!.map((v) => v.variant!.priceData!.price);
    expect(prices).toEqual([30, 30]);
  });

  it('addProductsToCollection: POST /stores/v1/collections/{id}/productIds', async () => {
    const [product, collection] = await Promise.all([newProduct(), newCollection()]);
    await merchant.products.addProductsToCollection(collection._id!, [product._id!]);
    expect((await read(product._id!)).collectionIds).toContain(collection._id);
  });

  it('removeProductsFromCollection: POST /stores/v1/collections/{id}/productIds/delete', async () => {
    const [product, collection] = await Promise.all([newProduct(), newCollection()]);
    await merchant.products.addProductsToCollection(collection._id!, [product._id!]);
    await merchant.products.removeProductsFromCollection(collection._id!, [product._id!]);
    expect((await read(product._id!)).collectionIds).not.toContain(collection._id);
  });

  it('addProductMedia: POST /stores/v1/products/{id}/media', async () => {
    const product = await newProduct();
    const before = (await read(product._id!)).media?.items?.length ?? 0;
    await merchant.products.addProductMedia(product._id!, [
      { url: 'https://static.wixstatic.com/media/suite-mug.jpg' },
    ]);
    expect((await read(product._id!)).media!.items).toHaveLength(before + 1);
  });

  it('removeProductMedia: POST /stores/v1/products/{id}/media/delete', async () => {
    const product = await newProduct();
    await merchant.products.addProductMedia(product._id!, [
      { url: 'https://static.wixstatic.com/media/suite-mug.jpg' },
    ]);
    const items = (await read(product._id!)).media!.items!;
    await merchant.products.removeProductMedia(product._id!, [items.at(-1)!._id!]);
    expect((await read(product._id!)).media!.items).toHaveLength(items.length - 1);
  });

  it('addProductMediaToChoices: PATCH /stores/v1/products/{id}/choices/media', async () => {
    const product = await withOptions();
    await merchant.products.addProductMedia(product._id!, [
      { url: 'https://static.wixstatic.com/media/suite-scarf.jpg' },
    ]);
    const mediaId = (await read(product._id!)).media!.items!.at(-1)!._id!;
    await merchant.products.addProductMediaToChoices(product._id!, [
      { option: 'Color', choice: 'Black', mediaIds: [mediaId] },
    ]);
    const black = (await read(product._id!)).productOptions![0]!.choices!.find(
      (c) => c.description === 'Black',
    )!;
    expect(black.media!.items!.map((m) => m._id)).toContain(mediaId);
  });

  it('removeProductMediaFromChoices: POST /stores/v1/products/{id}/choices/media/delete', async () => {
    const product = await withOptions();
    await merchant.products.addProductMedia(product._id!, [
      { url: 'https://static.wixstatic.com/media/suite-scarf.jpg' },
    ]);
    const mediaId = (await read(product._id!)).media!.items!.at(-1)!._id!;
    const assignment = [{ option: 'Color', choice: 'Black', mediaIds: [mediaId] }];
    await merchant.products.addProductMediaToChoices(product._id!, assignment);
    await merchant.products.removeProductMediaFromChoices(product._id!, assignment);
    const black = (await read(product._id!)).productOptions![0]!.choices!.find(
      (c) => c.description === 'Black',
    )!;
    expect((black.media?.items ?? []).map((m) => m._id)).not.toContain(mediaId);
  });

  it('deleteProductOptions: DELETE /stores/v1/products/{id}/options', async () => {
    const product = await withOptions();
    await merchant.products.deleteProductOptions(product._id!);
    expect((await read(product._id!)).productOptions ?? []).toEqual([]);
  });

  it('removeBrand: POST /stores/v1/products/{id}/remove-brand', async () => {
    const product = await newProduct();
    await merchant.products.removeBrand(product._id!);
    expect((await read(product._id!)).brand ?? '').toBe('');
  });

  it('removeRibbon: POST /stores/v1/products/{id}/remove-ribbon', async () => {
    const product = await newProduct();
    await merchant.products.removeRibbon(product._id!);
    expect((await read(product._id!)).ribbon ?? '').toBe('');
  });

  it('createCollection: POST /stores/v1/collections', async () => {
    const collection = await newCollection();
    const read = await merchant.collections.getCollection(collection._id!);
    expect(read.name).toBe(collection.name);
  });

  it('updateCollection: PATCH /stores/v1/collections/{collection.id}', async () => {
    const collection = await newCollection();
    const { collection: updated } = await merchant.products.updateCollection(collection._id!, {
      name: 'Renamed by the suite',
    });
    expect(updated!.name).toBe('Renamed by the suite');
  });

  it('deleteCollection: DELETE /stores/v1/collections/{id}', async () => {
    const collection = await newCollection();
    await merchant.products.deleteCollection(collection._id!);
    expect(await refusal(merchant.collections.getCollection(collection._id!))).toBe('NOT_FOUND');
  });

  it('bulkUpdateProductsProperty: POST /stores/v1/bulk/products/update', async () => {
    const product = await newProduct();
    const result = await merchant.products.bulkUpdateProductsProperty([product._id!], {
      price: 11,
    });
    expect(result.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 0 });
    expect((await read(product._id!)).priceData!.price).toBe(11);
  });

  it('bulkAdjustProductProperty: POST /stores/v1/bulk/products/adjust-properties', async () => {
    const product = await newProduct();
    const result = await merchant.products.bulkAdjustProductProperty({ price: { amount: 2 } }, [
      product._id!,
    ]);
    expect(result.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 0 });
    expect((await read(product._id!)).priceData!.price).toBe(22);
  });
});

describe('token endpoint: POST /oauth2/token', () => {
  it('anonymous grant (generateVisitorTokens)', async () => {
    const tokens = await shopperClient().auth.generateVisitorTokens();
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(tokens.accessToken.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(await tokenWorks(tokens.accessToken.value)).toBe(true);
  });

  it('refresh_token grant (renewToken)', async () => {
    const client = shopperClient();
    const tokens = await client.auth.generateVisitorTokens();
    const renewed = await client.auth.renewToken(tokens.refreshToken);
    expect(renewed.accessToken.value).not.toBe(tokens.accessToken.value);
    expect(await tokenWorks(renewed.accessToken.value)).toBe(true);
  });

  it('authorization_code grant (getMemberTokens)', async () => {
    const { client } = await signedInMember();
    expect(client.auth.loggedIn()).toBe(true);
    expect(client.auth.getTokens().refreshToken.role).toBe('member');
    expect(await tokenWorks(client.auth.getTokens().accessToken.value)).toBe(true);
  });

  it('authorized_client grant (getMemberTokensForExternalLogin)', async () => {
    const { identityId } = await signedInMember();
    const server = shopperClient();
    server.auth.setTokens(await server.auth.generateVisitorTokens());
    const tokens = await server.auth.getMemberTokensForExternalLogin(
      identityId,
      harness.emulator.apiKey,
    );
    expect(tokens.refreshToken.role).toBe('member');
    expect(await tokenWorks(tokens.accessToken.value)).toBe(true);
  });

  it('authorized_client grant with a sign-on session (getMemberTokensForExternalLoginWithSession)', async () => {
    const { email: address } = await signedInMember();
    const tokens = await shopperClient().auth.getMemberTokensForExternalLoginWithSession(
      address,
      harness.emulator.apiKey,
    );
    expect(tokens.refreshToken.role).toBe('member');
    const member = shopperClient();
    member.auth.setTokens(tokens);
    // The tokens act for the member: their cart is the member's own.
    expect(await refusal(member.currentCart.getCurrentCart())).toBe('OWNED_CART_NOT_FOUND');
  });
});

describe('redirect sessions: POST /_api/redirects-api/v1/redirect-session', () => {
  it('createRedirectSession for a hosted login (getAuthUrl)', async () => {
    const client = shopperClient();
    const { authUrl } = await client.auth.getAuthUrl(
      client.auth.generateOAuthData(harness.callbackUrl),
    );
    expect(authUrl.startsWith(`${harness.emulator.url}/oauth2/authorize?`)).toBe(true);
    expect((await fetch(authUrl)).status).toBe(200);
  });

  it('createRedirectSession for a logout (auth.logout), which returns to the shop', async () => {
    const { client } = await signedInMember();
    const token = client.auth.getTokens().accessToken.value;
    const { logoutUrl } = await client.auth.logout(harness.shopUrl);
    const landing = await fetch(logoutUrl);
    expect(await landing.json()).toEqual({ shopPage: '/' });
    expect(client.auth.loggedIn()).toBe(false);
    expect(await tokenWorks(token)).toBe(false);
  });

  it('createRedirectSession for a checkout', async () => {
    const { client } = await shopperWithCart();
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
    });
    const { redirectSession } = await client.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId! },
      callbacks: { postFlowUrl: harness.shopUrl },
    });
    const fullUrl = redirectSession!.fullUrl!;
    expect(fullUrl.startsWith(`${harness.emulator.url}/checkout?`)).toBe(true);
    expect((await fetch(fullUrl)).status).toBe(200);
  });
});

describe('authentication (prefix /_api/iam/authentication)', () => {
  it('registerV2: POST /v2/register', async () => {
    const address = email();
    const result = await shopperClient().authentication.registerV2(
      { email: address },
      { password: 'Correct-Horse-9', profile: { nickname: 'Suite' } },
    );
    expect(result.state).toBe('SUCCESS');
    expect(result.identity!.email!.address).toBe(address);
    expect(result.sessionToken).toEqual(expect.any(String));
  });

  it('loginV2: POST /v2/login', async () => {
    const client = shopperClient();
    const address = email();
    await client.authentication.registerV2({ email: address }, { password: 'Correct-Horse-9' });
    const result = await client.authentication.loginV2(
      { email: address },
      { password: 'Correct-Horse-9' },
    );
    expect(result.state).toBe('SUCCESS');
    expect(result.sessionToken).toEqual(expect.any(String));
  });

  it('changePassword: POST /v2/change-password', async () => {
    const { client, email: address } = await signedInMember();
    await client.authentication.changePassword('Battery-Staple-7');
    const login = await shopperClient().auth.login({
      email: address,
      password: 'Battery-Staple-7',
    });
    expect(login.loginState).toBe('SUCCESS');
    const old = await shopperClient().auth.login({ email: address, password: 'Correct-Horse-9' });
    expect(old).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
  });

  it('signOn: POST /v2/sign-on', async () => {
    const { email: address, identityId } = await signedInMember();
    const result = await merchant.authentication.signOn({ email: address });
    expect(result.identity!._id).toBe(identityId);
    expect(result.sessionToken).toEqual(expect.any(String));
  });

  it('logout: GET /v1/logout, which ends the session and returns to the shop', async () => {
    const { client } = await signedInMember();
    const token = client.auth.getTokens().accessToken.value;
    const page = await client.authentication.logout({
      clientId: harness.clientId,
      postLogoutRedirectUri: harness.shopUrl,
    });
    expect(page).toEqual({ shopPage: '/' });
    expect(await tokenWorks(token)).toBe(false);
  });
});

describe('recovery (prefix /_api/iam/recovery)', () => {
  it('sendRecoveryEmail: POST /v1/send-email', async () => {
    const { email: address } = await signedInMember();
    await shopperClient().recovery.sendRecoveryEmail(address, {
      redirect: { url: harness.shopUrl, clientId: harness.clientId },
    });
    expect(harness.emulator.outbox.latest({ to: address, kind: 'recovery' })).toBeDefined();
  });

  it('sendActivationEmail: POST /v1/activation-email', async () => {
    const { email: address, identityId } = await signedInMember();
    await merchant.recovery.sendActivationEmail(identityId);
    expect(harness.emulator.outbox.latest({ to: address, kind: 'activation' })).toBeDefined();
  });

  it('recover: POST /v1/recover', async () => {
    const { email: address } = await signedInMember();
    const client = shopperClient();
    await client.auth.sendPasswordResetEmail(address, harness.shopUrl);
    const mail = harness.emulator.outbox.latest({ to: address, kind: 'recovery' })!;
    const result = await client.recovery.recover(mail.recoveryToken!, {
      password: 'Recovered-Pass-3',
    });
    expect(result.state).toBe('SUCCESS');
    const login = await shopperClient().auth.login({
      email: address,
      password: 'Recovered-Pass-3',
    });
    expect(login.loginState).toBe('SUCCESS');
  });
});

describe('verification (prefix /_api/iam/verification)', () => {
  it('start: POST /v1/start', async () => {
    const { client, email: address, identityId } = await signedInMember();
    const result = await client.verification.start({ identityId, target: 'EMAIL' });
    expect(result.verificationId).toEqual(expect.any(String));
    expect(harness.emulator.outbox.latest({ to: address, kind: 'verification' })!.code).toMatch(
      /^\d{6}$/,
    );
  });

  it('verifyDuringAuthentication: POST /v1/auth/verify (processVerification)', async () => {
    await harness.emulator.setModes({ emailVerification: true });
    try {
      const client = shopperClient();
      const address = email();
      const registered = await client.auth.register({
        email: address,
        password: 'Correct-Horse-9',
      });
      expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
      const { code } = harness.emulator.outbox.latest({ to: address, kind: 'verification' })!;
      const verified = await client.auth.processVerification({ verificationCode: code! });
      expect(verified.loginState).toBe('SUCCESS');
    } finally {
      await harness.emulator.setModes({ emailVerification: false });
    }
  });
});

describe('GraphQL: POST /graphql/{apiVersion}', () => {
  it('graphql answers in the GraphQL shape, saying the emulator does not run GraphQL', async () => {
    const { data, errors } = await shopperClient().graphql('{ products { id } }');
    expect(data).toEqual({});
    expect(errors).toEqual([expect.objectContaining({ extensions: { code: 'NOT_IMPLEMENTED' } })]);
  });
});

describe('an API of an app the site does not have: the Data API', () => {
  it('items.query answers WDE0025, which storefronts catch for a missing optional collection', async () => {
    const error = await shopperClient()
      .items.query('Menus')
      .eq('slug', 'main')
      .find()
      .then(
        () => undefined,
        (caught: unknown) => caught as { details?: { applicationError?: { code?: string } } },
      );
    expect(error?.details?.applicationError?.code).toBe('WDE0025');
  });

  it('items.get answers WDE0025 too', async () => {
    expect(await refusal(shopperClient().items.get('Pages', 'about'))).toBe('WDE0025');
  });
});

/**
 * Every route of the emulator with a request it would accept: who calls it, through which channel
 * its input comes (a JSON body, a form, `.r`, or only the path and query), and a valid sample. The
 * bad-input table bends each sample into each kind of bad input.
 */
import type { Emulator } from '../index.js';
import { CART_V2_ROUTES } from './route-table-cart-v2.js';
import { STORES_APP_ID } from '../index.js';
import {
  authSession,
  call,
  lineItem,
  member,
  pathOf,
  pkce,
  register,
  simpleProduct,
  visitor,
} from './helpers.js';

/** What the routes need to exist: tokens, catalog ids, live hosted-page sessions. */
export interface Fixture {
  visitor: string;
  member: string;
  productId: string;
  optionsProductId: string;
  variantId: string;
  collectionId: string;
  collectionSlug: string;
  lineId: string;
  authSessionId: string;
  checkoutSessionId: string;
  logoutSessionId: string;
  flowSessionId: string;
  recoveryToken: string;
  mediaFile: string;
}

/** Who calls a route. */
export type Caller = 'visitor' | 'member' | 'app' | 'none';

/** How a route takes its input. */
export type Channel = 'json' | 'form' | 'dotR' | 'none';

/** One route and a request it accepts. */
export interface RouteSpec {
  method: string;
  /** The pattern the app registers. */
  route: string;
  as: Caller;
  channel: Channel;
  path: (f: Fixture) => string;
  /** JSON body, form fields or `.r` request, by channel. */
  sample?: (f: Fixture) => unknown;
  /** Where numbers go for the number kinds: an integer field when the route has one. */
  numberAt?: (string | number)[];
  /** Declared query parameters with valid values (channel `none`). */
  params?: (f: Fixture) => Record<string, string>;
  /** The path parameter's value, for kinds that replace it. */
  pathParam?: (f: Fixture, value: string) => string;
}

const QUERY_SAMPLE = () => ({ query: { paging: { limit: 5 } } });
const PAGING = ['query', 'paging', 'limit'];

/** A query route: GET with `.r`, POST with the same body. */
function queryRoutes(route: string, as: Caller = 'visitor'): RouteSpec[] {
  return [
    {
      method: 'GET',
      route,
      as,
      channel: 'dotR',
      path: () => route,
      sample: QUERY_SAMPLE,
      numberAt: PAGING,
    },
    {
      method: 'POST',
      route,
      as,
      channel: 'json',
      path: () => route,
      sample: QUERY_SAMPLE,
      numberAt: PAGING,
    },
  ];
}

/** A route taking no input but its path and declared parameters. */
function bare(
  method: string,
  route: string,
  as: Caller,
  path: (f: Fixture) => string,
  extra: Partial<RouteSpec> = {},
): RouteSpec {
  return { method, route, as, channel: 'none', path, ...extra };
}

function json(
  method: string,
  route: string,
  as: Caller,
  path: (f: Fixture) => string,
  sample: (f: Fixture) => unknown,
  numberAt?: (string | number)[],
): RouteSpec {
  return { method, route, as, channel: 'json', path, sample, ...(numberAt ? { numberAt } : {}) };
}

function form(route: string, sample: (f: Fixture) => Record<string, string>): RouteSpec {
  return { method: 'POST', route, as: 'none', channel: 'form', path: () => route, sample };
}

const product = (p: string) => `/stores/v1/products/${p}`;
const IAM = '/_api/iam';

/** The table: every route of the app. */
export const ROUTES: RouteSpec[] = [
  json(
    'POST',
    '/oauth2/token',
    'none',
    () => '/oauth2/token',
    () => ({
      clientId: 'vitrine-local-client',
      grantType: 'anonymous',
    }),
  ),
  bare('GET', '/media/:file', 'none', (f) => `/media/${f.mediaFile}`, {
    pathParam: (_f, v) => `/media/${v}`,
  }),
  bare(
    'GET',
    '/media/:file/v1/*',
    'none',
    (f) => `/media/${f.mediaFile}/v1/fill/w_40,h_30,al_c,q_80/${f.mediaFile}`,
    { pathParam: (f, v) => `/media/${f.mediaFile}/v1/fill/${v}/${f.mediaFile}` },
  ),
  ...['/oauth2/authorize', '/oauth2/signup', '/oauth2/reset'].map((route) =>
    bare('GET', route, 'none', () => route, {
      params: (f) => ({ redirectSessionId: f.authSessionId }),
    }),
  ),
  ...['/oauth2/authorize', '/oauth2/signup', '/oauth2/reset', '/oauth2/verify'].map((route) =>
    form(route, (f) => ({
      redirectSessionId: f.authSessionId,
      email: 'x@example.com',
      password: 'pass-word',
    })),
  ),
  bare('GET', '/oauth2/logout', 'none', () => '/oauth2/logout', {
    params: (f) => ({ redirectSessionId: f.logoutSessionId }),
  }),
  bare('GET', '/recovery', 'none', () => '/recovery', {
    params: (f) => ({ token: f.recoveryToken }),
  }),
  form('/recovery', (f) => ({ token: f.recoveryToken, password: 'new-password' })),
  bare('GET', '/checkout', 'none', () => '/checkout', {
    params: (f) => ({ redirectSessionId: f.checkoutSessionId }),
  }),
  form('/checkout', (f) => ({ redirectSessionId: f.checkoutSessionId, country: 'US' })),
  bare('GET', '/product-page/:slug', 'none', () => '/product-page/classic-crew-tee', {
    pathParam: (_f, v) => `/product-page/${v}`,
  }),
  bare('GET', '/flow', 'none', () => '/flow', {
    params: (f) => ({ redirectSessionId: f.flowSessionId }),
  }),

  bare('GET', '/favicon.ico', 'none', () => '/favicon.ico'),
  bare('GET', '/_emulator', 'none', () => '/_emulator'),
  bare('GET', '/_emulator/outbox', 'none', () => '/_emulator/outbox', {
    params: () => ({ to: 'bad@example.com', kind: 'recovery' }),
  }),
  bare('DELETE', '/_emulator/outbox', 'none', () => '/_emulator/outbox'),
  json(
    'POST',
    '/_emulator/reset',
    'none',
    () => '/_emulator/reset',
    () => ({}),
  ),
  bare('GET', '/_emulator/state', 'none', () => '/_emulator/state'),
  bare('GET', '/_emulator/faults', 'none', () => '/_emulator/faults'),
  json(
    'POST',
    '/_emulator/faults',
    'none',
    () => '/_emulator/faults',
    () => ({ path: '/nowhere', latencyMs: 1 }),
    ['latencyMs'],
  ),
  bare('DELETE', '/_emulator/faults', 'none', () => '/_emulator/faults'),
  bare('DELETE', '/_emulator/faults/:id', 'none', () => '/_emulator/faults/none', {
    pathParam: (_f, v) => `/_emulator/faults/${v}`,
  }),
  json(
    'POST',
    '/_emulator/idp-connections',
    'none',
    () => '/_emulator/idp-connections',
    () => ({ idpConnectionId: 'idp', secret: 'a-secret-of-at-least-thirty-two-characters' }),
  ),
  bare('GET', '/_emulator/modes', 'none', () => '/_emulator/modes'),
  json(
    'POST',
    '/_emulator/modes',
    'none',
    () => '/_emulator/modes',
    () => ({ captchaRequired: false }),
  ),
  bare('GET', '/_emulator/members', 'none', () => '/_emulator/members'),
  ...['approve', 'require-password-reset'].map((action) =>
    json(
      'POST',
      `/_emulator/members/:id/${action}`,
      'none',
      () => `/_emulator/members/bad@example.com/${action}`,
      () => ({}),
    ),
  ),
  bare('GET', '/_emulator/stats', 'none', () => '/_emulator/stats'),
  bare('GET', '/_emulator/orders', 'none', () => '/_emulator/orders'),
  bare('GET', '/_emulator/webhooks/public-key', 'none', () => '/_emulator/webhooks/public-key'),
  bare('GET', '/_emulator/webhooks/deliveries', 'none', () => '/_emulator/webhooks/deliveries'),

  bare('GET', `${IAM}/authentication/v1/logout`, 'none', () => `${IAM}/authentication/v1/logout`, {
    params: () => ({
      postLogoutRedirectUri: 'http://localhost:5173/',
      clientId: 'vitrine-local-client',
    }),
  }),
  json(
    'POST',
    `${IAM}/authentication/v2/register`,
    'visitor',
    () => `${IAM}/authentication/v2/register`,
    () => ({
      loginId: { email: 'new@example.com' },
      password: 'pass-word',
    }),
  ),
  json(
    'POST',
    `${IAM}/authentication/v1/register`,
    'visitor',
    () => `${IAM}/authentication/v1/register`,
    () => ({
      identity: { loginId: { email: 'new1@example.com' } },
      inputs: [{ name: 'password', value: 'pass-word' }],
    }),
  ),
  json(
    'POST',
    `${IAM}/authentication/v2/login`,
    'visitor',
    () => `${IAM}/authentication/v2/login`,
    () => ({
      loginId: { email: 'bad@example.com' },
      password: 'pass-word-1',
    }),
  ),
  json(
    'POST',
    `${IAM}/authentication/v1/login`,
    'visitor',
    () => `${IAM}/authentication/v1/login`,
    () => ({
      identifier: { email: 'bad@example.com' },
      inputs: [{ name: 'password', value: 'pass-word-1' }],
    }),
  ),
  json(
    'POST',
    `${IAM}/authentication/v2/change-password`,
    'member',
    () => `${IAM}/authentication/v2/change-password`,
    () => ({
      newPassword: 'pass-word-2',
    }),
  ),
  json(
    'POST',
    `${IAM}/authentication/v1/sso/login-with-token-params`,
    'visitor',
    () => `${IAM}/authentication/v1/sso/login-with-token-params`,
    () => ({
      idpConnectionId: 'idp',
      tokenParams: { token: 'header.payload.signature' },
    }),
  ),
  json(
    'POST',
    `${IAM}/authentication/v1/state/proceed`,
    'visitor',
    () => `${IAM}/authentication/v1/state/proceed`,
    () => ({
      stateToken: 'stt_x',
    }),
  ),
  json(
    'POST',
    `${IAM}/authentication/v2/sign-on`,
    'app',
    () => `${IAM}/authentication/v2/sign-on`,
    () => ({
      loginId: { email: 'on@example.com' },
    }),
  ),
  json(
    'POST',
    `${IAM}/recovery/v1/send-email`,
    'visitor',
    () => `${IAM}/recovery/v1/send-email`,
    () => ({
      email: 'bad@example.com',
    }),
  ),
  json(
    'POST',
    `${IAM}/recovery/v1/activation-email`,
    'visitor',
    () => `${IAM}/recovery/v1/activation-email`,
    () => ({
      identityId: 'someone',
    }),
  ),
  json(
    'POST',
    `${IAM}/recovery/v1/recover`,
    'visitor',
    () => `${IAM}/recovery/v1/recover`,
    () => ({
      recoveryToken: 'rec_x',
      password: 'pass-word',
    }),
  ),
  ...['start', 'Start'].map((verb) =>
    json(
      'POST',
      `${IAM}/verification/v1/${verb}`,
      'visitor',
      () => `${IAM}/verification/v1/${verb}`,
      () => ({
        identityId: 'someone',
        target: 'EMAIL',
      }),
    ),
  ),
  json(
    'POST',
    `${IAM}/verification/v1/auth/verify`,
    'visitor',
    () => `${IAM}/verification/v1/auth/verify`,
    () => ({
      code: '123456',
      stateToken: 'stt_x',
    }),
  ),
  json(
    'POST',
    `${IAM}/verification/v1/auth/resend`,
    'visitor',
    () => `${IAM}/verification/v1/auth/resend`,
    () => ({
      stateToken: 'stt_x',
    }),
  ),
  json(
    'POST',
    '/_api/redirects-api/v1/redirect-session',
    'visitor',
    () => '/_api/redirects-api/v1/redirect-session',
    () => ({
      storesProduct: { productSlug: 'classic-crew-tee' },
    }),
  ),

  bare('GET', '/ecom/v1/carts/current', 'visitor', () => '/ecom/v1/carts/current'),
  json(
    'POST',
    '/ecom/v1/carts/current/add-to-cart',
    'visitor',
    () => '/ecom/v1/carts/current/add-to-cart',
    (f) => ({
      lineItems: [lineItem(f.productId, 1)],
    }),
    ['lineItems', 0, 'quantity'],
  ),
  json(
    'PATCH',
    '/ecom/v1/carts/current',
    'visitor',
    () => '/ecom/v1/carts/current',
    (f) => ({
      lineItems: [lineItem(f.productId, 1)],
    }),
    ['lineItems', 0, 'quantity'],
  ),
  json(
    'POST',
    '/ecom/v1/carts/current/remove-line-items',
    'visitor',
    () => '/ecom/v1/carts/current/remove-line-items',
    (f) => ({
      lineItemIds: [f.lineId],
    }),
  ),
  json(
    'POST',
    '/ecom/v1/carts/current/update-line-items-quantity',
    'visitor',
    () => '/ecom/v1/carts/current/update-line-items-quantity',
    (f) => ({
      lineItems: [{ id: f.lineId, quantity: 2 }],
    }),
    ['lineItems', 0, 'quantity'],
  ),
  json(
    'POST',
    '/ecom/v1/carts/current/remove-coupon',
    'visitor',
    () => '/ecom/v1/carts/current/remove-coupon',
    () => ({}),
  ),
  json(
    'POST',
    '/ecom/v1/carts/current/estimate-totals',
    'visitor',
    () => '/ecom/v1/carts/current/estimate-totals',
    () => ({
      shippingAddress: { country: 'US' },
    }),
  ),
  json(
    'POST',
    '/ecom/v1/carts/current/create-checkout',
    'visitor',
    () => '/ecom/v1/carts/current/create-checkout',
    () => ({
      channelType: 'WEB',
    }),
  ),
  bare('DELETE', '/ecom/v1/carts/current', 'visitor', () => '/ecom/v1/carts/current'),
  ...CART_V2_ROUTES,
  json(
    'POST',
    '/ecom/v1/checkouts',
    'visitor',
    () => '/ecom/v1/checkouts',
    (f) => ({ channelType: 'WEB', lineItems: [lineItem(f.productId)] }),
  ),
  bare('GET', '/stores/v3/provision/version', 'visitor', () => '/stores/v3/provision/version'),
  bare('GET', '/ecom/v1/orders/:id', 'app', () => '/ecom/v1/orders/none', {
    pathParam: (_f, v) => `/ecom/v1/orders/${v}`,
  }),
  json(
    'POST',
    '/ecom/v1/orders/search',
    'member',
    () => '/ecom/v1/orders/search',
    () => ({ search: { filter: { status: 'APPROVED' }, cursorPaging: { limit: 5 } } }),
    ['search', 'cursorPaging', 'limit'],
  ),
  bare('GET', '/members/v1/members/my', 'member', () => '/members/v1/members/my', {
    params: () => ({ fieldsets: 'FULL' }),
  }),
  ...['/v1/recommendations', '/ecom/v1/recommendations'].flatMap((prefix) => [
    bare('GET', `${prefix}/algorithms`, 'visitor', () => `${prefix}/algorithms`),
    json(
      'POST',
      `${prefix}/get`,
      'visitor',
      () => `${prefix}/get`,
      (f) => ({
        algorithms: [{ id: '68ebce04-b96a-4c52-9329-08fc9d8c1253', appId: STORES_APP_ID }],
        items: [{ catalogItemId: f.productId, appId: STORES_APP_ID }],
        minimumRecommendedItems: 1,
      }),
      ['minimumRecommendedItems'],
    ),
  ]),

  ...queryRoutes('/v2/collections/query'),
  ...queryRoutes('/stores-reader/v1/collections/query'),
  ...queryRoutes('/stores-reader/v1/products/query-platformized'),
  ...queryRoutes('/stores-reader/v1/products/query'),
  ...queryRoutes('/stores-reader/v1/variants/query'),
  bare(
    'GET',
    '/v2/collections/slug/:slug',
    'visitor',
    (f) => `/v2/collections/slug/${f.collectionSlug}`,
    {
      pathParam: (_f, v) => `/v2/collections/slug/${v}`,
    },
  ),
  bare('GET', '/v2/collections/:id', 'visitor', (f) => `/v2/collections/${f.collectionId}`, {
    pathParam: (_f, v) => `/v2/collections/${v}`,
  }),
  bare(
    'GET',
    '/stores-reader/v1/collections/slug/:slug',
    'visitor',
    (f) => `/stores-reader/v1/collections/slug/${f.collectionSlug}`,
    {
      pathParam: (_f, v) => `/stores-reader/v1/collections/slug/${v}`,
    },
  ),
  bare(
    'GET',
    '/stores-reader/v1/collections/:id',
    'visitor',
    (f) => `/stores-reader/v1/collections/${f.collectionId}`,
    {
      pathParam: (_f, v) => `/stores-reader/v1/collections/${v}`,
    },
  ),
  bare(
    'GET',
    '/stores-reader/v1/products/:id',
    'visitor',
    (f) => `/stores-reader/v1/products/${f.productId}`,
    {
      params: () => ({ includeMerchantSpecificData: 'true' }),
    },
  ),
  json(
    'POST',
    '/stores-reader/v1/products/:id/productOptionsAvailability',
    'visitor',
    (f) => `/stores-reader/v1/products/${f.optionsProductId}/productOptionsAvailability`,
    () => ({
      options: { Size: 'M' },
    }),
  ),
  json(
    'POST',
    '/stores-reader/v1/products/:id/variants/query',
    'visitor',
    (f) => `/stores-reader/v1/products/${f.optionsProductId}/variants/query`,
    () => ({
      choices: { Size: 'M' },
      paging: { limit: 5 },
    }),
    ['paging', 'limit'],
  ),
  bare(
    'GET',
    '/stores-reader/v1/variants/:id',
    'visitor',
    (f) => `/stores-reader/v1/variants/${f.variantId}`,
    {
      pathParam: (_f, v) => `/stores-reader/v1/variants/${v}`,
    },
  ),

  ...['/stores/v1/products', '/stores/v2/products-platformized'].map((route) =>
    json(
      'POST',
      route,
      'app',
      () => route,
      () => ({
        product: {
          name: 'Table Mug',
          priceData: { price: 5 },
          stock: { trackInventory: true, quantity: 3 },
        },
      }),
      ['product', 'stock', 'quantity'],
    ),
  ),
  ...['/stores/v1/products/:id', '/stores/v2/products-platformized/:id'].flatMap((route) => [
    json(
      'PATCH',
      route,
      'app',
      (f) => route.replace(':id', f.productId),
      () => ({
        product: { name: 'Renamed', stock: { quantity: 4 } },
      }),
      ['product', 'stock', 'quantity'],
    ),
    bare('DELETE', route, 'app', (f) => route.replace(':id', f.productId), {
      pathParam: (_f, v) => route.replace(':id', v),
    }),
  ]),
  json(
    'PATCH',
    '/stores/v1/products/:id/variants',
    'app',
    (f) => product(`${f.optionsProductId}/variants`),
    () => ({
      variants: [{ choices: { Size: 'S' }, price: 7 }],
    }),
  ),
  json(
    'POST',
    '/stores/v1/products/:id/variants/resetToDefault',
    'app',
    (f) => product(`${f.optionsProductId}/variants/resetToDefault`),
    () => ({}),
  ),
  json(
    'POST',
    '/stores/v1/products/:id/media',
    'app',
    (f) => product(`${f.productId}/media`),
    () => ({
      media: [{ url: 'https://example.com/a.png' }],
    }),
  ),
  json(
    'POST',
    '/stores/v1/products/:id/media/delete',
    'app',
    (f) => product(`${f.productId}/media/delete`),
    () => ({
      mediaIds: ['none'],
    }),
  ),
  ...['PATCH /choices/media', 'POST /choices/media/delete'].map((entry) => {
    const [method, tail] = entry.split(' ') as [string, string];
    return json(
      method,
      `/stores/v1/products/:id${tail}`,
      'app',
      (f) => product(`${f.optionsProductId}${tail}`),
      () => ({
        media: [{ option: 'Size', choice: 'S', mediaIds: [] }],
      }),
    );
  }),
  bare(
    'DELETE',
    '/stores/v1/products/:id/options',
    'app',
    (f) => product(`${f.optionsProductId}/options`),
    {
      pathParam: (_f, v) => product(`${v}/options`),
    },
  ),
  ...['remove-brand', 'remove-ribbon'].map((action) =>
    json(
      'POST',
      `/stores/v1/products/:id/${action}`,
      'app',
      (f) => product(`${f.productId}/${action}`),
      () => ({}),
    ),
  ),
  json(
    'POST',
    '/stores/v1/bulk/products/update',
    'app',
    () => '/stores/v1/bulk/products/update',
    (f) => ({
      ids: [f.productId],
      set: { price: 9 },
    }),
  ),
  json(
    'POST',
    '/stores/v1/bulk/products/adjust-properties',
    'app',
    () => '/stores/v1/bulk/products/adjust-properties',
    (f) => ({
      ids: [f.productId],
      adjust: { price: { amount: 1 } },
    }),
  ),
  ...['productIds', 'productIds/delete'].map((tail) =>
    json(
      'POST',
      `/stores/v1/collections/:id/${tail}`,
      'app',
      (f) => `/stores/v1/collections/${f.collectionId}/${tail}`,
      (f) => ({
        productIds: [f.productId],
      }),
    ),
  ),
  json(
    'POST',
    '/stores/v1/collections',
    'app',
    () => '/stores/v1/collections',
    () => ({
      collection: { name: 'Table' },
    }),
  ),
  json(
    'PATCH',
    '/stores/v1/collections/:id',
    'app',
    (f) => `/stores/v1/collections/${f.collectionId}`,
    () => ({
      collection: { name: 'Table 2' },
    }),
  ),
  bare(
    'DELETE',
    '/stores/v1/collections/:id',
    'app',
    (f) => `/stores/v1/collections/${f.collectionId}`,
    {
      pathParam: (_f, v) => `/stores/v1/collections/${v}`,
    },
  ),
  json(
    'POST',
    '/graphql/:apiVersion',
    'visitor',
    () => '/graphql/alpha',
    () => ({ query: '{ a }' }),
  ),
  ...dataRoutes(),
];

/**
 * The Data API of a site without collections (absent/data-routes.ts): every item call of every
 * method names its collection, in the query of a GET or DELETE and in the body of the others.
 */
function dataRoutes(): RouteSpec[] {
  const DATA = '/wix-data/v2';
  const named = { dataCollectionId: 'Menus' };
  const items: [string, string][] = [
    [`${DATA}/items`, `${DATA}/items`],
    [`${DATA}/items/*`, `${DATA}/items/query`],
    [`${DATA}/bulk/*`, `${DATA}/bulk/items/insert`],
  ];
  const withQuery = ['GET', 'DELETE'];
  return [
    ...items.flatMap(([route, path]) =>
      ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) =>
        withQuery.includes(method)
          ? bare(method, route, 'visitor', () => path, { params: () => named })
          : json(
              method,
              route,
              'visitor',
              () => path,
              () => named,
            ),
      ),
    ),
    ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) =>
      bare(
        method,
        `${DATA}/collections/:dataCollectionId`,
        'visitor',
        () => `${DATA}/collections/Menus`,
        {
          pathParam: (_f, v) => `${DATA}/collections/${v}`,
        },
      ),
    ),
  ];
}

/** Builds the fixture on a fresh emulator. */
export async function buildFixture(emu: Emulator): Promise<Fixture> {
  const shopper = (await visitor(emu)).access_token;
  const plain = await simpleProduct(emu, shopper);
  const added = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
    token: shopper,
    body: { lineItems: [lineItem(plain.id, 1)] },
  });
  const tee = (
    await call(emu, 'POST', '/stores-reader/v1/products/query-platformized', {
      token: shopper,
      body: { query: { filter: { slug: 'classic-crew-tee' } }, includeVariants: true },
    })
  ).body.products[0];
  const collection = (
    await call(emu, 'POST', '/v2/collections/query', { token: shopper, body: {} })
  ).body.collections[0];
  const signedIn = await member(emu, 'bad@example.com');
  await register(emu, 'recover@example.com');
  await call(emu, 'POST', '/_api/iam/recovery/v1/send-email', {
    token: shopper,
    body: { email: 'recover@example.com' },
  });
  const auth = await authSession(emu, shopper, { challenge: pkce().challenge });
  const { checkoutId } = (
    await call(emu, 'POST', '/ecom/v1/carts/current/create-checkout', { token: shopper, body: {} })
  ).body;
  const session = async (body: unknown) =>
    (await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', { token: shopper, body }))
      .body.redirectSession.id as string;
  return {
    visitor: shopper,
    member: signedIn.access_token,
    productId: plain.id,
    optionsProductId: tee.id,
    variantId: tee.variants[0].id,
    collectionId: collection.id,
    collectionSlug: collection.slug,
    lineId: added.body.cart.lineItems[0].id,
    authSessionId: new URL(auth.body.redirectSession.fullUrl).searchParams.get(
      'redirectSessionId',
    )!,
    checkoutSessionId: await session({ ecomCheckout: { checkoutId } }),
    logoutSessionId: await leavingSession(emu),
    flowSessionId: await session({ bookingsCheckout: {} }),
    recoveryToken: emu.outbox.latest({ kind: 'recovery' })!.recoveryToken!,
    mediaFile: pathOf(plain.media.mainMedia.image.url).replace('/media/', ''),
  };
}

/** A logout session, made by a visitor of its own: creating one ends the caller's sign-in. */
async function leavingSession(emu: Emulator): Promise<string> {
  const leaving = (await visitor(emu)).access_token;
  const reply = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
    token: leaving,
    body: {
      logout: { clientId: emu.clientId },
      callbacks: { postFlowUrl: 'http://localhost:5173/' },
    },
  });
  return reply.body.redirectSession.id as string;
}

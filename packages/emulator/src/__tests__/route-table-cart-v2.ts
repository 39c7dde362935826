/**
 * Cart V2's rows of the route table (route-table.ts): each route of the current cart and of a
 * cart by id with a request it accepts. Carts by id are named by an id no cart has, so every bad
 * request a row is bent into changes nothing whatever it gets past.
 */
import { STORES_APP_ID } from '../index.js';
import type { Fixture, RouteSpec } from './route-table.js';

const CURRENT = '/ecom/v2/carts/current';
const NO_CART = '00000000-0000-4000-8000-000000000000';
const BY_ID = '/ecom/v2/carts/:cartId';

const item = (f: Fixture) => ({
  catalogReference: { catalogItemId: f.productId, appId: STORES_APP_ID },
  quantity: 1,
});

/** What each operation under a cart's path takes: suffix, method, sample, integer field. */
const OPERATIONS: [string, string, ((f: Fixture) => unknown) | undefined, (string | number)[]?][] =
  [
    ['', 'GET', undefined],
    ['', 'PATCH', () => ({ cart: { note: 'Leave at the door' } })],
    ['', 'DELETE', undefined],
    ['/refresh', 'POST', () => ({})],
    ['/calculate', 'POST', () => ({})],
    ['/estimate', 'POST', () => ({ calculateTax: true })],
    [
      '/add-line-items',
      'POST',
      (f) => ({ catalogItems: [item(f)] }),
      ['catalogItems', 0, 'quantity'],
    ],
    ['/remove-line-items', 'POST', (f) => ({ lineItemIds: [f.lineId] })],
    [
      '/update-line-items',
      'POST',
      (f) => ({ lineItems: [{ lineItemId: f.lineId, quantity: { newQuantity: 2 } }] }),
      ['lineItems', 0, 'quantity', 'newQuantity'],
    ],
    ['/add-coupon', 'POST', () => ({ coupon: { code: 'WELCOME10' } })],
    ['/remove-coupon', 'POST', () => ({ couponId: NO_CART })],
    ['/set-delivery-method', 'POST', () => ({ deliveryMethod: { code: 'standard' } })],
    ['/remove-delivery-method', 'POST', () => ({})],
    ['/add-gift-card', 'POST', () => ({ giftCard: { code: 'GIFT-0000-1234' } })],
    ['/remove-gift-card', 'POST', () => ({ giftCardId: NO_CART })],
    [
      '/update-forms-submission',
      'POST',
      () => ({ formSubmissions: [{ id: NO_CART, formSubmissionId: NO_CART }] }),
    ],
    ['/upsell-options', 'GET', undefined],
  ];

function rows(base: string, path: string, byId: boolean): RouteSpec[] {
  return OPERATIONS.map(([suffix, method, sample, numberAt]) => ({
    method,
    route: `${base}${suffix}`,
    as: 'visitor',
    channel: sample ? 'json' : 'none',
    path: () => `${path}${suffix}`,
    ...(sample ? { sample } : {}),
    ...(numberAt ? { numberAt } : {}),
    ...(byId ? { pathParam: (_f: Fixture, v: string) => `/ecom/v2/carts/${v}${suffix}` } : {}),
  }));
}

/** Every Cart V2 route. */
export const CART_V2_ROUTES: RouteSpec[] = [
  {
    method: 'POST',
    route: CURRENT,
    as: 'visitor',
    channel: 'json',
    path: () => CURRENT,
    sample: (f) => ({ catalogItems: [item(f)] }),
    numberAt: ['catalogItems', 0, 'quantity'],
  },
  ...rows(CURRENT, CURRENT, false),
  {
    method: 'POST',
    route: '/ecom/v2/carts',
    as: 'visitor',
    channel: 'json',
    path: () => '/ecom/v2/carts',
    sample: (f) => ({ catalogItems: [item(f)] }),
    numberAt: ['catalogItems', 0, 'quantity'],
  },
  ...rows(BY_ID, `/ecom/v2/carts/${NO_CART}`, true),
  ...(['/get-checkout-url', '/place-order'] as const).map((suffix): RouteSpec => ({
    method: 'POST',
    route: `${BY_ID}${suffix}`,
    as: 'visitor',
    channel: 'json',
    path: () => `/ecom/v2/carts/${NO_CART}${suffix}`,
    sample: () => ({}),
    pathParam: (_f, v) => `/ecom/v2/carts/${v}${suffix}`,
  })),
];

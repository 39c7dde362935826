import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StoreApiError, storesLineItem } from '@vitrine/sdk';
import {
  useLogin,
  useLoginWithRedirect,
  useLogout,
  usePasswordReset,
  useRegister,
  useVerifyEmail,
} from '../auth/hooks.js';
import {
  useAddToCart,
  useApplyCoupon,
  useCheckout,
  useEstimateTotals,
  useRemoveCoupon,
  useRemoveLineItems,
  useUpdateCart,
  useUpdateLineItemQuantity,
} from '../cart/mutations.js';
import {
  useCollection,
  useCollections,
  useInfiniteProducts,
  useProduct,
  useProductOptionsAvailability,
  useProducts,
  useVariants,
} from '../catalog/hooks.js';
import { useSession } from '../session/use-session.js';
import { deferred, fakePlatform, json, testClient, wrapperFor, type Route } from './helpers.js';

// Every hook, rendered with a recorder: each render's whole result (status, data, error) is kept,
// and the sequence a component would see is compared as a whole, as react-query's own tests do.

/** The renders of `hook`, as `pick` sees them, with consecutive duplicates folded. */
function recordRenders<T, R>(hook: () => T, pick: (result: T) => R, routes: Record<string, Route>) {
  const platform = fakePlatform(routes);
  const client = testClient(platform.fetch);
  const renders: R[] = [];
  const utils = renderHook(
    () => {
      const result = hook();
      renders.push(pick(result));
      return result;
    },
    { wrapper: wrapperFor(client) },
  );
  const distinct = () =>
    renders.filter((r, i) => i === 0 || JSON.stringify(r) !== JSON.stringify(renders[i - 1]));
  return { ...utils, renders, distinct, platform, client };
}

type QueryLike = { status: string; data: unknown; error: unknown };
const query = ({ status, data, error }: QueryLike) => ({
  status,
  data,
  error: error === null ? null : (error as Error).name,
});

const PRODUCT = { id: 'p1', name: 'Linen shirt' };
const COLLECTION = { id: 'c1', slug: 'shirts', name: 'Shirts' };
const page = (key: string, items: unknown[]) => () =>
  json({ [key]: items, metadata: { count: items.length, offset: 0, total: items.length } });
const broken: Route = () => json({ message: 'down' }, 500);

const catalogCases: {
  name: string;
  hook: () => QueryLike;
  route: string;
  answer: Route;
  data: unknown;
}[] = [
  {
    name: 'useProducts',
    hook: () => useProducts(),
    route: 'GET /stores-reader/v1/products/query-platformized',
    answer: page('products', [PRODUCT]),
    data: { items: [PRODUCT], totalCount: 1, paging: { limit: 50, offset: 0 }, hasNext: false },
  },
  {
    name: 'useInfiniteProducts',
    hook: () => useInfiniteProducts(),
    route: 'GET /stores-reader/v1/products/query-platformized',
    answer: page('products', [PRODUCT]),
    data: {
      pages: [
        { items: [PRODUCT], totalCount: 1, paging: { limit: 50, offset: 0 }, hasNext: false },
      ],
      pageParams: [0],
    },
  },
  {
    name: 'useProduct',
    hook: () => useProduct('p1'),
    route: 'GET /stores-reader/v1/products/p1',
    answer: () => json({ product: PRODUCT }),
    data: PRODUCT,
  },
  {
    name: 'useProductOptionsAvailability',
    hook: () => useProductOptionsAvailability('p1', { Size: 'L' }),
    route: 'POST /stores-reader/v1/products/p1/productOptionsAvailability',
    answer: () => json({ availableForPurchase: true, selectedVariant: { variantId: 'v1' } }),
    data: { availableForPurchase: true, selectedVariant: { variantId: 'v1' } },
  },
  {
    name: 'useVariants',
    hook: () => useVariants('p1'),
    route: 'POST /stores-reader/v1/products/p1/variants/query',
    answer: () => json({ variants: [{ id: 'v1' }], totalResults: 1 }),
    data: { variants: [{ id: 'v1' }], totalResults: 1 },
  },
  {
    name: 'useCollections',
    hook: () => useCollections(),
    route: 'GET /v2/collections/query',
    answer: page('collections', [COLLECTION]),
    data: { items: [COLLECTION], totalCount: 1, paging: { limit: 50, offset: 0 }, hasNext: false },
  },
  {
    name: 'useCollection',
    hook: () => useCollection({ id: 'c1' }),
    route: 'GET /v2/collections/c1',
    answer: () => json({ collection: COLLECTION }),
    data: COLLECTION,
  },
];

describe('every hook, render by render', () => {
  describe('catalog reads', () => {
    it.each(catalogCases)(
      '$name: pending → success with the data',
      async ({ hook, route, answer, data }) => {
        const { distinct } = recordRenders(hook, (r) => query(r), { [route]: answer });
        await waitFor(() => expect(distinct().at(-1)?.status).toBe('success'));
        expect(distinct()).toMatchObject([
          { status: 'pending', data: undefined, error: null },
          { status: 'success', data, error: null },
        ]);
      },
    );

    it.each(catalogCases)('$name: pending → error with the SDK error', async ({ hook, route }) => {
      const { distinct, result } = recordRenders(hook, (r) => query(r), { [route]: broken });
      await waitFor(() => expect(distinct().at(-1)?.status).toBe('error'));
      expect(distinct()).toEqual([
        { status: 'pending', data: undefined, error: null },
        { status: 'error', data: undefined, error: 'StoreSystemError' },
      ]);
      expect(result.current.error).toBeInstanceOf(StoreApiError);
    });
  });

  describe('mutations', () => {
    type MutationLike = {
      status: string;
      isPending: boolean;
      data: unknown;
      error: unknown;
      mutate: (input: never) => void;
    };
    const mutation = ({ status, isPending, data, error }: MutationLike) => ({
      status,
      isPending,
      hasData: data !== undefined,
      error: error === null ? null : (error as Error).name,
    });
    const CART = {
      cart: {
        id: 'cart',
        lineItems: [
          {
            id: 'l1',
            quantity: 1,
            catalogReference: {
              catalogItemId: 'p1',
              appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
            },
          },
        ],
      },
    };
    const cartRoutes: Record<string, Route> = {
      'GET /ecom/v1/carts/current': () => json(CART),
      'PATCH /ecom/v1/carts/current': () => json(CART),
      'POST /ecom/v1/carts/current/add-to-cart': () => json(CART),
      'POST /ecom/v1/carts/current/update-line-items-quantity': () => json(CART),
      'POST /ecom/v1/carts/current/remove-line-items': () => json(CART),
      'POST /ecom/v1/carts/current/remove-coupon': () => json(CART),
      'POST /ecom/v1/carts/current/estimate-totals': () =>
        json({ cart: CART.cart, priceSummary: { total: { amount: '10' } } }),
      'POST /ecom/v1/carts/current/create-checkout': () => json({ checkoutId: 'ch1' }),
      'POST /_api/redirects-api/v1/redirect-session': () =>
        json({
          redirectSession: {
            id: 'rs',
            fullUrl: 'http://127.0.0.1:4999/page?s=1',
            urlDetails: { endpoint: 'http://127.0.0.1:4999/page' },
          },
        }),
      'POST /_api/iam/authentication/v2/login': () => json({ state: 'REQUIRE_OWNER_APPROVAL' }),
      'POST /_api/iam/authentication/v2/register': () => json({ state: 'REQUIRE_OWNER_APPROVAL' }),
      'POST /_api/iam/verification/v1/auth/verify': () => json({ state: 'REQUIRE_OWNER_APPROVAL' }),
      'POST /_api/iam/recovery/v1/send-email': () => json({}),
    };
    const cases: { name: string; hook: () => MutationLike; input: unknown }[] = [
      { name: 'useAddToCart', hook: () => useAddToCart(), input: storesLineItem('p1', 1) },
      {
        name: 'useUpdateCart',
        hook: () => useUpdateCart(),
        input: { cartInfo: { buyerNote: 'hi' } },
      },
      {
        name: 'useUpdateLineItemQuantity',
        hook: () => useUpdateLineItemQuantity(),
        input: { lineItemId: 'l1', quantity: 2 },
      },
      { name: 'useRemoveLineItems', hook: () => useRemoveLineItems(), input: 'l1' },
      { name: 'useApplyCoupon', hook: () => useApplyCoupon(), input: 'WELCOME10' },
      { name: 'useRemoveCoupon', hook: () => useRemoveCoupon(), input: undefined },
      {
        name: 'useEstimateTotals',
        hook: () => useEstimateTotals(),
        input: { shippingAddress: { country: 'US' } },
      },
      {
        name: 'useCheckout',
        hook: () => useCheckout({ redirect: false }),
        input: { postFlowUrl: 'http://localhost:3000/done' },
      },
      {
        name: 'useLogin',
        hook: () => useLogin(),
        input: { email: 'a@b.co', password: 'pw-123456' },
      },
      {
        name: 'useRegister',
        hook: () => useRegister(),
        input: { email: 'a@b.co', password: 'pw-123456' },
      },
      {
        name: 'useVerifyEmail',
        hook: () => useVerifyEmail(),
        input: {
          code: '123456',
          state: { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'st_1234567' } },
        },
      },
      {
        name: 'usePasswordReset().sendEmail',
        hook: () => usePasswordReset().sendEmail,
        input: { email: 'a@b.co', redirectUri: 'http://localhost:3000/reset' },
      },
      {
        name: 'useLogout',
        hook: () => useLogout({ redirect: false }),
        input: 'http://localhost:3000/',
      },
    ];

    // Answers wait for the test to release them, so the pending render is really seen.
    function heldRoutes() {
      const gate = deferred<void>();
      const held = Object.fromEntries(
        Object.entries(cartRoutes).map(([key, route]) => [
          key,
          key === 'GET /ecom/v1/carts/current'
            ? route
            : (r: Parameters<Route>[0]) => gate.promise.then(() => route(r)),
        ]),
      );
      return { held, release: () => gate.resolve() };
    }

    it.each(cases)(
      '$name: idle → pending → success, never throwing into render',
      async ({ hook, input }) => {
        const { held, release } = heldRoutes();
        const { distinct, result, client } = recordRenders(hook, (r) => mutation(r), held);
        await act(() => client.cartStore.load());
        act(() => result.current.mutate(input as never));
        await waitFor(() => expect(distinct().at(-1)?.status).toBe('pending'));
        release();
        await waitFor(() => expect(distinct().at(-1)?.status).toBe('success'));
        expect(distinct()).toEqual([
          { status: 'idle', isPending: false, hasData: false, error: null },
          { status: 'pending', isPending: true, hasData: false, error: null },
          {
            status: 'success',
            isPending: false,
            hasData: expect.any(Boolean) as boolean,
            error: null,
          },
        ]);
      },
    );

    it.each(cases.slice(0, 7))(
      '$name: idle → pending → error when the platform refuses',
      async ({ hook, input }) => {
        const gate = deferred<void>();
        const refusing: Record<string, Route> = Object.fromEntries(
          Object.keys(cartRoutes).map((key) => [
            key,
            key === 'GET /ecom/v1/carts/current'
              ? cartRoutes[key]!
              : () => gate.promise.then(() => json({ message: 'No' }, 400)),
          ]),
        );
        const { distinct, result, client } = recordRenders(hook, (r) => mutation(r), refusing);
        await act(() => client.cartStore.load());
        act(() => result.current.mutate(input as never));
        await waitFor(() => expect(distinct().at(-1)?.status).toBe('pending'));
        gate.resolve();
        await waitFor(() => expect(distinct().at(-1)?.status).toBe('error'));
        expect(distinct()).toEqual([
          { status: 'idle', isPending: false, hasData: false, error: null },
          { status: 'pending', isPending: true, hasData: false, error: null },
          { status: 'error', isPending: false, hasData: false, error: 'StoreClientError' },
        ]);
      },
    );

    it('useLoginWithRedirect: idle → pending while the browser leaves', async () => {
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const { held, release } = heldRoutes();
        const { distinct, result } = recordRenders(
          () => useLoginWithRedirect(),
          (r) => mutation(r),
          held,
        );
        act(() => result.current.mutate({ redirectUri: 'http://localhost:3000/callback' }));
        await waitFor(() => expect(distinct().at(-1)?.status).toBe('pending'));
        release();
        await waitFor(() => expect(distinct().at(-1)?.status).toBe('success'));
        expect(distinct().map((r) => r.status)).toEqual(['idle', 'pending', 'success']);
      } finally {
        quiet.mockRestore();
      }
    });
  });

  describe('useSession', () => {
    it('none → visitor once the first call needs a token, one render per change', async () => {
      const { distinct, client } = recordRenders(
        () => useSession(),
        ({ role, isLoggedIn, loginState, status }) => ({ role, isLoggedIn, loginState, status }),
        {},
      );
      await act(() => client.auth.getAuthHeaders());
      // React 19 shows the renewal in progress; React 18 may batch it away. Either way the
      // session starts as none, ends as visitor, and passes only through these states.
      const allowed = [
        { role: 'none', isLoggedIn: false, loginState: 'INITIAL', status: 'idle' },
        { role: 'none', isLoggedIn: false, loginState: 'INITIAL', status: 'renewing' },
        { role: 'visitor', isLoggedIn: false, loginState: 'INITIAL', status: 'renewing' },
        { role: 'visitor', isLoggedIn: false, loginState: 'INITIAL', status: 'idle' },
      ];
      const seen = distinct();
      expect(seen[0]).toEqual(allowed[0]);
      expect(seen.at(-1)).toEqual(allowed[3]);
      const order = seen.map((state) =>
        allowed.findIndex((a) => JSON.stringify(a) === JSON.stringify(state)),
      );
      expect(order.every((index, k) => index >= 0 && (k === 0 || index > order[k - 1]!))).toBe(
        true,
      );
    });
  });
});

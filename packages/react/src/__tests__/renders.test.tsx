import { act, renderHook, waitFor } from '@testing-library/react';
import { version } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StoreApiError, storesLineItem, type AuthState } from '@vitrine/sdk';
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
import { useSession } from '../session/use-session.js';
import { catalogCases } from './catalog-cases.js';
import {
  CART_V2,
  RETURNING_VISITOR,
  cartV2Answer,
  deferred,
  fakePlatform,
  json,
  testClient,
  wrapperFor,
  type Route,
} from './helpers.js';
import {
  errorMutation,
  errorQuery,
  idleMutation,
  infiniteFields,
  pendingMutation,
  pendingQuery,
  snapshot,
  successMutation,
  successQuery,
} from './record.js';

// Every hook, rendered with a recorder: each render's whole result is kept, and the exact
// sequence a component sees is compared, as react-query's own tests do. A render too many (or
// one missing) fails the test.

/** Renders `hook` on a fake platform answering `routes`, recording every render's result. */
function recordRenders<T extends object>(hook: () => T, routes: Record<string, Route>) {
  const platform = fakePlatform(routes);
  const client = testClient(platform.fetch);
  const renders: Record<string, unknown>[] = [];
  const utils = renderHook(
    () => {
      const result = hook();
      renders.push(snapshot(result));
      return result;
    },
    { wrapper: wrapperFor(client) },
  );
  return { ...utils, renders, platform, client };
}

const REACT_18 = version.startsWith('18.');
const SYSTEM_ERROR = {
  name: 'StoreSystemError',
  message: 'System error occurred, request-id: test-request',
};
const broken: Route = () => json({ message: 'down' }, 500);

describe('every hook, render by render', () => {
  describe('catalog reads', () => {
    it.each(catalogCases)(
      '$name: pending → success with the data, two renders',
      async ({ name, use, route, answer, data }) => {
        const { renders, result } = recordRenders(() => use(), { [route]: answer() });
        await waitFor(() => expect(result.current.status).toBe('success'));
        const extra = name === 'useInfiniteProducts' ? infiniteFields(false) : {};
        expect(renders).toEqual([
          { ...pendingQuery, ...extra },
          { ...successQuery(data()), ...extra },
        ]);
      },
    );

    it.each(catalogCases)(
      '$name: pending → error with the SDK error, two renders',
      async ({ name, use, route }) => {
        const { renders, result } = recordRenders(() => use(), { [route]: broken });
        await waitFor(() => expect(result.current.status).toBe('error'));
        const extra = name === 'useInfiniteProducts' ? infiniteFields(false) : {};
        expect(renders).toEqual([
          { ...pendingQuery, ...extra },
          { ...errorQuery(SYSTEM_ERROR), ...extra },
        ]);
        expect(result.current.error).toBeInstanceOf(StoreApiError);
      },
    );

    it.each(catalogCases)(
      '$name: held by enabled: false, one render per render asked',
      ({ name, use }) => {
        const { renders, platform, rerender } = recordRenders(() => use({ enabled: false }), {});
        rerender();
        const held = {
          ...pendingQuery,
          ...(name === 'useInfiniteProducts' ? infiniteFields(false) : {}),
          fetchStatus: 'idle',
          isFetching: false,
          isLoading: false,
          isInitialLoading: false,
          isEnabled: false,
          isStale: false,
        };
        expect(renders).toEqual([held, held]);
        expect(platform.received).toEqual([]);
      },
    );
  });

  describe('mutations', () => {
    const LINE = {
      id: 'l1',
      quantity: 1,
      catalogReference: { catalogItemId: 'p1', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
    };
    // Cart V2 (the cart API a client uses by default), with a coupon to remove.
    const CART = cartV2Answer(
      { id: 'cart', lineItems: [LINE] },
      { coupons: [{ id: 'coupon-1', code: 'WELCOME10' }] },
    );
    const cartRoutes: Record<string, Route> = {
      [`GET ${CART_V2}`]: () => json(CART),
      [`PATCH ${CART_V2}`]: () => json(CART),
      [`POST ${CART_V2}/add-line-items`]: () => json(CART),
      [`POST ${CART_V2}/update-line-items`]: () => json(CART),
      [`POST ${CART_V2}/remove-line-items`]: () => json(CART),
      [`POST ${CART_V2}/add-coupon`]: () => json(CART),
      [`POST ${CART_V2}/remove-coupon`]: () => json(CART),
      [`POST ${CART_V2}/estimate`]: () =>
        json({ cart: CART.cart, summary: { priceSummary: { total: { amount: '10' } } } }),
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
    const OWNER_APPROVAL = { loginState: 'OWNER_APPROVAL_REQUIRED', data: {} };
    const VERIFYING = {
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      data: { stateToken: 'st_1234567' },
    };
    type Case = {
      name: string;
      hook: () => object & { mutate: (input: never) => void };
      input: unknown;
      /** The mutation's `data` on success. */
      data: unknown;
      /**
       * The sign-in hooks render once more: the session's login state changes when the SDK's
       * call settles, a tick before TanStack hands the result over.
       */
      signIn?: true;
    };
    const cartData = expect.objectContaining({ id: 'cart' }) as unknown;
    const cases: Case[] = [
      {
        name: 'useAddToCart',
        hook: () => useAddToCart(),
        input: storesLineItem('p1', 1),
        data: cartData,
      },
      {
        name: 'useUpdateCart',
        hook: () => useUpdateCart(),
        input: { cartInfo: { buyerNote: 'hi' } },
        data: cartData,
      },
      {
        name: 'useUpdateLineItemQuantity',
        hook: () => useUpdateLineItemQuantity(),
        input: { lineItemId: 'l1', quantity: 2 },
        data: cartData,
      },
      {
        name: 'useRemoveLineItems',
        hook: () => useRemoveLineItems(),
        input: 'l1',
        data: cartData,
      },
      {
        name: 'useApplyCoupon',
        hook: () => useApplyCoupon(),
        input: 'WELCOME10',
        data: cartData,
      },
      {
        name: 'useRemoveCoupon',
        hook: () => useRemoveCoupon(),
        input: undefined,
        data: cartData,
      },
      {
        name: 'useEstimateTotals',
        hook: () => useEstimateTotals(),
        input: { shippingAddress: { country: 'US' } },
        data: expect.objectContaining({ priceSummary: { total: { amount: '10' } } }),
      },
      {
        name: 'useCheckout',
        hook: () => useCheckout({ redirect: false }),
        input: { postFlowUrl: 'http://localhost:3000/done' },
        // Cart V2 creates no checkout: the cart's id is its checkout's.
        data: { checkoutId: 'cart', checkoutUrl: 'http://127.0.0.1:4999/page?s=1' },
      },
      {
        name: 'useLogin',
        hook: () => useLogin(),
        input: { email: 'a@b.co', password: 'pw-123456' },
        data: OWNER_APPROVAL,
        signIn: true,
      },
      {
        name: 'useRegister',
        hook: () => useRegister(),
        input: { email: 'a@b.co', password: 'pw-123456' },
        data: OWNER_APPROVAL,
        signIn: true,
      },
      {
        name: 'useVerifyEmail',
        hook: () => useVerifyEmail(),
        input: { code: '123456', state: VERIFYING },
        data: OWNER_APPROVAL,
        signIn: true,
      },
      {
        name: 'usePasswordReset().sendEmail',
        hook: () => usePasswordReset().sendEmail,
        input: { email: 'a@b.co', redirectUri: 'http://localhost:3000/reset' },
        data: undefined,
      },
      {
        name: 'useLogout',
        hook: () => useLogout({ redirect: false }),
        input: 'http://localhost:3000/',
        data: { logoutUrl: 'http://127.0.0.1:4999/page?s=1' },
      },
    ];

    // Answers wait for the test to release them, so the pending render is really seen.
    function heldRoutes(answer: (route: Route) => Route = (route) => route) {
      const gate = deferred<void>();
      const held = Object.fromEntries(
        Object.entries(cartRoutes).map(([key, route]) => [
          key,
          key === `GET ${CART_V2}`
            ? route
            : (r: Parameters<Route>[0]) => gate.promise.then(() => answer(route)(r)),
        ]),
      );
      return { held, release: () => gate.resolve() };
    }

    /** What a mutation hook renders from start to success. */
    function successRenders({ input, data, signIn }: Case): object[] {
      if (signIn === undefined)
        return [idleMutation, pendingMutation(input), successMutation(input, data)];
      return [
        { ...idleMutation, loginState: 'INITIAL' },
        { ...pendingMutation(input), loginState: 'INITIAL' },
        // The session's new state shows first (the hook has no result of its own yet)…
        { ...pendingMutation(input), loginState: 'OWNER_APPROVAL_REQUIRED' },
        // …then the result, whose state it is.
        { ...successMutation(input, data), loginState: 'OWNER_APPROVAL_REQUIRED' },
      ];
    }

    it.each(cases)(
      '$name: idle → pending → success, render by render, never throwing into render',
      async (testCase) => {
        const { hook, input } = testCase;
        const { held, release } = heldRoutes();
        const { renders, result, client } = recordRenders(hook, held);
        await act(() => client.cartStore.load());
        act(() => result.current.mutate(input as never));
        await waitFor(() => expect(renders.at(-1)?.status).toBe('pending'));
        release();
        await waitFor(() => expect(renders.at(-1)?.status).toBe('success'));
        expect(renders).toEqual(successRenders(testCase));
      },
    );

    it.each(cases.slice(0, 7))(
      '$name: idle → pending → error when the platform refuses, three renders',
      async ({ hook, input }) => {
        const { held, release } = heldRoutes(() => () => json({ message: 'No' }, 400));
        const { renders, result, client } = recordRenders(hook, held);
        await act(() => client.cartStore.load());
        act(() => result.current.mutate(input as never));
        await waitFor(() => expect(renders.at(-1)?.status).toBe('pending'));
        release();
        await waitFor(() => expect(renders.at(-1)?.status).toBe('error'));
        expect(renders).toEqual([
          idleMutation,
          pendingMutation(input),
          errorMutation(input, { name: 'StoreClientError', message: 'No' }),
        ]);
      },
    );

    it('useLoginWithRedirect: idle → pending while the browser leaves', async () => {
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const { held, release } = heldRoutes();
        const { renders, result } = recordRenders(() => useLoginWithRedirect(), held);
        const input = { redirectUri: 'http://localhost:3000/callback' };
        act(() => result.current.mutate(input));
        await waitFor(() => expect(renders.at(-1)?.status).toBe('pending'));
        release();
        await waitFor(() => expect(renders.at(-1)?.status).toBe('success'));
        expect(renders).toEqual([
          idleMutation,
          pendingMutation(input),
          successMutation(input, { authUrl: 'http://127.0.0.1:4999/page?s=1' }),
        ]);
      } finally {
        quiet.mockRestore();
      }
    });
  });

  describe('useSession', () => {
    const seenSession = (state: AuthState) => ({
      ...state,
      tokens:
        state.tokens === undefined
          ? undefined
          : {
              access: state.tokens.accessToken.value,
              refresh: state.tokens.refreshToken.value,
              role: state.tokens.refreshToken.role,
            },
    });

    it('a sign-in waiting for its code: signing-in → EMAIL_VERIFICATION_REQUIRED → idle', async () => {
      const answer = deferred<void>();
      const platform = fakePlatform({
        'POST /_api/iam/authentication/v2/login': () =>
          answer.promise.then(() =>
            json({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st_verify-123456' }),
          ),
      });
      const client = testClient(platform.fetch, 'test-client', RETURNING_VISITOR);
      const renders: unknown[] = [];
      renderHook(() => renders.push(seenSession(useSession())), { wrapper: wrapperFor(client) });
      let login: Promise<unknown> | undefined;
      act(() => {
        login = client.auth.login({ email: 'a@b.co', password: 'pw-123456' });
      });
      await waitFor(() => expect(platform.received).toHaveLength(1));
      answer.resolve();
      await act(() => login);
      const visitor = {
        tokens: { access: 'at_returning', refresh: 'rt_returning', role: 'visitor' },
        role: 'visitor',
        isLoggedIn: false,
        loginState: 'INITIAL',
        status: 'idle',
        error: undefined,
      };
      expect(renders).toEqual([
        visitor,
        { ...visitor, status: 'signing-in' },
        ...(REACT_18
          ? []
          : [{ ...visitor, status: 'signing-in', loginState: 'EMAIL_VERIFICATION_REQUIRED' }]),
        { ...visitor, loginState: 'EMAIL_VERIFICATION_REQUIRED' },
      ]);
    });

    it('none → renewing → visitor → idle: one render per change, whole state', async () => {
      const grant = deferred<void>();
      const platform = fakePlatform();
      const held: typeof platform.fetch = async (input, init) => {
        await grant.promise;
        return platform.fetch(input, init);
      };
      const client = testClient(held);
      const renders: unknown[] = [];
      renderHook(() => renders.push(seenSession(useSession())), { wrapper: wrapperFor(client) });
      let headers: Promise<unknown> | undefined;
      act(() => {
        headers = client.auth.getAuthHeaders();
      });
      grant.resolve();
      await act(() => headers);
      const none = {
        tokens: undefined,
        role: 'none',
        isLoggedIn: false,
        loginState: 'INITIAL',
        status: 'idle',
        error: undefined,
      };
      const visitor = {
        ...none,
        tokens: { access: 'at_1', refresh: 'rt_1', role: 'visitor' },
        role: 'visitor',
      };
      expect(renders).toEqual([
        none,
        { ...none, status: 'renewing' },
        // The tokens are committed, then the renewal ends: two changes a microtask apart,
        // which React 19 renders one by one and React 18's act() batches into one render.
        ...(REACT_18 ? [] : [{ ...visitor, status: 'renewing' }]),
        visitor,
      ]);
    });
  });
});

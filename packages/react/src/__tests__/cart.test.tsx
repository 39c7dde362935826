import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { memo } from 'react';
import { describe, expect, it } from 'vitest';
import { StoreValidationError, storesLineItem, type CartState } from '@vitrine/sdk';
import { useCart } from '../cart/use-cart.js';
import {
  useAddToCart,
  useApplyCoupon,
  useRemoveLineItems,
  useUpdateLineItemQuantity,
} from '../cart/mutations.js';
import { useProducts } from '../catalog/hooks.js';
import { StoreProvider } from '../provider.js';
import {
  CART_V2,
  RETURNING_VISITOR,
  cartV2Answer,
  deferred,
  fakePlatform,
  json,
  testClient,
  wrapperFor,
} from './helpers.js';
import { PRODUCT_QUERY, queryAnswer, wireProduct } from './storefront-wire.js';

const APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

function line(id: string, productId: string, quantity: number, amount = '10.00') {
  return {
    id,
    quantity,
    catalogReference: { catalogItemId: productId, appId: APP_ID },
    productName: { original: `Product ${productId}` },
    price: { amount },
  };
}

/** The cart of these lines, as Cart V2 (the cart API a client uses by default) answers it. */
function cartOf(...lineItems: ReturnType<typeof line>[]) {
  return cartV2Answer({ id: 'cart-1', lineItems });
}

/** The quantities a Cart V2 `update-line-items` call asked for. */
function quantitiesOf(body: unknown): number[] {
  const { lineItems } = body as { lineItems: { quantity: { newQuantity: number } }[] };
  return lineItems.map((item) => item.quantity.newQuantity);
}

describe('cart hooks', () => {
  describe('useCart', () => {
    it('loads the cart on first use and renders idle → loading → ready', async () => {
      const platform = fakePlatform({
        [`GET ${CART_V2}`]: () => json(cartOf(line('l1', 'p1', 2))),
      });
      const client = testClient(platform.fetch, 'test-client', RETURNING_VISITOR);
      const renders: Pick<CartState, 'status' | 'itemCount'>[] = [];
      renderHook(
        () => {
          const { status, itemCount } = useCart();
          renders.push({ status, itemCount });
        },
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(renders.at(-1)).toEqual({ status: 'ready', itemCount: 2 }));
      expect(renders).toEqual([
        { status: 'idle', itemCount: 0 },
        { status: 'loading', itemCount: 0 },
        { status: 'ready', itemCount: 2 },
      ]);
      expect(platform.received.filter((r) => r.path === CART_V2)).toHaveLength(1);
    });

    it("a brand-new visitor's cart is empty without a request (no 404 in the console)", async () => {
      const platform = fakePlatform();
      const client = testClient(platform.fetch);
      const renders: Pick<CartState, 'status' | 'itemCount'>[] = [];
      renderHook(
        () => {
          const { status, itemCount } = useCart();
          renders.push({ status, itemCount });
        },
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(renders.at(-1)).toEqual({ status: 'ready', itemCount: 0 }));
      expect(platform.received).toEqual([]);
    });

    it('re-renders a selector only when its slice changes', async () => {
      const platform = fakePlatform({
        [`GET ${CART_V2}`]: () => json(cartOf(line('l1', 'p1', 1))),
        [`POST ${CART_V2}/update-line-items`]: () =>
          json(cartOf({ ...line('l1', 'p1', 1), productName: { original: 'Renamed' } })),
      });
      const client = testClient(platform.fetch, 'test-client', RETURNING_VISITOR);
      const counts: number[] = [];
      renderHook(() => counts.push(useCart((state) => state.itemCount)), {
        wrapper: wrapperFor(client),
      });
      await waitFor(() => expect(counts.at(-1)).toBe(1));
      const rendersBefore = counts.length;
      // The cart changes (pending flags, a new confirmed cart) but its item count does not.
      await act(() => client.cartStore.updateQuantities([{ id: 'l1', quantity: 1 }]));
      expect(counts.length).toBe(rendersBefore);
    });
  });

  describe('mutation keys', () => {
    // Two shops in one app share its QueryClient: a cart mutation is keyed by its client, so
    // `isMutating` (or `useMutationState`) of one shop never counts the other's.
    it("are each client's own, under one QueryClient", async () => {
      const hold = deferred<Response>();
      const left = fakePlatform({ [`POST ${CART_V2}/add-line-items`]: () => hold.promise });
      const right = fakePlatform();
      const queryClient = new QueryClient();
      const leftClient = testClient(left.fetch, 'left-shop', RETURNING_VISITOR);
      const rightClient = testClient(right.fetch, 'right-shop', RETURNING_VISITOR);
      const { result } = renderHook(() => useAddToCart(), {
        wrapper: ({ children }) => (
          <QueryClientProvider client={queryClient}>
            <StoreProvider client={leftClient}>{children}</StoreProvider>
            <StoreProvider client={rightClient}>{null}</StoreProvider>
          </QueryClientProvider>
        ),
      });
      act(() => result.current.mutate({ lineItems: [storesLineItem('p1', 1)] }));
      await waitFor(() => expect(queryClient.isMutating()).toBe(1));
      const pending = (clientId: string) =>
        queryClient.isMutating({ mutationKey: ['vitrine', clientId, 'cart'] });
      expect(pending('left-shop')).toBe(1);
      expect(pending('right-shop')).toBe(0);
      expect(
        queryClient.isMutating({ mutationKey: ['vitrine', 'left-shop', 'cart', 'addItems'] }),
      ).toBe(1);
      hold.resolve(json(cartOf(line('l1', 'p1', 1))));
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(pending('left-shop')).toBe(0);
    });
  });

  describe('useAddToCart', () => {
    it('shows the item at once, then rolls it back with the refusal when refused', async () => {
      const refusal = deferred<Response>();
      const platform = fakePlatform({
        [`GET ${CART_V2}`]: () => json(cartOf()),
        [`POST ${CART_V2}/add-line-items`]: () => refusal.promise,
      });
      const client = testClient(platform.fetch);
      type Seen = {
        count: number;
        pending: boolean;
        failures: number;
        hookPending: boolean;
        hookError: unknown;
      };
      const renders: Seen[] = [];
      const { result } = renderHook(
        () => {
          const cart = useCart();
          const add = useAddToCart();
          renders.push({
            count: cart.itemCount,
            pending: Object.values(cart.lines).some((l) => l.pending),
            failures: cart.failures.length,
            hookPending: add.isPending,
            hookError: add.error,
          });
          return add;
        },
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(client.cartStore.getState().status).toBe('ready'));
      await act(async () => result.current.mutate({ lineItems: [storesLineItem('p1', 1)] }));
      await waitFor(() =>
        expect(renders.at(-1)).toMatchObject({ count: 1, pending: true, hookPending: true }),
      );
      refusal.resolve(
        json(
          {
            message: 'invalid',
            details: {
              validationError: {
                fieldViolations: [{ field: 'lineItems[0].quantity', description: 'exceeds stock' }],
              },
            },
          },
          400,
        ),
      );
      await waitFor(() => expect(renders.at(-1)?.hookPending).toBe(false));
      const last = renders.at(-1)!;
      expect(last).toMatchObject({ count: 0, pending: false, failures: 1, hookPending: false });
      expect(last.hookError).toBeInstanceOf(StoreValidationError);
      expect(client.cartStore.getState().failures[0]).toMatchObject({
        operation: 'addItems',
        lineItems: [{ catalogReference: { catalogItemId: 'p1' }, quantity: 1 }],
      });
      // What the shopper saw, change by change: empty, the optimistic line, empty with the refusal.
      const shown = renders
        .map(({ count, pending, failures }) => ({ count, pending, failures }))
        .filter((r, i, all) => i === 0 || JSON.stringify(r) !== JSON.stringify(all[i - 1]));
      expect(shown).toEqual([
        { count: 0, pending: false, failures: 0 },
        { count: 1, pending: true, failures: 0 },
        { count: 0, pending: false, failures: 1 },
      ]);
    });

    it('keeps every one of rapid quantity changes, in order', async () => {
      const sent: number[] = [];
      let quantity = 1;
      const platform = fakePlatform({
        [`GET ${CART_V2}`]: () => json(cartOf(line('l1', 'p1', quantity))),
        [`POST ${CART_V2}/update-line-items`]: (request) => {
          quantity = quantitiesOf(request.body)[0]!;
          sent.push(quantity);
          return json(cartOf(line('l1', 'p1', quantity)));
        },
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(
        () => ({ cart: useCart(), update: useUpdateLineItemQuantity() }),
        {
          wrapper: wrapperFor(client),
        },
      );
      await waitFor(() => expect(result.current.cart.status).toBe('ready'));
      await act(async () => {
        for (let q = 2; q <= 6; q++) result.current.update.mutate([{ id: 'l1', quantity: q }]);
      });
      expect(result.current.cart.itemCount).toBe(6);
      await waitFor(() => expect(sent).toEqual([2, 3, 4, 5, 6]));
      await waitFor(() => expect(result.current.cart.pending).toBe(false));
      expect(result.current.cart.itemCount).toBe(6);
    });
  });

  describe('call shapes', () => {
    it("takes store.cart's shapes, and still the first ones, with the same calls", async () => {
      const sent: string[] = [];
      const platform = fakePlatform({
        [`GET ${CART_V2}`]: () => json(cartOf(line('l1', 'p1', 1))),
        [`POST ${CART_V2}/add-line-items`]: (request) => {
          sent.push(`add ${JSON.stringify(request.body)}`);
          return json(cartOf(line('l1', 'p1', 2)));
        },
        [`POST ${CART_V2}/update-line-items`]: (request) => {
          sent.push(`quantity ${JSON.stringify(request.body)}`);
          return json(cartOf(line('l1', 'p1', 3)));
        },
        [`POST ${CART_V2}/remove-line-items`]: (request) => {
          sent.push(`remove ${JSON.stringify(request.body)}`);
          return json(cartOf());
        },
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(
        () => ({
          cart: useCart(),
          add: useAddToCart(),
          quantity: useUpdateLineItemQuantity(),
          remove: useRemoveLineItems(),
        }),
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(result.current.cart.status).toBe('ready'));
      const reference = { catalogReference: { catalogItemId: 'p1', appId: APP_ID }, quantity: 1 };
      await act(() => result.current.add.mutateAsync({ lineItems: [reference] }));
      await act(() => result.current.add.mutateAsync(reference));
      await act(() => result.current.quantity.mutateAsync([{ id: 'l1', quantity: 3 }]));
      await act(() => result.current.quantity.mutateAsync({ lineItemId: 'l1', quantity: 3 }));
      await act(() => result.current.remove.mutateAsync(['l1']));
      // Cart V2's calls: an add names its lines `catalogItems`, a quantity is `newQuantity`.
      expect(sent).toEqual([
        `add {"catalogItems":[${JSON.stringify(reference)}]}`,
        `add {"catalogItems":[${JSON.stringify(reference)}]}`,
        'quantity {"lineItems":[{"lineItemId":"l1","quantity":{"newQuantity":3}}]}',
        'quantity {"lineItems":[{"lineItemId":"l1","quantity":{"newQuantity":3}}]}',
        'remove {"lineItemIds":["l1"]}',
      ]);
      expect(result.current.cart.itemCount).toBe(0);
    });
  });

  describe('useApplyCoupon', () => {
    it('reports a refused code in the hook and the coupon state, never throwing into render', async () => {
      const platform = fakePlatform({
        [`GET ${CART_V2}`]: () => json(cartOf(line('l1', 'p1', 1))),
        [`POST ${CART_V2}/add-coupon`]: () =>
          json(
            {
              message: 'Coupon not found',
              details: {
                applicationError: { code: 'COUPON_NOT_FOUND', description: 'No such coupon' },
              },
            },
            400,
          ),
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(() => ({ cart: useCart(), apply: useApplyCoupon() }), {
        wrapper: wrapperFor(client),
      });
      await waitFor(() => expect(result.current.cart.status).toBe('ready'));
      act(() => result.current.apply.mutate('NOPE'));
      await waitFor(() => expect(result.current.apply.isError).toBe(true));
      expect(result.current.apply.error).toMatchObject({ code: 'COUPON_NOT_FOUND' });
      expect(result.current.cart.coupon).toMatchObject({ code: undefined, pending: false });
      expect(result.current.cart.coupon.error).toBeDefined();
    });
  });

  describe('isolation', () => {
    it('does not re-render a product grid while items are added to the cart', async () => {
      const products = Array.from({ length: 20 }, (_, i) => wireProduct(`p${i}`));
      let lines: ReturnType<typeof line>[] = [];
      const platform = fakePlatform({
        [PRODUCT_QUERY]: () => queryAnswer('products', products),
        [`GET ${CART_V2}`]: () => json(cartOf(...lines)),
        [`POST ${CART_V2}/add-line-items`]: (request) => {
          const body = request.body as {
            catalogItems: { catalogReference: { catalogItemId: string }; quantity: number }[];
          };
          const added = body.catalogItems[0]!;
          lines = [
            ...lines,
            line(`l-${lines.length}`, added.catalogReference.catalogItemId, added.quantity),
          ];
          return json(cartOf(...lines));
        },
      });
      const client = testClient(platform.fetch);
      let gridRenders = 0;
      const Grid = memo(function Grid() {
        const { data } = useProducts();
        if (data) gridRenders += 1;
        return (
          <ul>
            {data?.items.map((p) => (
              <li key={p.id}>{p.name}</li>
            ))}
          </ul>
        );
      });
      function CartBadge() {
        return <span data-testid="count">{useCart((s) => s.itemCount)}</span>;
      }
      render(
        <StoreProvider client={client}>
          <CartBadge />
          <Grid />
        </StoreProvider>,
      );
      await waitFor(() => expect(gridRenders).toBe(1));
      for (let i = 0; i < 5; i++) {
        await act(() => client.cartStore.addItems({ lineItems: [storesLineItem(`p${i}`, 1)] }));
      }
      await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('5'));
      expect(gridRenders).toBe(1);
    });
  });
});

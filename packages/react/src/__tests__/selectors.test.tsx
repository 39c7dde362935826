import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCart } from '../cart/use-cart.js';
import { shallowEqual } from '../internal/use-selected-state.js';
import { useSession } from '../session/use-session.js';
import {
  CART_V2,
  RETURNING_VISITOR,
  cartV2Answer,
  fakePlatform,
  json,
  testClient,
  wrapperFor,
} from './helpers.js';

// useCart and useSession with selectors: a component re-renders only when what it selected
// changes by shallow equality, and gets the very same object back while it does not, however
// often the store itself changes.

const APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const line = (id: string, quantity: number) => ({
  id,
  quantity,
  catalogReference: { catalogItemId: `product-${id}`, appId: APP_ID },
});

/** A returning visitor's cart of one line on Cart V2, whose quantity changes answer as asked. */
function cartPlatform() {
  let quantity = 1;
  return fakePlatform({
    [`GET ${CART_V2}`]: () => json(cartV2Answer({ id: 'c', lineItems: [line('l1', quantity)] })),
    [`POST ${CART_V2}/update-line-items`]: (request) => {
      const [change] = (request.body as { lineItems: { quantity: { newQuantity: number } }[] })
        .lineItems;
      quantity = change!.quantity.newQuantity;
      return json(cartV2Answer({ id: 'c', lineItems: [line('l1', quantity)] }));
    },
  });
}

describe('selectors', () => {
  describe('useCart(selector)', () => {
    it('renders an object selection only when a field of it changes, and keeps its identity', async () => {
      const platform = cartPlatform();
      const client = testClient(platform.fetch, 'test-client', RETURNING_VISITOR);
      const renders: { count: number; ready: boolean }[] = [];
      const { result } = renderHook(
        () => {
          const selected = useCart((state) => ({
            count: state.itemCount,
            ready: state.status === 'ready',
          }));
          renders.push(selected);
          return selected;
        },
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(result.current).toEqual({ count: 1, ready: true }));
      const loaded = result.current;
      // The cart changes (pending flags, a new confirmed cart), the selection does not.
      await act(() => client.cartStore.updateQuantities([{ id: 'l1', quantity: 1 }]));
      await act(() => client.cartStore.updateQuantities([{ id: 'l1', quantity: 1 }]));
      expect(result.current).toBe(loaded);
      // The selection changes: one render.
      await act(() => client.cartStore.updateQuantities([{ id: 'l1', quantity: 3 }]));
      await waitFor(() => expect(client.cartStore.getState().pending).toBe(false));
      expect(renders).toEqual([
        { count: 0, ready: false },
        { count: 1, ready: true },
        { count: 3, ready: true },
      ]);
    });

    it('renders an array selection only when an element changes', async () => {
      const platform = cartPlatform();
      const client = testClient(platform.fetch, 'test-client', RETURNING_VISITOR);
      const renders: string[][] = [];
      renderHook(
        () => renders.push(useCart((state) => state.cart?.lineItems.map((l) => l.id) ?? [])),
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(renders.at(-1)).toEqual(['l1']));
      await act(() => client.cartStore.updateQuantities([{ id: 'l1', quantity: 2 }]));
      await act(() => client.cartStore.updateQuantities([{ id: 'l1', quantity: 5 }]));
      expect(renders).toEqual([[], ['l1']]);
    });
  });

  describe('useCart(selector) with a selector that changes', () => {
    // The hook keeps its last selection while the cart and the selector are the same: a new
    // selector (one that reads another line, say) selects again from the same cart.
    it('selects with the new selector at once, from the same cart', async () => {
      const platform = fakePlatform({
        [`GET ${CART_V2}`]: () =>
          json(cartV2Answer({ id: 'c', lineItems: [line('l1', 1), line('l2', 5)] })),
      });
      const client = testClient(platform.fetch, 'test-client', RETURNING_VISITOR);
      const { result, rerender } = renderHook(
        ({ lineId }: { lineId: string }) =>
          useCart((state) => state.cart?.lineItems.find((l) => l.id === lineId)?.quantity),
        { wrapper: wrapperFor(client), initialProps: { lineId: 'l1' } },
      );
      await waitFor(() => expect(result.current).toBe(1));
      const cart = client.cartStore.getState();
      rerender({ lineId: 'l2' });
      expect(client.cartStore.getState()).toBe(cart);
      expect(result.current).toBe(5);
      rerender({ lineId: 'l1' });
      expect(result.current).toBe(1);
    });
  });

  describe('useSession(selector)', () => {
    it('renders an object selection once per change of its fields, not per session change', async () => {
      const platform = fakePlatform();
      const client = testClient(platform.fetch);
      const renders: { role: string; isLoggedIn: boolean }[] = [];
      renderHook(
        () =>
          renders.push(
            useSession((session) => ({ role: session.role, isLoggedIn: session.isLoggedIn })),
          ),
        { wrapper: wrapperFor(client) },
      );
      // The session goes renewing → visitor → idle; the selection changes once.
      await act(() => client.auth.getAuthHeaders());
      expect(renders).toEqual([
        { role: 'none', isLoggedIn: false },
        { role: 'visitor', isLoggedIn: false },
      ]);
    });
  });

  describe('shallowEqual', () => {
    it('compares own keys of objects and elements of arrays with Object.is, one level deep', () => {
      expect(shallowEqual({ a: 1, b: 'x' }, { b: 'x', a: 1 })).toBe(true);
      expect(shallowEqual([1, 'x'], [1, 'x'])).toBe(true);
      expect(shallowEqual(NaN, NaN)).toBe(true);
      expect(shallowEqual({ a: 1 }, { a: 2 })).toBe(false);
      expect(shallowEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
      expect(shallowEqual({ a: 1, c: undefined }, { a: 1, b: undefined })).toBe(false);
      expect(shallowEqual([1], { 0: 1 })).toBe(false);
      expect(shallowEqual({ a: { deep: 1 } }, { a: { deep: 1 } })).toBe(false);
      expect(shallowEqual(null, {})).toBe(false);
      expect(shallowEqual(0, -0)).toBe(false);
    });
  });
});

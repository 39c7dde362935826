'use client';
import { useEffect } from 'react';
import type { CartState } from '@vitrine/sdk';
import { useRequiredClient, useServerStates } from '../context.js';
import { useSelectedState } from '../internal/use-selected-state.js';

const whole = (state: CartState): CartState => state;

/**
 * The shopper's cart as the SDK's cart engine holds it: the cart to show (server cart with
 * pending changes applied), `status`, per-line `pending`/`error` in `lines`, the coupon's state,
 * refused changes in `failures`, the sign-in `carryOver`, `itemCount` and the last `estimate`.
 * Loads the cart on first use. With a selector, the component re-renders only when the
 * selected part changes.
 *
 * @example
 * const { cart, lines, status } = useCart();
 * const count = useCart((state) => state.itemCount);
 * @throws {MissingStoreProviderError} outside a `<StoreProvider>`.
 */
export function useCart(): CartState;
export function useCart<T>(selector: (state: CartState) => T): T;
export function useCart<T>(selector?: (state: CartState) => T): T | CartState {
  const client = useRequiredClient('useCart');
  const { cartStore } = client;
  const { cart: serverCart } = useServerStates();
  useEffect(() => {
    // First reader loads; the engine shares one read among callers and keeps it fresh after.
    if (cartStore.getState().status === 'idle') void cartStore.load().catch(() => {});
  }, [cartStore]);
  return useSelectedState<CartState, T | CartState>(
    cartStore,
    selector ?? whole,
    () => serverCart ?? cartStore.getInitialState(),
  );
}

'use client';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import {
  startHostedCheckout,
  type Cart,
  type CartAddItemsInput,
  type CartLineInput,
  type EstimateTotalsInput,
  type EstimateTotalsResponse,
  type HostedCheckout,
  type HostedCheckoutInput,
  type LineItemQuantityUpdate,
  type UpdateCartInput,
  type VitrineError,
} from '@vitrine/sdk';
import { useRequiredClient } from '../context.js';

// Every cart mutation is the engine's: optimistic state, per-line pending and rollback live in
// the core. These hooks add what a component needs around one call: pending, error, result.
// Their variables are those of `store.cart`'s calls (`{ lineItems }`, `[{ id, quantity }]`,
// a list of ids), passed to the cart store as they are: it also takes the shapes the hooks
// first took, and checks them (the SDK's cart-input.ts). Each shape is one of the store
// method's overloads; the casts only let TypeScript pass a union of them to one call.

/**
 * What {@link useAddToCart} takes: `{ lineItems }`, as `store.cart.addItems`. One line, or a
 * list of lines, is still accepted (deprecated).
 */
export type AddToCartVariables = CartAddItemsInput | CartLineInput | readonly CartLineInput[];

/**
 * Adds lines. The cart shows them at once; a refused add rolls back with an error on the line
 * (`useCart().lines`) and in this hook's `error`.
 *
 * @example
 * const addToCart = useAddToCart();
 * addToCart.mutate({ lineItems: [storesLineItem(product.id, 1, { variantId })] });
 */
export function useAddToCart(): UseMutationResult<Cart, VitrineError, AddToCartVariables> {
  const { cartStore, clientId } = useRequiredClient('useAddToCart');
  return useMutation<Cart, VitrineError, AddToCartVariables>({
    mutationKey: ['vitrine', clientId, 'cart', 'addItems'],
    mutationFn: (input) => cartStore.addItems(input as CartAddItemsInput),
  });
}

/**
 * Changes the cart's other fields (buyer note, contact, merchant discounts, a field mask).
 * @example useUpdateCart().mutate({ cartInfo: { buyerNote: 'Gift wrap, please' } });
 */
export function useUpdateCart(): UseMutationResult<Cart, VitrineError, UpdateCartInput> {
  const { cartStore, clientId } = useRequiredClient('useUpdateCart');
  return useMutation<Cart, VitrineError, UpdateCartInput>({
    mutationKey: ['vitrine', clientId, 'cart', 'update'],
    mutationFn: (input) => cartStore.update(input),
  });
}

/**
 * What {@link useUpdateLineItemQuantity} takes: `[{ id, quantity }]`, as
 * `store.cart.updateQuantities`. `{ lineItemId, quantity }` is still accepted (deprecated).
 */
export type UpdateQuantitiesVariables =
  readonly LineItemQuantityUpdate[] | { lineItemId: string; quantity: number };

/**
 * Sets the quantities of lines (0 removes a line). Quick successive changes are all sent, in
 * order.
 * @example useUpdateLineItemQuantity().mutate([{ id: line.id, quantity: 3 }]);
 */
export function useUpdateLineItemQuantity(): UseMutationResult<
  Cart | null,
  VitrineError,
  UpdateQuantitiesVariables
> {
  const { cartStore, clientId } = useRequiredClient('useUpdateLineItemQuantity');
  return useMutation<Cart | null, VitrineError, UpdateQuantitiesVariables>({
    mutationKey: ['vitrine', clientId, 'cart', 'updateQuantities'],
    mutationFn: (lineItems) => cartStore.updateQuantities(lineItems as LineItemQuantityUpdate[]),
  });
}

/**
 * Removes lines: a list of ids, as `store.cart.removeItems`. One id is still accepted
 * (deprecated).
 * @example useRemoveLineItems().mutate([line.id]);
 */
export function useRemoveLineItems(): UseMutationResult<
  Cart | null,
  VitrineError,
  readonly string[] | string
> {
  const { cartStore, clientId } = useRequiredClient('useRemoveLineItems');
  return useMutation<Cart | null, VitrineError, readonly string[] | string>({
    mutationKey: ['vitrine', clientId, 'cart', 'removeItems'],
    mutationFn: (ids) => cartStore.removeItems(ids as readonly string[]),
  });
}

/**
 * Applies a coupon code (`store.cart.update({ couponCode })`); an unknown code rolls back with
 * the platform's error.
 * @example useApplyCoupon().mutate('WELCOME10');
 */
export function useApplyCoupon(): UseMutationResult<Cart, VitrineError, string> {
  const { cartStore, clientId } = useRequiredClient('useApplyCoupon');
  return useMutation<Cart, VitrineError, string>({
    mutationKey: ['vitrine', clientId, 'cart', 'applyCoupon'],
    mutationFn: (couponCode) => cartStore.update({ couponCode }),
  });
}

/**
 * Removes the cart's coupon.
 * @example useRemoveCoupon().mutate();
 */
export function useRemoveCoupon(): UseMutationResult<Cart | null, VitrineError, void> {
  const { cartStore, clientId } = useRequiredClient('useRemoveCoupon');
  return useMutation<Cart | null, VitrineError, void>({
    mutationKey: ['vitrine', clientId, 'cart', 'removeCoupon'],
    mutationFn: () => cartStore.removeCoupon(),
  });
}

/**
 * Estimates totals, shipping options and tax for an address; the answer is also kept in
 * `useCart().estimate` until the cart changes.
 * @example useEstimateTotals().mutate({ shippingAddress: { country: 'US', subdivision: 'US-NY', postalCode: '10001' } });
 */
export function useEstimateTotals(): UseMutationResult<
  EstimateTotalsResponse,
  VitrineError,
  EstimateTotalsInput | void
> {
  const { cartStore, clientId } = useRequiredClient('useEstimateTotals');
  return useMutation<EstimateTotalsResponse, VitrineError, EstimateTotalsInput | void>({
    mutationKey: ['vitrine', clientId, 'cart', 'estimateTotals'],
    mutationFn: (input) => cartStore.estimateTotals(input ?? {}),
  });
}

/** Options of {@link useCheckout}. */
export interface UseCheckoutOptions {
  /**
   * Send the browser to the hosted checkout page once it is ready.
   * @default true
   */
  redirect?: boolean;
}

/**
 * Creates a checkout from the cart and opens the platform's hosted checkout page, which comes
 * back to `postFlowUrl` when the order is placed. `data.checkoutUrl` holds the page's address.
 *
 * @example
 * const checkout = useCheckout();
 * checkout.mutate({ postFlowUrl: `${location.origin}/order-confirmation` });
 */
export function useCheckout(
  options: UseCheckoutOptions = {},
): UseMutationResult<HostedCheckout, VitrineError, HostedCheckoutInput> {
  const client = useRequiredClient('useCheckout');
  const redirect = options.redirect ?? true;
  return useMutation<HostedCheckout, VitrineError, HostedCheckoutInput>({
    mutationKey: ['vitrine', client.clientId, 'cart', 'checkout'],
    mutationFn: async (input) => {
      const checkout = await startHostedCheckout(client, input);
      if (redirect && typeof window !== 'undefined') window.location.assign(checkout.checkoutUrl);
      return checkout;
    },
  });
}

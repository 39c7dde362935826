'use client';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import {
  startHostedCheckout,
  type CartOperationMethods,
  type CartOperationName,
  type CartResult,
  type CartVariables,
  type HostedCheckout,
  type HostedCheckoutInput,
  type VitrineError,
} from '@vitrine/sdk';
import { useRequiredClient } from '../context.js';

// Every cart mutation is one of the cart store's operations (the SDK's cart-operations.ts):
// optimistic state, per-line pending and rollback live in the core. A hook adds what a component
// needs around one call (pending, error, result), and takes its variables and result types from
// the operation's definition: nothing to cast, nothing to keep in step by hand.

/**
 * The mutation of the cart store's operation `name`, keyed `['vitrine', clientId, 'cart', name]`.
 * `hook` names the hook in the error thrown outside a `<StoreProvider>`.
 */
function useCartMutation<N extends CartOperationName>(
  hook: string,
  name: N,
): UseMutationResult<CartResult<N>, VitrineError, CartVariables<N>> {
  const { cartStore, clientId } = useRequiredClient(hook);
  const operations: CartOperationMethods = cartStore;
  return useMutation<CartResult<N>, VitrineError, CartVariables<N>>({
    mutationKey: ['vitrine', clientId, 'cart', name],
    mutationFn: (variables) => operations[name](variables),
  });
}

/**
 * What {@link useAddToCart} takes: `{ lineItems }`, as `store.cart.addItems`. One line, or a
 * list of lines, is still accepted (deprecated).
 */
export type AddToCartVariables = CartVariables<'addItems'>;

/**
 * Adds lines. The cart shows them at once; a refused add rolls back with an error on the line
 * (`useCart().lines`) and in this hook's `error`.
 *
 * @example
 * const addToCart = useAddToCart();
 * addToCart.mutate({ lineItems: [storesLineItem(product.id, 1, { variantId })] });
 */
export function useAddToCart(): UseMutationResult<
  CartResult<'addItems'>,
  VitrineError,
  AddToCartVariables
> {
  return useCartMutation('useAddToCart', 'addItems');
}

/**
 * Changes the cart's other fields (buyer note, contact, merchant discounts, a field mask).
 * @example useUpdateCart().mutate({ cartInfo: { buyerNote: 'Gift wrap, please' } });
 */
export function useUpdateCart(): UseMutationResult<
  CartResult<'update'>,
  VitrineError,
  CartVariables<'update'>
> {
  return useCartMutation('useUpdateCart', 'update');
}

/**
 * What {@link useUpdateLineItemQuantity} takes: `[{ id, quantity }]`, as
 * `store.cart.updateQuantities`. `{ lineItemId, quantity }` is still accepted (deprecated).
 */
export type UpdateQuantitiesVariables = CartVariables<'updateQuantities'>;

/**
 * Sets the quantities of lines (0 removes a line). Quick successive changes are all sent, in
 * order.
 * @example useUpdateLineItemQuantity().mutate([{ id: line.id, quantity: 3 }]);
 */
export function useUpdateLineItemQuantity(): UseMutationResult<
  CartResult<'updateQuantities'>,
  VitrineError,
  UpdateQuantitiesVariables
> {
  return useCartMutation('useUpdateLineItemQuantity', 'updateQuantities');
}

/**
 * Removes lines: a list of ids, as `store.cart.removeItems`. One id is still accepted
 * (deprecated).
 * @example useRemoveLineItems().mutate([line.id]);
 */
export function useRemoveLineItems(): UseMutationResult<
  CartResult<'removeItems'>,
  VitrineError,
  CartVariables<'removeItems'>
> {
  return useCartMutation('useRemoveLineItems', 'removeItems');
}

/**
 * Applies a coupon code (`store.cartStore.applyCoupon`); an empty code is refused before
 * anything is sent, an unknown one rolls back with the platform's error.
 * @example useApplyCoupon().mutate('WELCOME10');
 */
export function useApplyCoupon(): UseMutationResult<
  CartResult<'applyCoupon'>,
  VitrineError,
  CartVariables<'applyCoupon'>
> {
  return useCartMutation('useApplyCoupon', 'applyCoupon');
}

/**
 * Removes the cart's coupon.
 * @example useRemoveCoupon().mutate();
 */
export function useRemoveCoupon(): UseMutationResult<
  CartResult<'removeCoupon'>,
  VitrineError,
  CartVariables<'removeCoupon'>
> {
  return useCartMutation('useRemoveCoupon', 'removeCoupon');
}

/**
 * Estimates totals, shipping options and tax for an address; the answer is also kept in
 * `useCart().estimate` until the cart changes.
 * @example useEstimateTotals().mutate({ shippingAddress: { country: 'US', subdivision: 'US-NY', postalCode: '10001' } });
 */
export function useEstimateTotals(): UseMutationResult<
  CartResult<'estimateTotals'>,
  VitrineError,
  CartVariables<'estimateTotals'>
> {
  return useCartMutation('useEstimateTotals', 'estimateTotals');
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

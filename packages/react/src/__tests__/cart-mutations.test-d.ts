import type { UseMutationResult } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  Cart,
  CartAddItemsInput,
  CartLineInput,
  LineItemQuantityUpdate,
  EstimateTotalsInput,
  EstimateTotalsResponse,
  HostedCheckout,
  HostedCheckoutInput,
  UpdateCartInput,
  VitrineError,
} from '@vitrine/sdk';
import {
  useAddToCart,
  useApplyCoupon,
  useCheckout,
  useEstimateTotals,
  useRemoveCoupon,
  useRemoveLineItems,
  useUpdateCart,
  useUpdateLineItemQuantity,
  type AddToCartVariables,
  type UpdateQuantitiesVariables,
} from '../index.js';

// Type tests (checked by `tsc`, never run): each cart mutation hook's result, as the public
// contract names it. They hold whatever the hooks are derived from.

describe('cart mutation hook types', () => {
  it('answer as the cart store does, with its variables', () => {
    expectTypeOf(useAddToCart).returns.toEqualTypeOf<
      UseMutationResult<Cart, VitrineError, AddToCartVariables>
    >();
    expectTypeOf(useUpdateCart).returns.toEqualTypeOf<
      UseMutationResult<Cart, VitrineError, UpdateCartInput>
    >();
    expectTypeOf(useUpdateLineItemQuantity).returns.toEqualTypeOf<
      UseMutationResult<Cart | null, VitrineError, UpdateQuantitiesVariables>
    >();
    expectTypeOf(useRemoveLineItems).returns.toEqualTypeOf<
      UseMutationResult<Cart | null, VitrineError, readonly string[] | string>
    >();
    expectTypeOf(useApplyCoupon).returns.toEqualTypeOf<
      UseMutationResult<Cart, VitrineError, string>
    >();
    expectTypeOf(useRemoveCoupon).returns.toEqualTypeOf<
      UseMutationResult<Cart | null, VitrineError, void>
    >();
    expectTypeOf(useEstimateTotals).returns.toEqualTypeOf<
      UseMutationResult<EstimateTotalsResponse, VitrineError, EstimateTotalsInput | void>
    >();
    expectTypeOf(useCheckout).returns.toEqualTypeOf<
      UseMutationResult<HostedCheckout, VitrineError, HostedCheckoutInput>
    >();
  });

  it('take the shapes of store.cart, and the first shapes still', () => {
    expectTypeOf<AddToCartVariables>().toEqualTypeOf<
      CartAddItemsInput | CartLineInput | readonly CartLineInput[]
    >();
    expectTypeOf<UpdateQuantitiesVariables>().toEqualTypeOf<
      readonly LineItemQuantityUpdate[] | { lineItemId: string; quantity: number }
    >();
  });
});

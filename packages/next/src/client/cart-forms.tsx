'use client';
/**
 * The cart page's forms (see `CartForm`): a line's quantity, its removal, the coupon, the
 * checkout.
 */
import type { ReactNode } from 'react';
import type { StoreClient } from '@vitrine/sdk';
import * as cartActions from '../actions/cart.js';
import { countField, idField, requiredTextField } from '../shared/form-input.js';
import { CartForm, type FormProps } from './cart-form.js';

/**
 * Sets a line's quantity: each submit button carries the quantity it sets
 * (`<button name="quantity" value={quantity + 1}>`); 0 removes the line.
 */
export function LineQuantityForm({
  lineItemId,
  children,
  ...props
}: FormProps & { lineItemId: string }): ReactNode {
  return (
    <CartForm
      {...props}
      serverAction={cartActions.updateLineQuantity}
      fallback="The quantity could not be changed."
      change={async (store, form) => {
        const quantity = countField(form, 'quantity', { min: 0, max: 999 });
        const id = idField(form, 'lineItemId');
        if (quantity === 0) await store.cartStore.removeItems([id]);
        else await store.cartStore.updateQuantities([{ id, quantity }]);
        return 'Your cart is updated.';
      }}
      fields={{ lineItemId }}
    >
      {children}
    </CartForm>
  );
}

/** Removes a line: a submit button inside. */
export function RemoveLineForm({
  lineItemId,
  children,
  ...props
}: FormProps & { lineItemId: string }): ReactNode {
  return (
    <CartForm
      {...props}
      serverAction={cartActions.removeLine}
      fallback="The item could not be removed."
      change={async (store, form) => {
        await store.cartStore.removeItems([idField(form, 'lineItemId')]);
        return 'The item is out of your cart.';
      }}
      fields={{ lineItemId }}
    >
      {children}
    </CartForm>
  );
}

/** Applies a coupon: a `code` field and a submit button inside. */
export function CouponForm({ children, ...props }: FormProps): ReactNode {
  return (
    <CartForm
      {...props}
      serverAction={cartActions.applyCoupon}
      fallback="The coupon could not be applied."
      change={async (store, form) => {
        const code = requiredTextField(form, 'code', 100);
        await store.cartStore.applyCoupon(code);
        return `Coupon ${code} applied.`;
      }}
    >
      {children}
    </CartForm>
  );
}

/** Removes the cart's coupon: a submit button inside. */
export function RemoveCouponForm({ children, ...props }: FormProps): ReactNode {
  return (
    <CartForm
      {...props}
      serverAction={cartActions.removeCoupon}
      fallback="The coupon could not be removed."
      change={async (store) => {
        await store.cartStore.removeCoupon();
        return 'The coupon is removed.';
      }}
    >
      {children}
    </CartForm>
  );
}

/**
 * Starts the store's hosted checkout and goes there; it comes back to `returnTo` (a path of the
 * shop, registered for the client id), with `?orderId=` once the order is placed. A submit
 * button inside.
 */
export function CheckoutForm({
  returnTo,
  children,
  ...props
}: FormProps & { returnTo: string }): ReactNode {
  return (
    <CartForm
      {...props}
      serverAction={cartActions.checkout}
      fallback="The checkout could not start."
      change={async (store) => {
        const { startHostedCheckout } = await import('@vitrine/sdk');
        const back = new URL(returnTo, window.location.origin).href;
        const { checkoutUrl } = await startHostedCheckout(await loaded(store), {
          postFlowUrl: back,
          // The platform hands the placed order's id back here (`?orderId=`).
          thankYouPageUrl: back,
        });
        window.location.assign(checkoutUrl);
        return 'Going to the checkout…';
      }}
      fields={{ returnTo }}
    >
      {children}
    </CartForm>
  );
}

/** The loaded client behind an island's deferred one. */
async function loaded(store: StoreClient): Promise<StoreClient> {
  return 'load' in store && typeof store.load === 'function'
    ? (store.load as () => Promise<StoreClient>)()
    : store;
}

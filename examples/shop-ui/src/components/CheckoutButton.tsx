'use client';
/**
 * Sends the shopper to the store's hosted checkout page, which comes back to `/callback`
 * once the order is placed. Hooks: `useCheckout`, `useCart`.
 */
import type { ReactNode } from 'react';
import { useCart, useCheckout } from '@vitrine/react';
import type { Address, SelectedShippingOption } from '@vitrine/sdk';
import { useOnBackForwardReturn } from '../lib/back-forward';
import { forgetCheckout, rememberCheckout } from '../lib/checkout-return';
import { checkoutSnapshot } from '../lib/checkout-snapshot';
import { returnUrls } from '../lib/paths';
import { ErrorMessage, Spinner } from './Feedback';

/**
 * "Check out": notes the cart for the confirmation page (`rememberCheckout`), then leaves for
 * the hosted checkout; usable again when the shopper comes Back. With the cart page's address and
 * shipping option, the checkout page starts from them.
 */
export function CheckoutButton({
  shippingAddress,
  selectedShippingOption,
  label = 'Check out',
}: {
  shippingAddress?: Address;
  selectedShippingOption?: SelectedShippingOption;
  /** @default 'Check out' */
  label?: string;
}): ReactNode {
  const checkout = useCheckout();
  useOnBackForwardReturn(() => {
    checkout.reset();
    forgetCheckout();
  });
  const cart = useCart((state) => state.cart);
  const estimate = useCart((state) => state.estimate);
  const empty = !cart || cart.lineItems.length === 0;
  // Pending until the browser has left for the checkout page.
  const leaving = checkout.isPending || checkout.isSuccess;

  const start = () => {
    if (!cart) return;
    rememberCheckout(checkoutSnapshot(cart, estimate));
    checkout.mutate(
      {
        // The platform hands the placed order's id back to the thank-you address.
        postFlowUrl: returnUrls().callback,
        thankYouPageUrl: returnUrls().callback,
        channelType: 'WEB',
        ...(shippingAddress ? { shippingAddress } : {}),
        ...(selectedShippingOption ? { selectedShippingOption } : {}),
      },
      { onError: () => forgetCheckout() },
    );
  };

  return (
    <>
      {checkout.error ? <ErrorMessage error={checkout.error} /> : null}
      <button
        type="button"
        className="button button--block"
        onClick={start}
        disabled={empty || leaving}
      >
        {leaving ? (
          <>
            <Spinner /> Opening secure checkout…
          </>
        ) : (
          label
        )}
      </button>
    </>
  );
}

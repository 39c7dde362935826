'use client';
/**
 * Sends the shopper to the store's hosted checkout page, which comes back to `/callback` once
 * the order is placed. Hooks: `useCheckout`, `useCart`.
 */
import type { ReactNode } from 'react';
import { useCart, useCheckout } from '@vitrine/react';
import { useOnBackForwardReturn } from '../lib/back-forward';
import { forgetCheckout, rememberCheckout } from '../lib/checkout-return';
import { formatCartMoney, lineName, lineOptions, lineTotal } from '../lib/format';
import { returnUrls } from '../lib/paths';
import { ErrorMessage, Spinner } from './Feedback';

export function CheckoutButton(): ReactNode {
  const checkout = useCheckout();
  useOnBackForwardReturn(() => {
    checkout.reset();
    forgetCheckout();
  });
  const cart = useCart((state) => state.cart);
  const empty = !cart || cart.lineItems.length === 0;
  // Pending until the browser has left for the checkout page.
  const leaving = checkout.isPending || checkout.isSuccess;

  const start = () => {
    if (!cart) return;
    const currency = cart.currency ?? 'USD';
    // The hosted page returns with nothing in the address: note what the confirmation shows.
    rememberCheckout({
      lines: cart.lineItems.map((line) => ({
        name: lineName(line),
        options: lineOptions(line),
        quantity: line.quantity,
        total: lineTotal(line, currency),
        ...(line.image?.url ? { image: line.image.url } : {}),
      })),
      totals: [{ label: 'Subtotal', value: formatCartMoney(cart.subtotal, currency) }],
      startedAt: Date.now(),
    });
    checkout.mutate(
      { postFlowUrl: returnUrls().callback, channelType: 'WEB' },
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
          'Check out'
        )}
      </button>
    </>
  );
}

'use client';
/**
 * "Check out": a form that starts the store's hosted checkout and goes there. The checkout comes
 * back to /callback (a registered address), with `?orderId=` once the order is placed.
 */
import type { ReactNode } from 'react';
import { CheckoutForm } from '@vitrine/next/client';

export function CheckoutButton(): ReactNode {
  return (
    <CheckoutForm returnTo="/callback">
      {(state) => (
        <>
          {state.status === 'error' ? (
            <p className="alert" role="alert">
              {state.message}
            </p>
          ) : null}
          <button
            type="submit"
            className="button button--block"
            disabled={state.pending || state.status === 'done'}
          >
            {state.pending || state.status === 'done' ? 'Going to the checkout…' : 'Check out'}
          </button>
        </>
      )}
    </CheckoutForm>
  );
}

'use client';
/**
 * The cart's controls in this shop: forms posting to `@vitrine/next`'s server actions, so the
 * cart page works with scripts off; with scripts on, the same forms change the cart through the
 * browser's cart engine, at once.
 */
import type { ReactNode } from 'react';
import type { EstimateTotalsResponse, LineItem } from '@vitrine/sdk';
import { CheckoutForm, LineQuantityForm, RemoveLineForm, useCart } from '@vitrine/next/client';
import { rememberCheckout } from '@vitrine/shop-ui/lib/checkout-return';
import { checkoutSnapshot } from '@vitrine/shop-ui/lib/checkout-snapshot';
import { Spinner } from '@vitrine/shop-ui/components/Feedback';
import { paths } from '@vitrine/shop-ui/lib/paths';

/** A line's − quantity + and "Remove", each a submit button of a form. */
export function LineFormControls({ line, name }: { line: LineItem; name: string }): ReactNode {
  return (
    <>
      <LineQuantityForm lineItemId={line.id} className="stepper" aria-label={`Quantity of ${name}`}>
        <button
          type="submit"
          name="quantity"
          value={line.quantity - 1}
          aria-label={`Decrease quantity of ${name}`}
          disabled={line.quantity <= 1}
        >
          −
        </button>
        <output className="stepper__value" aria-label={`Quantity of ${name}`}>
          {line.quantity}
        </output>
        <button
          type="submit"
          name="quantity"
          value={line.quantity + 1}
          aria-label={`Increase quantity of ${name}`}
          disabled={line.quantity >= 100}
        >
          +
        </button>
      </LineQuantityForm>
      <RemoveLineForm lineItemId={line.id}>
        <button type="submit" className="link-button" aria-label={`Remove ${name} from your cart`}>
          Remove
        </button>
      </RemoveLineForm>
    </>
  );
}

/** {@link LineFormControls} as the kit's `controls`. */
export const lineFormControls = (line: LineItem, name: string): ReactNode => (
  <LineFormControls line={line} name={name} />
);

/**
 * "Check out": leaves for the store's hosted checkout, which comes back to `/callback` (a
 * registered address; with `?orderId=` once the order is placed, and `/callback` goes on to the
 * confirmation). With scripts on, what is being bought is noted for that page first.
 */
export function CheckoutControl({
  label = 'Check out',
  estimate: given,
}: {
  label?: string;
  /** The cart's estimate the page shows (default: the cart engine's). */
  estimate?: EstimateTotalsResponse | undefined;
}): ReactNode {
  const cart = useCart((state) => state.cart);
  const engine = useCart((state) => state.estimate);
  const estimate = given ?? engine;
  const empty = !cart || cart.lineItems.length === 0;
  return (
    <CheckoutForm
      returnTo={paths.callback()}
      onSubmitCapture={() => {
        if (cart) rememberCheckout(checkoutSnapshot(cart, estimate));
      }}
    >
      {(state) => (
        <>
          {state.status === 'error' ? (
            <p className="alert alert--error" role="alert">
              {state.message}
            </p>
          ) : null}
          <button
            type="submit"
            className="button button--block"
            disabled={empty || state.pending || state.status === 'done'}
          >
            {state.pending || state.status === 'done' ? <Spinner /> : null}
            {label}
          </button>
        </>
      )}
    </CheckoutForm>
  );
}

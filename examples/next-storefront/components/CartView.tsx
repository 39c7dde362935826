'use client';
/**
 * The cart page's body: the kit's lines with this shop's form controls, the coupon form, the
 * subtotal, what the coupon takes off, what is left before shipping, the shipping the store
 * estimates and "Check out". Hooks: `useCart`, `useIslandStore`.
 *
 * The amounts beyond the subtotal are the store's estimate of the cart. The server page reads one
 * for the cart it renders (`serverEstimate`: all a shopper without scripts ever sees, the page
 * being rendered again after each form post); once the browser's cart engine has changed the cart,
 * the engine estimates the new cart, and that estimate is shown. Cart V1 also puts the coupon's
 * amount on the cart itself; Cart V2 only on the estimate.
 */
import Link from 'next/link';
import { useEffect, type ReactNode } from 'react';
import type { Cart, EstimateTotalsResponse } from '@vitrine/sdk';
import { CouponForm, RemoveCouponForm, useCart, useIslandStore } from '@vitrine/next/client';
import { CartLines } from '@vitrine/shop-ui/components/CartLines';
import { EmptyState } from '@vitrine/shop-ui/components/Feedback';
import {
  couponSummary,
  formatCartMoney,
  shippingCostText,
  shippingOptionsOf,
} from '@vitrine/shop-ui/lib/format';
import { paths } from '@vitrine/shop-ui/lib/paths';
import { CheckoutControl, lineFormControls } from './CartControls';

export function CartView({
  serverEstimate,
}: {
  /** The store's estimate of the cart the server rendered, when it has lines. */
  serverEstimate?: EstimateTotalsResponse | undefined;
}): ReactNode {
  const cart = useCart((state) => state.cart);
  const coupon = useCart((state) => state.coupon);
  const pending = useCart((state) => state.pending);
  const estimate = useCartEstimate(cart, serverEstimate);
  if (!cart || cart.lineItems.length === 0) {
    return (
      <EmptyState icon="bag" title="Your cart is empty">
        <p>Find something you love and it will wait for you here.</p>
        <Link className="button" href={paths.home()}>
          Start shopping
        </Link>
      </EmptyState>
    );
  }
  const currency = cart.currency ?? 'USD';
  // What the coupon takes off: on the cart (Cart V1), else on its estimate (Cart V2).
  const discounted =
    couponSummary(cart) ??
    (estimate?.appliedDiscounts
      ? couponSummary({ ...cart, appliedDiscounts: estimate.appliedDiscounts })
      : undefined);
  const shipping = shippingOf(estimate, currency);
  const total = estimate?.priceSummary?.total;
  return (
    <div className="cart-page">
      <CartLines controls={lineFormControls} />
      <aside className="panel cart-summary" aria-label="Order summary">
        {coupon.code ? (
          <RemoveCouponForm className="coupon">
            <p>
              Coupon <strong>{coupon.code}</strong> applied.{' '}
              <button type="submit" className="link-button">
                Remove coupon {coupon.code}
              </button>
            </p>
          </RemoveCouponForm>
        ) : (
          <CouponForm className="coupon">
            {(state) => (
              <>
                <label htmlFor="coupon-code">Coupon code</label>
                <div className="coupon__row">
                  <input id="coupon-code" name="code" className="input" autoComplete="off" />
                  <button
                    type="submit"
                    className="button button--secondary"
                    disabled={state.pending}
                  >
                    Apply
                  </button>
                </div>
                {state.status === 'error' ? (
                  <p className="cart-line__error" role="alert">
                    {state.message}
                  </p>
                ) : null}
              </>
            )}
          </CouponForm>
        )}
        <dl className="cart-summary__rows">
          <div>
            <dt>Subtotal</dt>
            <dd aria-busy={pending} data-testid="cart-subtotal">
              {formatCartMoney(cart.subtotal, currency)}
            </dd>
          </div>
          {discounted ? (
            <>
              <div>
                <dt>Discount ({discounted.code})</dt>
                <dd aria-busy={pending}>{discounted.discount}</dd>
              </div>
              <div>
                <dt>Before shipping</dt>
                <dd aria-busy={pending}>
                  <strong>{discounted.beforeShipping}</strong>
                </dd>
              </div>
            </>
          ) : null}
          {shipping ? (
            <div>
              <dt>{shipping.label}</dt>
              <dd aria-busy={pending}>{shipping.cost}</dd>
            </div>
          ) : null}
          {total ? (
            <div>
              <dt>Estimated total</dt>
              <dd aria-busy={pending}>
                <strong>{formatCartMoney(total, currency)}</strong>
              </dd>
            </div>
          ) : null}
        </dl>
        {shipping?.note ? <p className="field__hint">{shipping.note}</p> : null}
        <CheckoutControl estimate={estimate} />
      </aside>
    </div>
  );
}

/**
 * The estimate of `cart` as it stands: the engine's, else the server's while it is of the same
 * cart. Once the engine has changed the cart (its client loaded), it estimates the new one.
 */
function useCartEstimate(
  cart: Cart | null | undefined,
  serverEstimate: EstimateTotalsResponse | undefined,
): EstimateTotalsResponse | undefined {
  const store = useIslandStore();
  const engine = useCart((state) => state.estimate);
  const pending = useCart((state) => state.pending);
  const server =
    serverEstimate?.cart && cart && sameCart(serverEstimate.cart, cart)
      ? serverEstimate
      : undefined;
  const estimate = engine ?? server;
  const lines = cart?.lineItems.length ?? 0;
  useEffect(() => {
    // Only a loaded client (the shopper changed the cart here) estimates: a page just viewed
    // keeps the server's estimate and sends nothing.
    if (!store.loaded || pending || estimate !== undefined || lines === 0) return;
    store.cartStore.estimateTotals().catch(() => {});
  }, [store, pending, estimate, lines, cart]);
  return estimate;
}

/** Whether two carts have the same lines, quantities and coupon: one estimate fits both. */
function sameCart(a: Cart, b: Cart): boolean {
  const key = (cart: Cart) =>
    [
      ...cart.lineItems.map((line) => `${line.id}×${line.quantity}`),
      cart.appliedDiscounts?.find((applied) => applied.coupon)?.coupon?.code ?? '',
    ].join(' ');
  return key(a) === key(b);
}

/**
 * The shipping row as the estimate gives it: Cart V2 prices the one delivery method the store
 * would use (the hosted checkout offers the others); a cart that lists several (Cart V1) shows
 * the cheapest, the choice left to the checkout.
 */
function shippingOf(
  estimate: EstimateTotalsResponse | undefined,
  currency: string,
): { label: string; cost: string; note?: string } | undefined {
  const options = shippingOptionsOf(estimate).map(({ option }) => option);
  const [only] = options;
  if (options.length === 1 && only) {
    return {
      label: `Shipping (${only.title ?? only.code ?? 'standard'})`,
      cost: shippingCostText(only.cost?.price, currency),
      note: 'You choose how it is delivered on the checkout page.',
    };
  }
  if (options.length > 1) {
    const cheapest = Math.min(...options.map((option) => Number(option.cost?.price?.amount ?? 0)));
    return {
      label: 'Shipping',
      cost: `from ${shippingCostText({ amount: String(cheapest) }, currency)}`,
      note: 'You choose how it is delivered on the checkout page.',
    };
  }
  return undefined;
}

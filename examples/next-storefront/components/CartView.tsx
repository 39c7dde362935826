'use client';
/**
 * The cart page's body: the kit's lines with this shop's form controls, the coupon form, the
 * subtotal, what the coupon takes off and what is left before shipping, and "Check out". Hooks: `useCart`.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { CouponForm, RemoveCouponForm, useCart } from '@vitrine/next/client';
import { CartLines } from '@vitrine/shop-ui/components/CartLines';
import { EmptyState } from '@vitrine/shop-ui/components/Feedback';
import { couponSummary, formatCartMoney } from '@vitrine/shop-ui/lib/format';
import { paths } from '@vitrine/shop-ui/lib/paths';
import { CheckoutControl, lineFormControls } from './CartControls';

export function CartView(): ReactNode {
  const cart = useCart((state) => state.cart);
  const coupon = useCart((state) => state.coupon);
  const pending = useCart((state) => state.pending);
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
  // What the coupon takes off, from the cart the store priced (no call of its own).
  const discounted = couponSummary(cart);
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
        </dl>
        <CheckoutControl />
      </aside>
    </div>
  );
}

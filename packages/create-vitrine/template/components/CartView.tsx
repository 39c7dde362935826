'use client';
/** The cart page's body: the lines, the coupon, the subtotal and "Check out". */
import Link from 'next/link';
import { useId, type ReactNode } from 'react';
import { CouponForm, RemoveCouponForm, useCart } from '@vitrine/next/client';
import { cartMoney, couponSummary } from '../lib/format';
import { CartLines } from './CartLines';
import { CheckoutButton } from './CheckoutButton';

export function CartView(): ReactNode {
  const cart = useCart((state) => state.cart);
  const coupon = useCart((state) => state.coupon);
  const pending = useCart((state) => state.pending);
  if (cart === null || cart.lineItems.length === 0) {
    return (
      <p>
        Your cart is empty. <Link href="/">Start shopping</Link>
      </p>
    );
  }
  const summary = couponSummary(cart);
  return (
    <div className="cart-page">
      <CartLines lines={cart.lineItems} currency={cart.currency} />
      <section className="panel" aria-labelledby="summary-title">
        <h2 id="summary-title">Summary</h2>
        {coupon.code ? (
          <RemoveCouponForm>
            <p>
              Coupon <strong>{coupon.code}</strong> applied.{' '}
              <button type="submit" className="button button--quiet">
                Remove coupon
              </button>
            </p>
          </RemoveCouponForm>
        ) : (
          <Coupon />
        )}
        <dl className="cart-summary" aria-busy={pending}>
          <div>
            <dt>Subtotal</dt>
            <dd>{cartMoney(cart.subtotal, cart.currency)}</dd>
          </div>
          {summary ? (
            <>
              <div>
                <dt>Discount ({summary.code})</dt>
                <dd>{summary.discount}</dd>
              </div>
              <div>
                <dt>Before shipping</dt>
                <dd>
                  <strong>{summary.total}</strong>
                </dd>
              </div>
            </>
          ) : null}
        </dl>
        <CheckoutButton />
      </section>
    </div>
  );
}

function Coupon(): ReactNode {
  const id = useId();
  return (
    <CouponForm className="field">
      {(state) => (
        <>
          <label htmlFor={id}>Coupon code</label>
          <div className="inline">
            <input id={id} name="code" className="input" autoComplete="off" required />
            <button type="submit" className="button button--secondary" disabled={state.pending}>
              Apply
            </button>
          </div>
          {state.status === 'error' ? (
            <p className="alert" role="alert">
              {state.message}
            </p>
          ) : null}
        </>
      )}
    </CouponForm>
  );
}

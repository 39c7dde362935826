'use client';
/** The cart page's body: the lines, the coupon, the subtotal and "Check out". */
import Link from 'next/link';
import { useId, type ReactNode } from 'react';
import { CouponForm, RemoveCouponForm, useCart } from '@vitrine/next/client';
import { cartMoney } from '../lib/format';
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
        <p className="cart-subtotal">
          Subtotal <strong aria-busy={pending}>{cartMoney(cart.subtotal, cart.currency)}</strong>
        </p>
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

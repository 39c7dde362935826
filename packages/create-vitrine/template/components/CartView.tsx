'use client';
/**
 * The cart page's body: the lines, the coupon, the subtotal and "Check out". A coupon's amount
 * comes from the cart (Cart V1) or from an estimate of it (Cart V2): the server's, made for the
 * page (`estimate`), while the cart is still the one it was made of; else the browser asks for
 * one (`cartStore.estimateTotals()`) once the cart has changed.
 */
import Link from 'next/link';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CouponForm, RemoveCouponForm, useCart, useIslandStore } from '@vitrine/next/client';
import {
  cartKey,
  cartMoney,
  couponNeedsEstimate,
  couponSummary,
  type CartEstimate,
} from '../lib/format';
import { CartLines } from './CartLines';
import { CheckoutButton } from './CheckoutButton';

export function CartView({ estimate: served }: { estimate?: CartEstimate | undefined }): ReactNode {
  const store = useIslandStore();
  const cart = useCart((state) => state.cart);
  const coupon = useCart((state) => state.coupon);
  const pending = useCart((state) => state.pending);
  const estimated = useCart((state) => state.estimate);
  const key = cart === null ? '' : cartKey(cart);
  const estimate = estimated ?? (served?.cart === key ? served : undefined);
  const wanted = cart !== null && estimate === undefined && couponNeedsEstimate(cart);
  const asked = useRef('');
  useEffect(() => {
    // Once per cart: a failed estimate is not asked again until the cart changes.
    if (!wanted || pending || asked.current === key) return;
    asked.current = key;
    store.cartStore.estimateTotals().catch(() => {});
  }, [wanted, pending, key, store]);
  if (cart === null || cart.lineItems.length === 0) {
    return (
      <p>
        Your cart is empty. <Link href="/">Start shopping</Link>
      </p>
    );
  }
  const summary = couponSummary(cart, estimate);
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
          <Coupon refused={coupon.error} />
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

/**
 * The coupon's field. `refused`: why the cart's last coupon was refused; the form shows it too,
 * since an applied code replaces the form until the store answers.
 */
function Coupon({ refused }: { refused: Error | undefined }): ReactNode {
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
          {state.status === 'error' || refused ? (
            <p className="alert" role="alert">
              {state.status === 'error' ? state.message : refused?.message}
            </p>
          ) : null}
        </>
      )}
    </CouponForm>
  );
}

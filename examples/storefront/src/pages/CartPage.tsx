/**
 * The cart: lines with quantities and remove, coupon, shipping estimate and checkout, and
 * products to go with it. Hooks: `useCart`, and those of `CartLines`, `CartSummary` and
 * `CartRecommendations`.
 */
import type { ReactNode } from 'react';
import { useCart } from '@vitrine/react';
import type { CartState } from '@vitrine/sdk';
import { CartLines } from '@vitrine/shop-ui/components/CartLines';
import { lineControls } from '@vitrine/shop-ui/components/LineControls';
import { CartRecommendations } from '../components/CartRecommendations';
import { CartSummary } from '../components/CartSummary';
import { Alert, EmptyState, ErrorMessage, Loading } from '@vitrine/shop-ui/components/Feedback';
import { lineName, pluralize } from '@vitrine/shop-ui/lib/format';
import { usePageTitle } from '../lib/page-title';
import { carryOverCouponNote, carryOverWelcome, lastSignInKind } from '../lib/sign-in-kind';
import { paths } from '../paths';
import { Link } from '../router';

export function CartPage(): ReactNode {
  usePageTitle('Your cart');
  const { cart, status, error, itemCount, carryOver } = useCart();
  const empty = !cart || cart.lineItems.length === 0;

  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Your cart</h1>
          {!empty ? <p>{pluralize(itemCount, 'item')}</p> : null}
        </div>
        {!empty ? <Link to={paths.shop()}>Continue shopping</Link> : null}
      </div>
      <CarryOverNotice carryOver={carryOver} />
      {(status === 'idle' || status === 'loading') && !cart ? (
        <Loading>Loading your cart…</Loading>
      ) : status === 'error' && !cart ? (
        <ErrorMessage error={error} />
      ) : empty ? (
        <EmptyState icon="bag" title="Your cart is empty">
          <p>Find something you love and it will wait for you here.</p>
          <Link className="button" to={paths.shop()}>
            Start shopping
          </Link>
        </EmptyState>
      ) : (
        <>
          <div className="cart-layout">
            <section aria-label="Cart items">
              <CartLines controls={lineControls} />
            </section>
            <CartSummary />
          </div>
          <CartRecommendations />
        </>
      )}
    </div>
  );
}

/**
 * What happened to the items (and the coupon) picked before signing in (`useCart().carryOver`).
 */
export function CarryOverNotice({ carryOver }: { carryOver: CartState['carryOver'] }): ReactNode {
  const coupon = carryOverCouponNote(carryOver?.coupon);
  const couponLine = coupon === undefined ? null : <p>{coupon}</p>;
  switch (carryOver?.status) {
    case 'merged':
      return (
        <Alert tone={carryOver.coupon?.status === 'failed' ? 'error' : 'success'}>
          <p>{carryOverWelcome(lastSignInKind(), carryOver.carried)}</p>
          {couponLine}
        </Alert>
      );
    case 'partial':
      return (
        <Alert tone="error">
          <p>
            We moved your cart over, but could not add{' '}
            {carryOver.failed.map((failure) => lineName(failure.lineItem)).join(', ')}. They may
            have sold out.
          </p>
          {couponLine}
        </Alert>
      );
    case 'failed':
      return (
        <Alert tone="error">
          <p>We could not move the items you picked before signing in. Please add them again.</p>
          {couponLine}
        </Alert>
      );
    case 'pending':
      return <Loading>Moving the items you picked before signing in…</Loading>;
    case 'kept':
      // No lines to carry; a coupon may still have been.
      return couponLine === null ? null : (
        <Alert tone={couponTone[carryOver.coupon!.status]}>{couponLine}</Alert>
      );
    case undefined:
      return null;
  }
}

const couponTone = { carried: 'success', kept: 'info', failed: 'error' } as const;

'use client';
/**
 * What the cart drawer shows once opened: its lines, the subtotal, the checkout, or an empty
 * cart. Loaded the first time the drawer opens (the page does not download it before).
 * Hooks: `useCart` (also through `CartLines`).
 */
import type { ReactNode } from 'react';
import { useCart } from '@vitrine/react/lite';
import { errorMessage } from '../lib/errors';
import { formatCartMoney, pluralize } from '../lib/format';
import type { CartDrawerProps } from './CartDrawer';
import { CartLines } from './CartLines';
import { EmptyState, Loading } from './Feedback';
import { useShopLink } from './ShopLink';

/** The drawer's content. */
export default function DrawerContent({
  onClose,
  shopHref,
  cartHref,
  controls,
  checkout,
}: CartDrawerProps & { onClose: () => void; shopHref: string }): ReactNode {
  const { cart, status, error, itemCount, pending } = useCart();
  const Link = useShopLink();
  const empty = !cart || cart.lineItems.length === 0;

  return (
    <>
      <div className="drawer__head">
        <h2 id="cart-drawer-title">
          Your cart{itemCount > 0 ? ` (${pluralize(itemCount, 'item')})` : ''}
        </h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Close cart">
          ×
        </button>
      </div>
      <div className="drawer__body">
        {status === 'loading' && !cart ? (
          <Loading>Loading your cart…</Loading>
        ) : status === 'error' && !cart ? (
          <p className="alert alert--error" role="alert">
            {errorMessage(error)}
          </p>
        ) : empty ? (
          <EmptyState icon="bag" title="Your cart is empty">
            <p>Find something you love and it will wait for you here.</p>
            <Link className="button" href={shopHref} onClick={onClose}>
              Start shopping
            </Link>
          </EmptyState>
        ) : (
          <CartLines compact onNavigate={onClose} controls={controls} />
        )}
      </div>
      {!empty ? (
        <div className="drawer__foot">
          <div className="drawer__subtotal">
            <span>Subtotal</span>
            <span aria-busy={pending}>{formatCartMoney(cart.subtotal, cart.currency)}</span>
          </div>
          {checkout}
          {cartHref === undefined ? null : (
            <Link
              className="button button--secondary button--block"
              href={cartHref}
              onClick={onClose}
            >
              View cart, coupons and shipping
            </Link>
          )}
        </div>
      ) : null}
    </>
  );
}

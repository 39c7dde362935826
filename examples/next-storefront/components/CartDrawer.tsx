'use client';
/**
 * The cart as a side drawer: a modal `<dialog>` (focus stays inside, Escape closes it). Closed on
 * the server; the cart it shows starts from the server's snapshot. Hooks: `useCart` (also through
 * `CartLines`), `useCheckout` (through `CheckoutButton`).
 */
import Link from 'next/link';
import { useEffect, useRef, type ReactNode } from 'react';
import { useCart } from '@vitrine/react';
import { useCartDrawer } from './CartDrawerContext';
import { errorMessage } from '../lib/errors';
import { formatCartMoney, pluralize } from '../lib/format';
import { paths } from '../lib/paths';
import { CartLines } from './CartLines';
import { CheckoutButton } from './CheckoutButton';
import { EmptyState, Loading } from './Feedback';

export function CartDrawer(): ReactNode {
  const { isOpen, close } = useCartDrawer();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  return (
    <dialog
      ref={dialog}
      className="drawer"
      aria-labelledby="cart-drawer-title"
      onClose={close}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself.
        if (event.target === event.currentTarget) close();
      }}
    >
      {isOpen ? <DrawerContent onClose={close} /> : null}
    </dialog>
  );
}

function DrawerContent({ onClose }: { onClose: () => void }): ReactNode {
  const { cart, status, error, itemCount, pending } = useCart();
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
            <Link className="button" href={paths.home()} onClick={onClose}>
              Start shopping
            </Link>
          </EmptyState>
        ) : (
          <CartLines compact onNavigate={onClose} />
        )}
      </div>
      {!empty ? (
        <div className="drawer__foot">
          <div className="drawer__subtotal">
            <span>Subtotal</span>
            <span aria-busy={pending}>{formatCartMoney(cart.subtotal, cart.currency)}</span>
          </div>
          <CheckoutButton />
        </div>
      ) : null}
    </>
  );
}

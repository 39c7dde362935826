'use client';
/**
 * The cart as a side drawer: a modal `<dialog>` (focus stays inside, Escape closes it), open
 * while `useCartDrawer().isOpen`. Its lines change through the same forms as the cart page's.
 */
import Link from 'next/link';
import { useEffect, useRef, type ReactNode } from 'react';
import { useCart } from '@vitrine/next/client';
import { cartMoney } from '../lib/format';
import { useCartDrawer } from './CartDrawerProvider';
import { CartLines } from './CartLines';
import { CheckoutButton } from './CheckoutButton';

export function CartDrawer(): ReactNode {
  const { isOpen, close } = useCartDrawer();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
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
  const cart = useCart((state) => state.cart);
  const status = useCart((state) => state.status);
  const lines = cart?.lineItems ?? [];
  return (
    <div className="drawer__body">
      <div className="drawer__header">
        <h2 id="cart-drawer-title">Your cart</h2>
        <button type="button" className="button button--quiet" onClick={onClose}>
          Close
        </button>
      </div>
      {lines.length === 0 ? (
        <p role="status">{status === 'loading' ? 'Loading your cart…' : 'Your cart is empty.'}</p>
      ) : (
        <>
          <CartLines lines={lines} currency={cart?.currency} />
          <p className="cart-subtotal">
            Subtotal <strong>{cartMoney(cart?.subtotal, cart?.currency)}</strong>
          </p>
          <CheckoutButton />
          <p>
            <Link href="/cart" onClick={onClose}>
              View cart
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

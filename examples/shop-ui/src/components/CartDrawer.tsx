'use client';
/**
 * The cart as a side drawer: a modal `<dialog>` (focus stays inside, Escape closes it). Closed
 * until opened (on a server too), so the cart it shows is the live one, starting from a server's
 * snapshot where there is one. Hooks: `useCart` (also through `CartLines`), `useCheckout`
 * (through `CheckoutButton`).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useCart } from '@vitrine/react';
import { errorMessage } from '../lib/errors';
import { formatCartMoney, pluralize } from '../lib/format';
import { paths } from '../lib/paths';
import { useCartDrawer } from './CartDrawerContext';
import { CartLines } from './CartLines';
import { CheckoutButton } from './CheckoutButton';
import { EmptyState, Loading } from './Feedback';
import { useShopLink } from './ShopLink';

/** Where the drawer's links go. */
export interface CartDrawerProps {
  /**
   * Where "Start shopping" goes from an empty cart.
   * @default paths.home()
   */
  shopHref?: string;
  /** The shop's cart page, when it has one: the drawer then links to it (coupons, shipping). */
  cartHref?: string;
}

/** The drawer, open while `useCartDrawer().isOpen`. */
export function CartDrawer({ shopHref = paths.home(), cartHref }: CartDrawerProps): ReactNode {
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
      {isOpen ? (
        <DrawerContent
          onClose={close}
          shopHref={shopHref}
          {...(cartHref === undefined ? {} : { cartHref })}
        />
      ) : null}
    </dialog>
  );
}

function DrawerContent({
  onClose,
  shopHref,
  cartHref,
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

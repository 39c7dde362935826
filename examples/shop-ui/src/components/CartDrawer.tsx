'use client';
/**
 * The cart as a side drawer: a modal `<dialog>` (focus stays inside, Escape closes it). Closed
 * until opened (on a server too), so the cart it shows is the live one, starting from a server's
 * snapshot where there is one. Hooks: `useCart` (also through `CartLines`). The lines' controls
 * and the checkout button are the shop's (hooks in the Vite shop, forms in the Next shop).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useCart } from '@vitrine/react/lite';
import { errorMessage } from '../lib/errors';
import { formatCartMoney, pluralize } from '../lib/format';
import { paths } from '../lib/paths';
import { useCartDrawer } from './CartDrawerContext';
import { CartLines, type LineControlsSlot } from './CartLines';
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
  /** Each line's quantity and remove controls. */
  controls: LineControlsSlot;
  /** The checkout button. */
  checkout: ReactNode;
}

/** The drawer, open while `useCartDrawer().isOpen`. */
export function CartDrawer({
  shopHref = paths.home(),
  cartHref,
  controls,
  checkout,
}: CartDrawerProps): ReactNode {
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
          controls={controls}
          checkout={checkout}
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

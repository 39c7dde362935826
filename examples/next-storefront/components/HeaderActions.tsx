'use client';
/**
 * The header's account link and cart button. On the server and while hydrating they show the
 * session and cart count the server read, so the HTML is right; then they follow the shopper's
 * client. The cart button is a link to the cart page (with scripts off, that is where it goes);
 * with scripts on, it opens the drawer. Hooks: `useSession`, `useCart`.
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { useCart, useSession } from '@vitrine/next/client';
import { paths } from '@vitrine/shop-ui/lib/paths';
import { useCartDrawer } from '@vitrine/shop-ui/components/CartDrawerContext';
import { CartIcon } from '@vitrine/shop-ui/components/CartIcon';

export function AccountLink(): ReactNode {
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const pathname = usePathname();
  if (isLoggedIn) {
    return (
      // Not prefetched: the account page is the shopper's, rendered when asked for.
      <Link className="header-link" href={paths.account()} prefetch={false}>
        Account
      </Link>
    );
  }
  // Back to this page after signing in, unless this page is itself part of signing in.
  const here = /^\/(account|callback)(\/|$)/.test(pathname) ? undefined : pathname;
  return (
    <Link className="header-link" href={paths.signIn(here)} prefetch={false}>
      Sign in
    </Link>
  );
}

/** What the header shows until the shopper's session and cart have streamed in. */
export function HeaderActionsPlaceholder(): ReactNode {
  return (
    <div className="header-actions" aria-busy="true">
      <span className="header-link" aria-hidden="true">
        &nbsp;
      </span>
      <span className="cart-button" aria-hidden="true">
        <CartIcon />
        <span className="cart-button__label">Cart</span>
      </span>
    </div>
  );
}

export function CartButton(): ReactNode {
  const itemCount = useCart((state) => state.itemCount);
  const { open } = useCartDrawer();
  return (
    // Its name is its visible text ("Cart 2 items"), as WCAG 2.5.3 asks of a control.
    <Link
      href={paths.cart()}
      prefetch={false}
      className="cart-button"
      onClick={(event) => {
        event.preventDefault();
        open();
      }}
      aria-haspopup="dialog"
    >
      <CartIcon />
      <span className="cart-button__label">Cart</span>{' '}
      <span className="cart-button__count">{itemCount}</span>
      <span className="visually-hidden">{itemCount === 1 ? ' item' : ' items'}</span>
    </Link>
  );
}

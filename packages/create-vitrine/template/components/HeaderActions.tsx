'use client';
/**
 * The header's account link and cart button. They render the session and cart the server read,
 * then follow the shopper's client. The cart button is a link to the cart page (where it goes
 * with scripts off, or before they load); with scripts on, it opens the drawer.
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { useCart, useSession } from '@vitrine/next/client';
import { useCartDrawer } from './CartDrawerProvider';

export function AccountLink(): ReactNode {
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const pathname = usePathname();
  if (isLoggedIn) {
    return (
      <Link className="header-link" href="/account" prefetch={false}>
        Account
      </Link>
    );
  }
  // Back to this page after signing in, unless this page is part of signing in.
  const back = /^\/(account|sign-in|callback)(\/|$)/.test(pathname) ? '/account' : pathname;
  return (
    <Link
      className="header-link"
      href={`/sign-in?returnTo=${encodeURIComponent(back)}`}
      prefetch={false}
    >
      Sign in
    </Link>
  );
}

export function CartButton(): ReactNode {
  const itemCount = useCart((state) => state.itemCount);
  const { open } = useCartDrawer();
  return (
    // Its name is its visible text and more ("Cart 2 items"), as WCAG 2.5.3 asks.
    <Link
      className="cart-button"
      href="/cart"
      prefetch={false}
      aria-haspopup="dialog"
      onClick={(event) => {
        event.preventDefault();
        open();
      }}
    >
      Cart <span className="cart-button__count">{itemCount}</span>
      <span className="visually-hidden">{itemCount === 1 ? ' item' : ' items'}</span>
    </Link>
  );
}

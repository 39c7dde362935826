'use client';
/**
 * The header's account link and cart button. On the server and while hydrating they show the
 * session and cart count the server read (their island's `snapshot`), so the HTML is right.
 * Hooks: `useSession`, `useCart`.
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { useCart, useSession } from '@vitrine/react';
import { pluralize } from '@vitrine/shop-ui/lib/format';
import { paths } from '@vitrine/shop-ui/lib/paths';
import { useCartDrawer } from '@vitrine/shop-ui/components/CartDrawerContext';
import { CartIcon } from '@vitrine/shop-ui/components/CartIcon';

export function AccountLink(): ReactNode {
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const pathname = usePathname();
  if (isLoggedIn) {
    return (
      <Link className="header-link" href={paths.account()}>
        Account
      </Link>
    );
  }
  // Back to this page after signing in, unless this page is itself part of signing in.
  const here = /^\/(account|callback)(\/|$)/.test(pathname) ? undefined : pathname;
  return (
    <Link className="header-link" href={paths.signIn(here)}>
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
    <button
      type="button"
      className="cart-button"
      onClick={open}
      aria-label={`Cart, ${pluralize(itemCount, 'item')}`}
      aria-haspopup="dialog"
    >
      <CartIcon />
      <span className="cart-button__label">Cart</span>
      <span className="cart-button__count">{itemCount}</span>
    </button>
  );
}

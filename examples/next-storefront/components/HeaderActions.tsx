'use client';
/**
 * The header's account link and cart button, part of the cached page: what they show of the
 * shopper follows the shopper's hint (`ShopperHintScript` fills it in before the first paint,
 * `useHintedItemCount` after hydration). The cart button is a link to the cart page (with scripts
 * off, that is where it goes); with scripts on, it opens the drawer.
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { useHintedItemCount } from '@vitrine/next/client';
import { paths } from '@vitrine/shop-ui/lib/paths';
import { useCartDrawer } from '@vitrine/shop-ui/components/CartDrawerContext';
import { CartIcon } from '@vitrine/shop-ui/components/CartIcon';

export function AccountLink(): ReactNode {
  const pathname = usePathname();
  // Back to this page after signing in, unless this page is itself part of signing in.
  const here = /^\/(account|callback)(\/|$)/.test(pathname) ? undefined : pathname;
  // Both, one shown: the shopper's hint (`<html data-vitrine-role>`) says which, before the first
  // paint. Neither prefetched: the account page is the shopper's, rendered when asked for.
  return (
    <>
      <Link className="header-link vitrine-member-only" href={paths.account()} prefetch={false}>
        Account
      </Link>
      <SignInLink returnTo={here} />
    </>
  );
}

/** The sign-in link of a visitor, back to `returnTo` after signing in. */
export function SignInLink({ returnTo }: { returnTo: string | undefined }): ReactNode {
  return (
    <Link
      className="header-link vitrine-visitor-only"
      href={paths.signIn(returnTo)}
      prefetch={false}
    >
      Sign in
    </Link>
  );
}

export function CartButton(): ReactNode {
  const itemCount = useHintedItemCount();
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
      {/* The hint's script has put the shopper's count here before hydration. */}
      <span className="cart-button__count" data-vitrine-cart-count="" suppressHydrationWarning>
        {itemCount}
      </span>
      <span className="visually-hidden" data-vitrine-cart-unit="" suppressHydrationWarning>
        {itemCount === 1 ? ' item' : ' items'}
      </span>
    </Link>
  );
}

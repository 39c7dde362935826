'use client';
/**
 * The header's account link and cart button, part of the cached shell: what they show of the
 * shopper follows the shopper's hint (`<ShopperHintScript>` fills it in before the first paint,
 * `useHintedItemCount` after hydration). The cart button is a link to the cart page (where it
 * goes with scripts off, or before they load); with scripts on, it opens the drawer.
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { useHintedItemCount } from '@vitrine/next/client';
import { useCartDrawer } from './CartDrawerProvider';

export function AccountLink(): ReactNode {
  const pathname = usePathname();
  // Back to this page after signing in, unless this page is part of signing in.
  const back = /^\/(account|sign-in|callback)(\/|$)/.test(pathname) ? '/account' : pathname;
  // Both, one shown: the hint (`<html data-vitrine-role>`) says which, before the first paint.
  return (
    <>
      <Link className="header-link vitrine-member-only" href="/account" prefetch={false}>
        Account
      </Link>
      <SignInLink back={back} />
    </>
  );
}

/** A visitor's sign-in link, back to `back` after signing in. */
export function SignInLink({ back }: { back: string }): ReactNode {
  return (
    <Link
      className="header-link vitrine-visitor-only"
      href={`/sign-in?returnTo=${encodeURIComponent(back)}`}
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
      {/* The hint's script has put the shopper's count here before hydration. */}
      Cart{' '}
      <span className="cart-button__count" data-vitrine-cart-count="" suppressHydrationWarning>
        {itemCount}
      </span>
      <span className="visually-hidden" data-vitrine-cart-unit="" suppressHydrationWarning>
        {itemCount === 1 ? ' item' : ' items'}
      </span>
    </Link>
  );
}

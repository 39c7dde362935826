/**
 * The site header: brand, account link and cart button. The brand is part of the cached shell;
 * the account link, the cart button and the cart drawer show the shopper's session and cart, so
 * they render at request time (`<ShopperIsland>`), behind a `<Suspense>` that keeps their place.
 */
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import { paths } from '../lib/paths';
import { CartDrawer } from './CartDrawer';
import { AccountLink, CartButton, HeaderActionsPlaceholder } from './HeaderActions';
import { ShopperIsland } from './ShopperIsland';

export function Header(): ReactNode {
  return (
    <header className="site-header">
      <p className="announcement">Free standard shipping on orders over $100</p>
      <div className="container header-row">
        <Link className="brand" href={paths.home()} aria-label="Vitrine, home">
          <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="#1d3b34" />
            <path d="M8 9h4l4 11 4-11h4l-6 15h-4z" fill="#f4c95d" />
          </svg>
          Vitrine
        </Link>
        <Suspense fallback={<HeaderActionsPlaceholder />}>
          <ShopperIsland>
            <nav className="header-actions" aria-label="Account and cart">
              <AccountLink />
              <CartButton />
            </nav>
            <CartDrawer />
          </ShopperIsland>
        </Suspense>
      </div>
    </header>
  );
}

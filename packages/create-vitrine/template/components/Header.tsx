/**
 * The site header. The shop's name is part of the cached shell; the account link, the cart
 * button and the cart drawer show the shopper's session and cart, so they render at request
 * time (`<ShopperIsland>`), behind a `<Suspense>` that keeps their place.
 */
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import { ShopperIsland } from '@vitrine/next';
import { SHOP_NAME } from '../lib/shop';
import { CartDrawer } from './CartDrawer';
import { AccountLink, CartButton } from './HeaderActions';

export function Header(): ReactNode {
  return (
    <header className="site-header">
      <div className="container site-header__row">
        <Link className="brand" href="/">
          {SHOP_NAME}
        </Link>
        <Suspense fallback={<HeaderPlaceholder />}>
          <ShopperIsland>
            <nav className="site-header__actions" aria-label="Account and cart">
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

/** The header's actions until the shopper's session and cart have streamed in. */
function HeaderPlaceholder(): ReactNode {
  return (
    <div className="site-header__actions" aria-hidden="true">
      <span className="header-link">&nbsp;</span>
      <span className="cart-button">Cart</span>
    </div>
  );
}

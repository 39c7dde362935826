/**
 * The site header: brand, account link and cart button. The brand is part of the cached shell;
 * the account link, the cart button and the cart drawer show the shopper's session and cart, so
 * they render at request time (`<ShopperIsland>`), behind a `<Suspense>` that keeps their place.
 */
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import { ShopperIsland } from '@vitrine/next';
import { Brand } from '@vitrine/shop-ui/components/Brand';
import { AccountLink, CartButton, HeaderActionsPlaceholder } from './HeaderActions';
import { ShopCartDrawer } from './ShopCartDrawer';

export function Header(): ReactNode {
  return (
    <header className="site-header">
      <p className="announcement">Free standard shipping on orders over $100</p>
      <div className="container header-row">
        <Brand link={Link} />
        <Suspense fallback={<HeaderActionsPlaceholder />}>
          <ShopperIsland>
            <nav className="header-actions" aria-label="Account and cart">
              <AccountLink />
              <CartButton />
            </nav>
            <ShopCartDrawer />
          </ShopperIsland>
        </Suspense>
      </div>
    </header>
  );
}

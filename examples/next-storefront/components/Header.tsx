/**
 * The site header: brand, search, account link and cart button, all of it part of the cached page. What
 * it shows of the shopper (signed in or not, the cart count) follows the shopper's hint, a
 * readable cookie the shop's server keeps: the root layout's `<ShopperHintScript>` puts it in
 * place before the first paint, `<HintedStoreIsland>` follows it after hydration, and the cart
 * drawer reads the cart when it first opens.
 */
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import { HintedStoreIsland } from '@vitrine/next/client';
import { Brand } from '@vitrine/shop-ui/components/Brand';
import { AccountLink, CartButton, SignInLink } from './HeaderActions';
import { ShopCartDrawer } from './ShopCartDrawer';

export function Header(): ReactNode {
  return (
    <header className="site-header">
      <p className="announcement">Free standard shipping on orders over $100</p>
      <div className="container header-row">
        <Brand link={Link} />
        <SearchBox />
        <HintedStoreIsland>
          <nav className="header-actions" aria-label="Account and cart">
            {/* The sign-in link comes back to the page it is on: the page's URL is known once
                the page is (not in a dynamic route's shell). */}
            <Suspense fallback={<SignInLink returnTo={undefined} />}>
              <AccountLink />
            </Suspense>
            <CartButton />
          </nav>
          <ShopCartDrawer />
        </HintedStoreIsland>
      </div>
    </header>
  );
}

/** Search: a plain GET form to the search page, with or without scripts. */
function SearchBox(): ReactNode {
  return (
    <form
      className="header-search"
      role="search"
      aria-label="Site search"
      action="/search"
      method="get"
    >
      <label htmlFor="header-search-q" className="visually-hidden">
        Search products
      </label>
      <input
        id="header-search-q"
        className="input"
        type="search"
        name="q"
        placeholder="Search products"
        enterKeyHint="search"
      />
      <button type="submit" className="button button--small">
        Search
      </button>
    </form>
  );
}

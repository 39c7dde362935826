/**
 * The site header, all of it part of every page's cached shell. What it shows of the shopper
 * (signed in or not, the cart count) follows the shopper's hint: the root layout's
 * `<ShopperHintScript>` puts it in place before the first paint, `<HintedStoreIsland>` follows it
 * after hydration, and the cart drawer reads the cart when it first opens. The search box is a
 * GET form to `/search` (`next/form`: a plain form post without scripts, a client-side
 * navigation with them).
 */
import Form from 'next/form';
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import { HintedStoreIsland } from '@vitrine/next/client';
import { SHOP_NAME } from '../lib/shop';
import { CartDrawer } from './CartDrawer';
import { AccountLink, CartButton, SignInLink } from './HeaderActions';

export function Header(): ReactNode {
  return (
    <header className="site-header">
      <div className="container site-header__row">
        <Link className="brand" href="/">
          {SHOP_NAME}
        </Link>
        <Form className="search-box" action="/search" role="search">
          <label className="visually-hidden" htmlFor="site-search">
            Search products
          </label>
          <input
            id="site-search"
            className="input"
            type="search"
            name="q"
            placeholder="Search products"
            maxLength={100}
          />
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </Form>
        <HintedStoreIsland>
          <nav className="site-header__actions" aria-label="Account and cart">
            {/* The sign-in link comes back to the page it is on, known once the page is. */}
            <Suspense fallback={<SignInLink back="/account" />}>
              <AccountLink />
            </Suspense>
            <CartButton />
          </nav>
          <CartDrawer />
        </HintedStoreIsland>
      </div>
    </header>
  );
}

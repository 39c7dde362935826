/**
 * The site header: brand, search, account link, cart button with its count, and the
 * collections. Hooks: `useSession`, `useCart`, `useCollections`.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCart, useCollections, useSession } from '@vitrine/react';
import { Brand } from '@vitrine/shop-ui/components/Brand';
import { preloadCartDrawer } from '@vitrine/shop-ui/components/CartDrawer';
import { useCartDrawer } from '@vitrine/shop-ui/components/CartDrawerContext';
import { CartIcon } from '@vitrine/shop-ui/components/CartIcon';
import { paths } from '../paths';
import { Link, navigate, useLocation } from '../router';
import { ShopLink } from '../shop-link';

export function Header(): ReactNode {
  return (
    <header className="site-header">
      <p className="announcement">Free standard shipping on orders over $100</p>
      <div className="container header-row">
        <Brand link={ShopLink} />
        <SearchForm />
        <nav className="header-actions" aria-label="Account and cart">
          <AccountLink />
          <CartButton />
        </nav>
      </div>
      <CollectionNav />
    </header>
  );
}

function SearchForm(): ReactNode {
  const location = useLocation();
  const current = location.pathname === '/search' ? (location.search.get('q') ?? '') : '';
  const [q, setQ] = useState(current);
  useEffect(() => setQ(current), [current]);
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = q.trim();
    if (term !== '') navigate(paths.search(term));
  };

  return (
    <form className="header-search" role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <input
        id={id}
        className="input"
        type="search"
        name="q"
        placeholder="Search products"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        enterKeyHint="search"
      />
      <button type="submit" className="button button--small">
        Search
      </button>
    </form>
  );
}

function AccountLink(): ReactNode {
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const location = useLocation();
  // Back to this page after signing in, unless this page is itself part of signing in.
  const here = /^\/(account|callback)(\/|$)/.test(location.pathname) ? undefined : location.path;
  return isLoggedIn ? (
    <Link className="header-link" to={paths.account()}>
      Account
    </Link>
  ) : (
    <Link className="header-link" to={paths.signIn(here)}>
      Sign in
    </Link>
  );
}

function warmDrawer(): void {
  void preloadCartDrawer().catch(() => {});
}

function CartButton(): ReactNode {
  // The count is known once the cart has been read (no cart at all is 0 items); until then, and
  // while a sign-in carries a cart over, the badge keeps its place but shows no number.
  const itemCount = useCart((state) => (state.status === 'ready' ? state.itemCount : undefined));
  const { open } = useCartDrawer();
  // A cart with lines (after a reload, say): its drawer's content is fetched once the page is
  // idle, so that opening it shows the lines the header counts, never "Loading your cart…".
  const hasLines = itemCount !== undefined && itemCount > 0;
  useEffect(() => {
    if (!hasLines) return;
    if ('requestIdleCallback' in window) window.requestIdleCallback(warmDrawer);
    else setTimeout(warmDrawer, 200);
  }, [hasLines]);
  // The accessible name starts with the visible text ("Cart 2"), as speech input expects, and
  // only adds the noun after it: "Cart 2 items".
  return (
    <button
      type="button"
      className="cart-button"
      onClick={open}
      aria-haspopup="dialog"
      // About to open the drawer: its content is fetched now.
      onPointerEnter={warmDrawer}
      onFocus={warmDrawer}
    >
      <CartIcon />
      <span className="cart-button__label">Cart</span>{' '}
      {itemCount === undefined ? (
        <span className="cart-button__count skeleton" aria-hidden="true" />
      ) : (
        <>
          <span className="cart-button__count" data-testid="cart-count">
            {itemCount}
          </span>
          <span className="visually-hidden"> {itemCount === 1 ? 'item' : 'items'}</span>
        </>
      )}
    </button>
  );
}

function CollectionNav(): ReactNode {
  const collections = useCollections({ sort: 'name-asc' });
  const location = useLocation();
  return (
    <nav className="container category-nav" aria-label="Collections">
      <ul>
        <li>
          <Link to={paths.shop()} aria-current={location.pathname === '/shop' ? 'page' : undefined}>
            Shop all
          </Link>
        </li>
        {collections.isPending ? <CollectionLinksSkeleton /> : null}
        {(collections.data?.items ?? []).map((collection) =>
          collection.slug ? (
            <li key={collection.id}>
              <Link
                to={paths.collection(collection.slug)}
                aria-current={
                  location.pathname === paths.collection(collection.slug) ? 'page' : undefined
                }
              >
                {collection.name}
              </Link>
            </li>
          ) : null,
        )}
      </ul>
    </nav>
  );
}

/** Grey pills where the collections will be, so the menu does not jump when they arrive. */
function CollectionLinksSkeleton(): ReactNode {
  return ['5rem', '4.5rem', '5.5rem', '7.5rem', '5rem', '6rem'].map((width, index) => (
    <li key={index} aria-hidden="true" data-testid="collection-skeleton">
      <span className="skeleton category-nav__skeleton" style={{ width }} />
    </li>
  ));
}

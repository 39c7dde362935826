/** The page frame and the route table: which page each address shows. */
import { useEffect, useRef, type ReactNode } from 'react';
import { CartDrawerProvider } from '@vitrine/shop-ui/components/CartDrawerContext';
import { CartDrawer } from '@vitrine/shop-ui/components/CartDrawer';
import { CheckoutButton } from '@vitrine/shop-ui/components/CheckoutButton';
import { lineControls } from '@vitrine/shop-ui/components/LineControls';
import { PageNotFound } from '@vitrine/shop-ui/components/PageNotFound';
import { ShopLinkProvider } from '@vitrine/shop-ui/components/ShopLink';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { usePageTitle } from './lib/page-title';
import { AccountPage } from './pages/AccountPage';
import { CallbackPage } from './pages/CallbackPage';
import { CartPage } from './pages/CartPage';
import { CollectionPage } from './pages/CollectionPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { HomePage } from './pages/HomePage';
import { OrderConfirmationPage } from './pages/OrderConfirmationPage';
import { PasswordChangedPage } from './pages/PasswordChangedPage';
import { ProductPage } from './pages/ProductPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { SearchPage } from './pages/SearchPage';
import { ShopPage } from './pages/ShopPage';
import { SignInPage } from './pages/SignInPage';
import { SignUpPage } from './pages/SignUpPage';
import { paths, ROUTES } from './paths';
import { matchRoute, useLocation, type RouteMatch } from './router';
import type { PageName } from './paths';
import { ShopLink } from './shop-link';

export function App(): ReactNode {
  const location = useLocation();
  const match = matchRoute(ROUTES, location.pathname);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  // After a navigation, move focus to the new page so screen readers and keyboards start there.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  return (
    <ShopLinkProvider link={ShopLink}>
      <CartDrawerProvider>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header />
        <main id="main" className="site-main" ref={main} tabIndex={-1}>
          <Page match={match} />
        </main>
        <Footer />
        <CartDrawer
          shopHref={paths.shop()}
          cartHref={paths.cart()}
          controls={lineControls}
          checkout={<CheckoutButton />}
        />
      </CartDrawerProvider>
    </ShopLinkProvider>
  );
}

function Page({ match }: { match: RouteMatch<PageName> | undefined }): ReactNode {
  if (!match) return <NotFoundPage />;
  const { name, params } = match;
  switch (name) {
    case 'home':
      return <HomePage />;
    case 'shop':
      return <ShopPage />;
    case 'collection':
      return <CollectionPage key={params.slug} slug={params.slug ?? ''} />;
    case 'search':
      return <SearchPage />;
    case 'product':
      return <ProductPage key={params.slug} slug={params.slug ?? ''} />;
    case 'cart':
      return <CartPage />;
    case 'signIn':
      return <SignInPage />;
    case 'signUp':
      return <SignUpPage />;
    case 'forgotPassword':
      return <ForgotPasswordPage />;
    case 'resetPassword':
      return <ResetPasswordPage />;
    case 'passwordChanged':
      return <PasswordChangedPage />;
    case 'account':
      return <AccountPage />;
    case 'callback':
      return <CallbackPage />;
    case 'orderConfirmation':
      return <OrderConfirmationPage />;
  }
}

function NotFoundPage(): ReactNode {
  usePageTitle('Page not found');
  return <PageNotFound link={ShopLink} />;
}

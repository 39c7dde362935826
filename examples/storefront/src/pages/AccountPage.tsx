/** The member's account: who is signed in, their cart, and sign-out. Hooks: `useSession`, `useCart`, `useLogout`. */
import type { ReactNode } from 'react';
import { useCart, useLogout, useSession } from '@vitrine/react';
import { EmptyState, ErrorMessage, Spinner } from '@vitrine/shop-ui/components/Feedback';
import { pluralize } from '@vitrine/shop-ui/lib/format';
import { usePageTitle } from '../lib/page-title';
import { paths, returnUrls } from '../paths';
import { Link } from '../router';
import { AuthCard } from '@vitrine/shop-ui/components/AuthCard';

export function AccountPage(): ReactNode {
  usePageTitle('Your account');
  const session = useSession();
  // Known once the cart has been read: no count is shown before.
  const itemCount = useCart((state) => (state.status === 'ready' ? state.itemCount : undefined));
  const logout = useLogout();

  if (!session.isLoggedIn && !logout.isPending && !logout.isSuccess) {
    return (
      <div className="container">
        <EmptyState icon="user" title="You are not signed in">
          <p>Sign in to keep your cart on every device.</p>
          <p>
            <Link className="button" to={paths.signIn()}>
              Sign in
            </Link>{' '}
            <Link className="button button--secondary" to={paths.signUp()}>
              Create an account
            </Link>
          </p>
        </EmptyState>
      </div>
    );
  }

  return (
    <AuthCard>
      <h1>Your account</h1>
      <p className="auth-card__lead">You are signed in. Your cart follows you on every device.</p>
      <p>
        {itemCount === undefined
          ? 'Looking up your cart…'
          : `Your cart has ${pluralize(itemCount, 'item')}.`}{' '}
        <Link to={paths.cart()}>View your cart</Link>
      </p>
      {logout.error ? <ErrorMessage error={logout.error} /> : null}
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={logout.isPending || logout.isSuccess}
        onClick={() => logout.mutate(returnUrls().home)}
      >
        {logout.isPending || logout.isSuccess ? <Spinner /> : null}
        Sign out
      </button>
    </AuthCard>
  );
}

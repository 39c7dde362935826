'use client';
/**
 * Who is signed in, their cart, and sign-out (through the store's sign-out page, back home as
 * a new visitor). Hooks: `useSession`, `useCart`, `useLogout`.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useCart, useLogout, useSession } from '@vitrine/react';
import { pluralize } from '@vitrine/shop-ui/lib/format';
import { paths, returnUrls } from '@vitrine/shop-ui/lib/paths';
import { AuthCard } from '@vitrine/shop-ui/components/AuthCard';
import { EmptyState, ErrorMessage, Spinner } from '@vitrine/shop-ui/components/Feedback';

export function AccountPanel(): ReactNode {
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const itemCount = useCart((state) => state.itemCount);
  const logout = useLogout();

  if (!isLoggedIn && !logout.isPending && !logout.isSuccess) {
    return (
      <div className="container">
        <EmptyState icon="user" title="You are not signed in">
          <p>Sign in to keep your cart on every device.</p>
          <p>
            <Link className="button" href={paths.signIn()}>
              Sign in
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
      <p>Your cart has {pluralize(itemCount, 'item')}.</p>
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

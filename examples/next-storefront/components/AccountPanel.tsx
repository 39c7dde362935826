'use client';
/**
 * Who is signed in (their name and email, read by the server from their member record), their
 * cart, sign-out (through the store's sign-out page, back home as a new visitor), and below it
 * what the page rendered on the server (the member's orders). A visitor gets a sign-in prompt.
 * Hooks: `useSession`, `useCart`, `useLogout`.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useCart, useLogout, useSession } from '@vitrine/react';
import { pluralize } from '@vitrine/shop-ui/lib/format';
import { paths, returnUrls } from '@vitrine/shop-ui/lib/paths';
import { EmptyState, ErrorMessage, Spinner } from '@vitrine/shop-ui/components/Feedback';

/** The member as the account page shows them. */
export interface AccountMember {
  name: string;
  email?: string | undefined;
}

export function AccountPanel({
  member,
  children,
}: {
  /** The signed-in member, when the server could read their record. */
  member?: AccountMember | undefined;
  /** What goes beside the member (the orders). */
  children?: ReactNode;
}): ReactNode {
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const itemCount = useCart((state) => state.itemCount);
  const logout = useLogout();

  if (!isLoggedIn && !logout.isPending && !logout.isSuccess) {
    return (
      <div className="container">
        <EmptyState icon="user" title="You are not signed in">
          <p>Sign in to keep your cart on every device and see your orders.</p>
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
    <div className="container account">
      <div className="page-head">
        <h1>Your account</h1>
      </div>
      <div className="account__layout">
        <section className="panel account__member" aria-label="Signed in">
          {member ? (
            <div className="account__who">
              <p className="account__name">{member.name}</p>
              {member.email && member.email !== member.name ? (
                <p className="account__email">{member.email}</p>
              ) : null}
            </div>
          ) : (
            <p className="account__lead">You are signed in.</p>
          )}
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
        </section>
        {children}
      </div>
    </div>
  );
}

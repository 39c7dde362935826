'use client';
/**
 * The account page's body: who is signed in (name and email from the member's record), a line
 * about their cart, sign-out (through the store's sign-out page, back home as a new visitor), and
 * beside it what the shop puts there (the past orders). A visitor gets a sign-in prompt. Hooks:
 * `useSession`, `useLogout`.
 */
import type { ReactNode } from 'react';
import { useLogout, useSession } from '@vitrine/react';
import { paths, returnUrls } from '../lib/paths';
import { EmptyState, ErrorMessage, Spinner } from './Feedback';
import { useShopLink } from './ShopLink';

/** The member as the account page shows them. */
export interface AccountMember {
  name: string;
  email?: string | undefined;
}

/** The panel, or the sign-in prompt for a visitor. */
export function AccountPanel({
  member,
  memberError,
  cart,
  signUpHref,
  children,
}: {
  /** The signed-in member, once their record is read ("You are signed in." until then). */
  member?: AccountMember | undefined;
  /** Why their record could not be read. */
  memberError?: unknown;
  /** The shop's line about the member's cart ("Your cart has 2 items."). */
  cart: ReactNode;
  /** The sign-up page, offered to a visitor beside "Sign in" when the shop has one. */
  signUpHref?: string;
  /** What goes beside the member (the orders). */
  children?: ReactNode;
}): ReactNode {
  const Link = useShopLink();
  const isLoggedIn = useSession((session) => session.isLoggedIn);
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
            {signUpHref === undefined ? null : (
              <>
                {' '}
                <Link className="button button--secondary" href={signUpHref}>
                  Create an account
                </Link>
              </>
            )}
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
          {memberError ? <ErrorMessage error={memberError} /> : null}
          {cart}
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

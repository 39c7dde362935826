'use client';
/**
 * The account page's body: who is signed in (name and email from the member's record), a line
 * about their cart, the shop's sign-out control (through the store's sign-out page, back home as a
 * new visitor), and beside it what the shop puts there (the past orders). A visitor gets a sign-in
 * prompt. Hook: `useSession`.
 */
import type { ReactNode } from 'react';
import { useSession } from '@vitrine/react/lite';
import { paths } from '../lib/paths';
import { EmptyState, ErrorMessage } from './Feedback';
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
  signOut,
  signingOut = false,
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
  /** The sign-out control (a button of the shop's). */
  signOut: ReactNode;
  /** A sign-out is under way: the panel stays until the browser has left. */
  signingOut?: boolean;
}): ReactNode {
  const Link = useShopLink();
  const isLoggedIn = useSession((session) => session.isLoggedIn);

  if (!isLoggedIn && !signingOut) {
    return (
      <div className="container">
        {/* All the page is for a visitor: its title is the page's h1. */}
        <EmptyState icon="user" title="You are not signed in" level={1}>
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
          {signOut}
        </section>
        {children}
      </div>
    </div>
  );
}

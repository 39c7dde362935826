/**
 * Where a password reset ends: on this shop's reset page, or back from the store's hosted one
 * (through `/callback`). It says the password is changed and offers to sign in with it.
 */
import type { ReactNode } from 'react';
import { AuthCard } from '@vitrine/shop-ui/components/AuthCard';
import { Alert } from '@vitrine/shop-ui/components/Feedback';
import { usePageTitle } from '../lib/page-title';
import { paths } from '../paths';
import { Link } from '../router';

export function PasswordChangedPage(): ReactNode {
  usePageTitle('Password changed');
  return (
    <AuthCard>
      <h1>Password changed</h1>
      <PasswordChanged />
    </AuthCard>
  );
}

/** The confirmation and the way on, also shown by the reset page itself. */
export function PasswordChanged(): ReactNode {
  return (
    <>
      <Alert tone="success">
        <p>Your password is changed. You can sign in with it now.</p>
      </Alert>
      <Link className="button button--block" to={paths.signIn()}>
        Sign in
      </Link>
    </>
  );
}

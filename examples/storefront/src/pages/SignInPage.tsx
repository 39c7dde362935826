/**
 * Sign in with email and password, or through the store's hosted sign-in page (the kit's
 * `SignInForm`), with this shop's extras: the emailed code when the store asks for one, password
 * reset and sign-up links, and a note of how the sign-in began (`lib/sign-in-kind`). Hooks:
 * `useLogin`, `useLoginWithRedirect`, `useSession` (and `useVerifyEmail` when a code is needed).
 */
import { useCallback, type ReactNode } from 'react';
import { AuthCard } from '@vitrine/shop-ui/components/AuthCard';
import { SignInForm } from '@vitrine/shop-ui/components/SignInForm';
import { VerifyEmailForm } from '../components/VerifyEmailForm';
import { usePageTitle } from '../lib/page-title';
import { forgetSignInKind, noteSignInKind } from '../lib/sign-in-kind';
import { paths, safeReturnTo } from '../paths';
import { Link, navigate, useLocation } from '../router';

export function SignInPage(): ReactNode {
  usePageTitle('Sign in');
  const location = useLocation();
  const returnTo = safeReturnTo(location.search.get('returnTo'));
  const done = useCallback(() => navigate(returnTo, { replace: true }), [returnTo]);

  return (
    <AuthCard>
      <SignInForm
        returnTo={returnTo}
        onSignedIn={done}
        onPasswordSignIn={() => noteSignInKind('returning')}
        onHostedSignIn={forgetSignInKind}
        verifyEmail={(email) => <VerifyEmailForm email={email} onVerified={done} />}
        resetPasswordHref={paths.forgotPassword()}
        links={
          <div className="auth-links">
            <Link to={paths.forgotPassword()}>Forgot your password?</Link>
            <Link to={paths.signUp(returnTo === '/account' ? undefined : returnTo)}>
              Create an account
            </Link>
          </div>
        }
      />
    </AuthCard>
  );
}

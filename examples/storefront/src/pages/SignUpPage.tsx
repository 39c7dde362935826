/**
 * Create an account with email and password, then confirm the emailed code when the store asks
 * for one. Hooks: `useRegister`, `useVerifyEmail` (through `VerifyEmailForm`).
 */
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useRegister } from '@vitrine/react';
import { Alert, ErrorMessage, Spinner } from '@vitrine/shop-ui/components/Feedback';
import { EmailField, TextField } from '@vitrine/shop-ui/components/TextField';
import { VerifyEmailForm } from '../components/VerifyEmailForm';
import { loginResultMessage } from '@vitrine/shop-ui/lib/errors';
import { noteSignInKind } from '../lib/sign-in-kind';
import { usePageTitle } from '../lib/page-title';
import { paths, safeReturnTo } from '../paths';
import { Link, navigate, useLocation } from '../router';
import { AuthCard } from '@vitrine/shop-ui/components/AuthCard';

export function SignUpPage(): ReactNode {
  usePageTitle('Create an account');
  const location = useLocation();
  const returnTo = safeReturnTo(location.search.get('returnTo'));
  const register = useRegister();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const done = useCallback(() => navigate(returnTo, { replace: true }), [returnTo]);
  useEffect(() => {
    if (register.data?.loginState === 'SUCCESS') done();
  }, [register.data, done]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    noteSignInKind('new-account');
    register.mutate({ email: email.trim(), password });
  };

  if (register.data?.loginState === 'EMAIL_VERIFICATION_REQUIRED') {
    return (
      <AuthCard>
        <VerifyEmailForm email={email.trim()} onVerified={done} />
      </AuthCard>
    );
  }

  const failure = loginResultMessage(register.data, 'sign-up');
  return (
    <AuthCard>
      <h1>Create an account</h1>
      <p className="auth-card__lead">
        Save your cart across devices and check out faster next time.
      </p>
      {failure ? (
        <Alert tone="error">
          <p>{failure}</p>
          {register.data?.errorCode === 'emailAlreadyExists' ? (
            <p>
              <Link to={paths.signIn()}>Sign in</Link> or{' '}
              <Link to={paths.forgotPassword()}>reset your password</Link>.
            </p>
          ) : null}
        </Alert>
      ) : null}
      {register.data?.loginState === 'OWNER_APPROVAL_REQUIRED' ? (
        <Alert tone="info">
          <p>Thanks! The store owner will approve your account shortly.</p>
        </Alert>
      ) : null}
      {register.error ? <ErrorMessage error={register.error} /> : null}
      <form onSubmit={submit} noValidate>
        <EmailField value={email} onValue={setEmail} />
        <TextField
          label="Password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          hint="At least 4 characters. A passphrase is easy to remember and hard to guess."
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button
          type="submit"
          className="button button--block"
          disabled={register.isPending || email.trim() === '' || password === ''}
        >
          {register.isPending ? <Spinner /> : null}
          Create account
        </button>
      </form>
      <div className="auth-links">
        <span>
          Already have an account? <Link to={paths.signIn()}>Sign in</Link>
        </span>
      </div>
    </AuthCard>
  );
}

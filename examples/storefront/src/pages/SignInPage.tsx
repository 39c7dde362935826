/**
 * Sign in with email and password, or through the store's hosted sign-in page. Hooks:
 * `useLogin`, `useLoginWithRedirect`, `useSession` (and `useVerifyEmail` when a code is needed).
 */
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLogin, useLoginWithRedirect, useSession } from '@vitrine/react';
import { Alert, ErrorMessage, Spinner } from '../components/Feedback';
import { EmailField, TextField } from '../components/TextField';
import { VerifyEmailForm } from '../components/VerifyEmailForm';
import { useOnBackForwardReturn } from '../lib/back-forward';
import { errorMessage, loginResultMessage } from '../lib/errors';
import { usePageTitle } from '../lib/page-title';
import { forgetSignInKind, noteSignInKind } from '../lib/sign-in-kind';
import { paths, returnUrls, safeReturnTo } from '../paths';
import { Link, navigate, useLocation } from '../router';
import { AuthCard } from '../components/AuthCard';

export function SignInPage(): ReactNode {
  usePageTitle('Sign in');
  const location = useLocation();
  const returnTo = safeReturnTo(location.search.get('returnTo'));
  const login = useLogin();
  const hosted = useLoginWithRedirect();
  useOnBackForwardReturn(() => hosted.reset());
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const done = useCallback(() => navigate(returnTo, { replace: true }), [returnTo]);
  useEffect(() => {
    if (login.data?.loginState === 'SUCCESS') done();
  }, [login.data, done]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    noteSignInKind('returning');
    login.mutate({ email: email.trim(), password });
  };

  if (login.data?.loginState === 'EMAIL_VERIFICATION_REQUIRED') {
    return (
      <AuthCard>
        <VerifyEmailForm email={email.trim()} onVerified={done} />
      </AuthCard>
    );
  }

  const failure = loginResultMessage(login.data, 'sign-in');
  return (
    <AuthCard>
      <h1>Sign in</h1>
      <p className="auth-card__lead">Welcome back. Your cart comes with you.</p>
      {isLoggedIn && !login.data ? (
        <Alert tone="info">
          <p>
            You are already signed in. <Link to={paths.account()}>Go to your account</Link>.
          </p>
        </Alert>
      ) : null}
      {failure ? (
        <Alert tone="error">
          <p>{failure}</p>
          {login.data?.errorCode === 'resetPassword' ||
          login.data?.errorCode === 'invalidPassword' ? (
            <p>
              <Link to={paths.forgotPassword()}>Reset your password</Link>
            </p>
          ) : null}
        </Alert>
      ) : null}
      {login.data?.loginState === 'OWNER_APPROVAL_REQUIRED' ? (
        <Alert tone="info">
          <p>Your account is waiting for the store owner&apos;s approval. Please try later.</p>
        </Alert>
      ) : null}
      {login.error ? <ErrorMessage error={login.error} /> : null}
      <form onSubmit={submit} noValidate>
        <EmailField value={email} onValue={setEmail} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button
          type="submit"
          className="button button--block"
          disabled={login.isPending || email.trim() === '' || password === ''}
        >
          {login.isPending ? <Spinner /> : null}
          Sign in
        </button>
      </form>
      <div className="auth-links">
        <Link to={paths.forgotPassword()}>Forgot your password?</Link>
        <Link to={paths.signUp(returnTo === '/account' ? undefined : returnTo)}>
          Create an account
        </Link>
      </div>
      <div className="divider">or</div>
      {hosted.error ? (
        <Alert tone="error">
          <p>{errorMessage(hosted.error)}</p>
        </Alert>
      ) : null}
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={hosted.isPending || hosted.isSuccess}
        onClick={() => {
          forgetSignInKind();
          hosted.mutate({ redirectUri: returnUrls().callback, originalUri: returnTo });
        }}
      >
        {hosted.isPending || hosted.isSuccess ? <Spinner /> : null}
        Sign in with the store&apos;s sign-in page
      </button>
    </AuthCard>
  );
}

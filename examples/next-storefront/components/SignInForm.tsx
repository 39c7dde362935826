'use client';
/**
 * Sign in with email and password, or through the store's hosted sign-in page (PKCE; it comes
 * back to `/callback`). Either way the visitor's cart comes along. Hooks: `useLogin`,
 * `useLoginWithRedirect`, `useSession`.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLogin, useLoginWithRedirect, useSession } from '@vitrine/react';
import { useOnBackForwardReturn } from '../lib/back-forward';
import { errorMessage, loginResultMessage } from '../lib/errors';
import { paths, returnUrls } from '../lib/paths';
import { Alert, ErrorMessage, Spinner } from './Feedback';
import { EmailField, TextField } from './TextField';

export function SignInForm({ returnTo }: { returnTo: string }): ReactNode {
  const router = useRouter();
  const login = useLogin();
  const hosted = useLoginWithRedirect();
  useOnBackForwardReturn(() => hosted.reset());
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  useEffect(() => {
    if (login.data?.loginState === 'SUCCESS') router.replace(returnTo);
  }, [login.data, returnTo, router]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password });
  };

  const failure = loginResultMessage(login.data, 'sign-in');
  return (
    <>
      <h1>Sign in</h1>
      <p className="auth-card__lead">Welcome back. Your cart comes with you.</p>
      {isLoggedIn && !login.data ? (
        <Alert tone="info">
          <p>
            You are already signed in. <Link href={paths.account()}>Go to your account</Link>.
          </p>
        </Alert>
      ) : null}
      {failure ? (
        <Alert tone="error">
          <p>{failure}</p>
        </Alert>
      ) : null}
      {login.data?.loginState === 'EMAIL_VERIFICATION_REQUIRED' ? (
        <Alert tone="info">
          <p>
            The store needs to confirm your email first: sign in with the store&apos;s sign-in page
            below, which asks for the code it sent you.
          </p>
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
        onClick={() => hosted.mutate({ redirectUri: returnUrls().callback, originalUri: returnTo })}
      >
        {hosted.isPending || hosted.isSuccess ? <Spinner /> : null}
        Sign in with the store&apos;s sign-in page
      </button>
    </>
  );
}

'use client';
/**
 * Sign in with email and password, or through the store's hosted sign-in page (PKCE; it comes
 * back to `/callback`). Either way the visitor's cart comes along. The page around it (and how it
 * navigates) is the shop's. Hooks: `useLogin`, `useLoginWithRedirect`, `useSession`.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLogin, useLoginWithRedirect, useSession } from '@vitrine/react';
import { useOnBackForwardReturn } from '../lib/back-forward';
import { errorMessage, loginResultMessage } from '../lib/errors';
import { paths, returnUrls } from '../lib/paths';
import { Alert, ErrorMessage, Spinner } from './Feedback';
import { useShopLink } from './ShopLink';
import { EmailField, TextField } from './TextField';

/** What a shop adds to the sign-in form. */
export interface SignInFormProps {
  /** Where to go once signed in (the hosted page comes back there too). */
  returnTo: string;
  /** Called once a password sign-in succeeds: go to `returnTo`. */
  onSignedIn: () => void;
  /** Called just before a password sign-in is sent. */
  onPasswordSignIn?: () => void;
  /** Called just before leaving for the hosted sign-in page. */
  onHostedSignIn?: () => void;
  /**
   * The second step when the store asks for the emailed code: the shop's verification form for
   * `email`. Without it, the shopper is sent to the hosted sign-in page, which asks for the code.
   */
  verifyEmail?: (email: string) => ReactNode;
  /** A "Reset your password" link's address, offered after a wrong password. */
  resetPasswordHref?: string;
  /** Links under the form ("Forgot your password?", "Create an account"). */
  links?: ReactNode;
}

/** The form, its outcomes in sentences, and the hosted page's button. */
export function SignInForm({
  returnTo,
  onSignedIn,
  onPasswordSignIn,
  onHostedSignIn,
  verifyEmail,
  resetPasswordHref,
  links,
}: SignInFormProps): ReactNode {
  const Link = useShopLink();
  const login = useLogin();
  const hosted = useLoginWithRedirect();
  useOnBackForwardReturn(() => hosted.reset());
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  // The latest callback, called once per successful answer however often the page re-renders.
  const latest = useRef(onSignedIn);
  useEffect(() => {
    latest.current = onSignedIn;
  });
  useEffect(() => {
    if (login.data?.loginState === 'SUCCESS') latest.current();
  }, [login.data]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onPasswordSignIn?.();
    login.mutate({ email: email.trim(), password });
  };

  const needsCode = login.data?.loginState === 'EMAIL_VERIFICATION_REQUIRED';
  if (needsCode && verifyEmail) return verifyEmail(email.trim());

  const failure = loginResultMessage(login.data, 'sign-in');
  const wrongPassword =
    login.data?.errorCode === 'resetPassword' || login.data?.errorCode === 'invalidPassword';
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
          {wrongPassword && resetPasswordHref !== undefined ? (
            <p>
              <Link href={resetPasswordHref}>Reset your password</Link>
            </p>
          ) : null}
        </Alert>
      ) : null}
      {needsCode ? (
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
      {links}
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
          onHostedSignIn?.();
          hosted.mutate({ redirectUri: returnUrls().callback, originalUri: returnTo });
        }}
      >
        {hosted.isPending || hosted.isSuccess ? <Spinner /> : null}
        Sign in with the store&apos;s sign-in page
      </button>
    </>
  );
}

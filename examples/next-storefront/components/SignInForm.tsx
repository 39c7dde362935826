'use client';
/**
 * Sign in with email and password (a form posting to `@vitrine/next`'s server action: with or
 * without scripts, the member's session goes into an HttpOnly cookie on the server and the
 * visitor's cart comes along), or on the store's hosted sign-in page (a plain link: the proxy
 * starts it, PKCE on the server, and finishes it back at `/callback`).
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import {
  SignInForm as VitrineSignInForm,
  hostedSignInHref,
  useSession,
} from '@vitrine/next/client';
import { Spinner } from '@vitrine/shop-ui/components/Feedback';
import { TextField } from '@vitrine/shop-ui/components/TextField';
import { paths } from '@vitrine/shop-ui/lib/paths';

/** The form; once signed in, on to `returnTo`. */
export function SignInForm({ returnTo }: { returnTo: string }): ReactNode {
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  return (
    <>
      <h1>Sign in</h1>
      <p className="auth-card__lead">Welcome back. Your cart comes with you.</p>
      {isLoggedIn ? (
        <p className="alert alert--info">
          You are already signed in. <Link href={paths.account()}>Go to your account</Link>.
        </p>
      ) : null}
      <VitrineSignInForm returnTo={returnTo}>
        {(state, pending) => (
          <>
            {state.status === 'error' ? (
              <p className="alert alert--error" role="alert">
                {state.message}
              </p>
            ) : null}
            <TextField label="Email" type="email" name="email" autoComplete="email" required />
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
            />
            <button type="submit" className="button button--block" disabled={pending}>
              {pending ? <Spinner /> : null}
              Sign in
            </button>
          </>
        )}
      </VitrineSignInForm>
      <div className="divider">or</div>
      <a className="button button--secondary button--block" href={hostedSignInHref(returnTo)}>
        Sign in with the store&apos;s sign-in page
      </a>
    </>
  );
}

'use client';
/** The sign-in form, and the link to the store's own sign-in page. */
import { useId, type ReactNode } from 'react';
import { SignInForm, hostedSignInHref } from '@vitrine/next/client';

export function SignIn({ returnTo }: { returnTo: string }): ReactNode {
  const id = useId();
  return (
    <>
      <SignInForm returnTo={returnTo} className="stack">
        {(state, pending) => (
          <>
            {state.status === 'error' ? (
              <p className="alert" role="alert">
                {state.message}
              </p>
            ) : null}
            <div className="field">
              <label htmlFor={`${id}-email`}>Email</label>
              <input
                id={`${id}-email`}
                className="input"
                name="email"
                type="email"
                autoComplete="email"
                required
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-password`}>Password</label>
              <input
                id={`${id}-password`}
                className="input"
                name="password"
                type="password"
                autoComplete="current-password"
                required
              />
            </div>
            <button type="submit" className="button button--block" disabled={pending}>
              {pending ? 'Signing in…' : 'Sign in'}
            </button>
          </>
        )}
      </SignInForm>
      <p className="divider">or</p>
      <a className="button button--secondary button--block" href={hostedSignInHref(returnTo)}>
        Sign in on the store&apos;s page
      </a>
      <p className="muted">New here? The store&apos;s page also creates an account.</p>
    </>
  );
}

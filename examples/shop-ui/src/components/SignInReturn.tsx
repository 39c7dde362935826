'use client';
/**
 * Back at `/callback` from the store's hosted sign-in page, with `code` and `state`: exchanges
 * the code with the PKCE verifier (`useRedirectCallback`, once; `code` and `state` leave the
 * address bar first), then hands the page the shopper started from to `onSignedIn`.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useRedirectCallback } from '@vitrine/react';
import { errorMessage } from '../lib/errors';
import { paths } from '../lib/paths';
import { EmptyState, Loading } from './Feedback';
import { useShopLink } from './ShopLink';

/** "Signing you in…", then `onSignedIn(originalUri)`; a failure in a sentence, with a retry. */
export function SignInReturn({
  url,
  onSignedIn,
}: {
  /** The address the hosted page came back to (read before anything changes it). */
  url: string;
  /** Goes on to the page the sign-in began on (replacing `/callback` in the history). */
  onSignedIn: (originalUri: string) => void;
}): ReactNode {
  const Link = useShopLink();
  const callback = useRedirectCallback(url);
  // The latest callback, called once per answer however often the page re-renders.
  const latest = useRef(onSignedIn);
  useEffect(() => {
    latest.current = onSignedIn;
  });
  useEffect(() => {
    if (callback.data) latest.current(callback.data.originalUri);
  }, [callback.data]);

  if (callback.error) {
    return (
      <div className="container">
        <EmptyState icon="lock" title="We could not sign you in">
          <p>{errorMessage(callback.error)}</p>
          <Link className="button" href={paths.signIn()}>
            Try again
          </Link>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="container">
      <Loading>Signing you in…</Loading>
    </div>
  );
}

/**
 * Where the store's hosted pages come back to (`/callback`, a registered redirect URI):
 * - from the hosted sign-in page, with `code` and `state`: finishes signing in
 *   (`useRedirectCallback`) and goes on to the page the shopper started from;
 * - from the hosted checkout page: shows the order confirmation;
 * - from the hosted password-reset page: says the password is changed.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { parseFromUrl } from '@vitrine/sdk';
import { Loading } from '@vitrine/shop-ui/components/Feedback';
import { SignInReturn as KitSignInReturn } from '@vitrine/shop-ui/components/SignInReturn';
import { hasPendingCheckout } from '@vitrine/shop-ui/lib/checkout-return';
import { takePasswordResetReturn } from '../lib/password-reset-return';
import { usePageTitle } from '../lib/page-title';
import { paths } from '../paths';
import { navigate } from '../router';

export function CallbackPage(): ReactNode {
  // Read once, before the sign-in return removes `code` and `state` from the address bar.
  const [url] = useState(() => window.location.href);
  const [isSignIn] = useState(() => {
    const params = parseFromUrl(url);
    return Boolean(params.code ?? params.error ?? params.state);
  });
  if (isSignIn) return <SignInReturn url={url} />;
  return <FlowReturn url={url} />;
}

function SignInReturn({ url }: { url: string }): ReactNode {
  usePageTitle('Signing you in');
  return <KitSignInReturn url={url} onSignedIn={goOn} />;
}

/** On to the page the sign-in began on, in place of `/callback` in the history. */
function goOn(originalUri: string): void {
  navigate(originalUri, { replace: true });
}

function FlowReturn({ url }: { url: string }): ReactNode {
  usePageTitle('Welcome back');
  useEffect(() => {
    // The hosted checkout appends the placed order's id (its thank-you callback).
    const orderId = new URL(url).searchParams.get('orderId');
    const next = hasPendingCheckout()
      ? paths.orderConfirmation(orderId ?? undefined)
      : takePasswordResetReturn()
        ? paths.passwordChanged()
        : paths.home();
    navigate(next, { replace: true });
  }, [url]);
  return (
    <div className="container">
      <Loading>Welcome back…</Loading>
    </div>
  );
}

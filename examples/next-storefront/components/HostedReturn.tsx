'use client';
/**
 * The two returns from the store's hosted pages to `/callback`: finishing a hosted sign-in
 * (the kit's `SignInReturn`: `useRedirectCallback` exchanges the code, PKCE) and coming back from
 * the hosted checkout.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { parseFromUrl } from '@vitrine/sdk';
import { hasPendingCheckout } from '@vitrine/shop-ui/lib/checkout-return';
import { paths } from '@vitrine/shop-ui/lib/paths';
import { Loading } from '@vitrine/shop-ui/components/Feedback';
import { SignInReturn as KitSignInReturn } from '@vitrine/shop-ui/components/SignInReturn';

/**
 * Tells the two returns apart. The hosted sign-in page returns `code` and `state` in the
 * address's fragment, which never reaches the server: the address is read after hydrating (the
 * server and the browser's first render both show "Welcome back…").
 */
export function HostedReturn(): ReactNode {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => setUrl(window.location.href), []);
  if (url === undefined) return <Welcome />;
  const params = parseFromUrl(url);
  const isSignIn = Boolean(params.code ?? params.state ?? params.error);
  return isSignIn ? <SignInReturn url={url} /> : <CheckoutReturn />;
}

/** Finishes signing in, then goes on to the page the shopper started from. */
function SignInReturn({ url }: { url: string }): ReactNode {
  const router = useRouter();
  return <KitSignInReturn url={url} onSignedIn={(originalUri) => router.replace(originalUri)} />;
}

/** Back from the hosted checkout: on to the order confirmation (or home, if no checkout). */
function CheckoutReturn(): ReactNode {
  const router = useRouter();
  useEffect(() => {
    router.replace(hasPendingCheckout() ? paths.orderConfirmation() : paths.home());
  }, [router]);
  return <Welcome />;
}

/** "Welcome back…": what the page shows until it knows which return this is. */
export function Welcome(): ReactNode {
  return (
    <div className="container">
      <Loading>Welcome back…</Loading>
    </div>
  );
}

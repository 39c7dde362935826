/**
 * Where the store's hosted pages come back to (`/callback`, a registered redirect URI). The
 * hosted sign-in's return (`code` and `state`) never gets here: the proxy finishes it on the
 * server and goes on to the page the shopper started from; what gets here is its failure
 * (`?error=`), and the hosted checkout's return (`?orderId=` once the order is placed, nothing
 * when the shopper came back without paying).
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { hostedSignInHref, signInReturnMessage } from '@vitrine/next';
import { Loading } from '@vitrine/shop-ui/components/Feedback';
import { paths } from '@vitrine/shop-ui/lib/paths';

export const metadata: Metadata = { title: 'Welcome back' };

type SearchParams = Promise<{ error?: string | string[]; orderId?: string | string[] }>;

export default function CallbackPage({ searchParams }: { searchParams: SearchParams }): ReactNode {
  return (
    <div className="container">
      <Suspense fallback={<Loading>Welcome back…</Loading>}>
        <Return searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

async function Return({ searchParams }: { searchParams: SearchParams }): Promise<ReactNode> {
  const { error, orderId } = await searchParams;
  const failure = signInReturnMessage(error);
  if (failure === undefined) {
    redirect(typeof orderId === 'string' ? paths.orderConfirmation(orderId) : paths.cart());
  }
  return (
    <div className="auth-card">
      <h1>Sign-in did not finish</h1>
      <p className="alert alert--error" role="alert">
        {failure}
      </p>
      <p>
        <Link className="button" href={paths.signIn()}>
          Sign in
        </Link>{' '}
        <a className="button button--secondary" href={hostedSignInHref(paths.account())}>
          Try the store&apos;s sign-in page again
        </a>
      </p>
    </div>
  );
}

/**
 * Where the store's hosted pages come back to (`/callback`, a registered address). A hosted
 * sign-in's return never gets here: the proxy finishes it on the server and goes on to the page
 * the shopper started from. What gets here is a sign-in that did not finish (`?error=`), and the
 * hosted checkout's return: `?orderId=` once the order is placed (on to the confirmation),
 * nothing when the shopper came back without paying (back to the cart).
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { hostedSignInHref, signInReturnMessage } from '@vitrine/next';

export const metadata: Metadata = { title: 'Welcome back' };

type SearchParams = Promise<{ error?: string | string[]; orderId?: string | string[] }>;

export default function CallbackPage({ searchParams }: { searchParams: SearchParams }): ReactNode {
  return (
    <Suspense fallback={<p>Welcome back…</p>}>
      <Return searchParams={searchParams} />
    </Suspense>
  );
}

async function Return({ searchParams }: { searchParams: SearchParams }): Promise<ReactNode> {
  const { error, orderId } = await searchParams;
  const failure = signInReturnMessage(error);
  if (failure === undefined) {
    redirect(
      typeof orderId === 'string'
        ? `/order-confirmation?orderId=${encodeURIComponent(orderId)}`
        : '/cart',
    );
  }
  return (
    <div className="narrow">
      <h1>Sign-in did not finish</h1>
      <p className="alert" role="alert">
        {failure}
      </p>
      <p>
        <Link className="button" href="/sign-in">
          Sign in
        </Link>{' '}
        <a className="button button--secondary" href={hostedSignInHref('/account')}>
          Try the store&apos;s page again
        </a>
      </p>
    </div>
  );
}

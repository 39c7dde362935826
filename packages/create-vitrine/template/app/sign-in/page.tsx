/**
 * Sign in: with email and password (a form posting to `@vitrine/next`'s server action, with or
 * without scripts), or on the store's own sign-in page (a plain link the proxy starts; the
 * member comes back through /callback). Either way the visitor's cart comes along.
 */
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { SignIn } from '../../components/SignIn';
import { returnPath } from '../../lib/format';

export const metadata: Metadata = { title: 'Sign in' };

type SearchParams = Promise<{ returnTo?: string | string[] }>;

export default function SignInPage({ searchParams }: { searchParams: SearchParams }): ReactNode {
  return (
    <div className="narrow">
      <h1>Sign in</h1>
      <Suspense fallback={<p>Loading…</p>}>
        <SignInWithReturn searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

async function SignInWithReturn({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<ReactNode> {
  return <SignIn returnTo={returnPath((await searchParams).returnTo)} />;
}

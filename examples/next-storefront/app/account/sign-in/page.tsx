/** Sign in with email and password, or through the store's hosted sign-in page. */
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { AuthCard } from '@vitrine/shop-ui/components/AuthCard';
import { Loading } from '@vitrine/shop-ui/components/Feedback';
import { ShopperIsland } from '@vitrine/next';
import { SignInForm } from '../../../components/SignInForm';
import { safeReturnTo } from '@vitrine/shop-ui/lib/paths';

export const metadata: Metadata = { title: 'Sign in' };

interface SignInPageProps {
  searchParams: Promise<{ returnTo?: string | string[] }>;
}

export default function SignInPage({ searchParams }: SignInPageProps): ReactNode {
  return (
    <AuthCard>
      <Suspense fallback={<Loading />}>
        <SignIn searchParams={searchParams} />
      </Suspense>
    </AuthCard>
  );
}

async function SignIn({ searchParams }: SignInPageProps): Promise<ReactNode> {
  const { returnTo } = await searchParams;
  return (
    <ShopperIsland>
      <SignInForm returnTo={safeReturnTo(typeof returnTo === 'string' ? returnTo : undefined)} />
    </ShopperIsland>
  );
}

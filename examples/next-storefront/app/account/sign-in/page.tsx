/** Sign in with email and password, or through the store's hosted sign-in page. */
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AuthCard } from '../../../components/AuthCard';
import { SignInForm } from '../../../components/SignInForm';
import { safeReturnTo } from '../../../lib/paths';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ returnTo?: string | string[] }>;
}): Promise<ReactNode> {
  const { returnTo } = await searchParams;
  return (
    <AuthCard>
      <SignInForm returnTo={safeReturnTo(typeof returnTo === 'string' ? returnTo : undefined)} />
    </AuthCard>
  );
}

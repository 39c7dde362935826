'use client';
/**
 * The kit's sign-in form (password or the store's hosted page; the visitor's cart comes along),
 * navigating with Next's router once signed in. Hooks: `useLogin`, `useLoginWithRedirect`,
 * `useSession`.
 */
import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { SignInForm as KitSignInForm } from '@vitrine/shop-ui/components/SignInForm';

/** The form; once signed in, on to `returnTo`. */
export function SignInForm({ returnTo }: { returnTo: string }): ReactNode {
  const router = useRouter();
  return <KitSignInForm returnTo={returnTo} onSignedIn={() => router.replace(returnTo)} />;
}

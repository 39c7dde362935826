/**
 * Where the store's hosted pages come back to (`/callback`, a registered redirect URI): from the
 * hosted sign-in page with `code` and `state`, or from the hosted checkout page with nothing.
 */
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { HostedReturn } from '../../components/HostedReturn';

export const metadata: Metadata = { title: 'Welcome back' };

export default function CallbackPage(): ReactNode {
  return <HostedReturn />;
}

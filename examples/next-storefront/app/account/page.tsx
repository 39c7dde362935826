/** The member's account: their cart, and sign-out. */
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AccountPanel } from '../../components/AccountPanel';

export const metadata: Metadata = { title: 'Your account' };

export default function AccountPage(): ReactNode {
  return <AccountPanel />;
}

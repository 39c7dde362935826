/** The member's account: their cart, and sign-out. */
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { AccountPanel } from '../../components/AccountPanel';
import { Loading } from '@vitrine/shop-ui/components/Feedback';
import { ShopperIsland } from '../../components/ShopperIsland';

export const metadata: Metadata = { title: 'Your account' };

export default function AccountPage(): ReactNode {
  return (
    <Suspense fallback={<Loading>Loading your account…</Loading>}>
      <ShopperIsland>
        <AccountPanel />
      </ShopperIsland>
    </Suspense>
  );
}

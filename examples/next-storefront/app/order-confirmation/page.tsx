/** The thank-you page after the hosted checkout. */
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { Loading } from '@vitrine/shop-ui/components/Feedback';
import { OrderConfirmation } from '@vitrine/shop-ui/components/OrderConfirmation';
import { paths } from '@vitrine/shop-ui/lib/paths';
import { ShopperIsland } from '../../components/ShopperIsland';

export const metadata: Metadata = { title: 'Thank you for your order' };

export default function OrderConfirmationPage(): ReactNode {
  return (
    <Suspense fallback={<Loading>Loading your order…</Loading>}>
      <ShopperIsland>
        <OrderConfirmation continueHref={paths.home()} />
      </ShopperIsland>
    </Suspense>
  );
}

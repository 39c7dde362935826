/** The thank-you page after the hosted checkout. */
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { Loading } from '@vitrine/shop-ui/components/Feedback';
import { OrderConfirmation } from '@vitrine/shop-ui/components/OrderConfirmation';
import { paths } from '@vitrine/shop-ui/lib/paths';
import { ShopperIsland } from '@vitrine/next';

export const metadata: Metadata = { title: 'Thank you for your order' };

type SearchParams = Promise<{ orderId?: string | string[] }>;

export default function OrderConfirmationPage({
  searchParams,
}: {
  searchParams: SearchParams;
}): ReactNode {
  return (
    <Suspense fallback={<Loading>Loading your order…</Loading>}>
      <Confirmation searchParams={searchParams} />
    </Suspense>
  );
}

async function Confirmation({ searchParams }: { searchParams: SearchParams }): Promise<ReactNode> {
  const { orderId } = await searchParams;
  return (
    <ShopperIsland>
      <OrderConfirmation
        continueHref={paths.home()}
        orderId={typeof orderId === 'string' ? orderId : undefined}
      />
    </ShopperIsland>
  );
}

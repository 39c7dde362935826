/** The thank-you page after the store's hosted checkout (`/callback?orderId=` comes here). */
import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';

export const metadata: Metadata = { title: 'Thank you for your order' };

type SearchParams = Promise<{ orderId?: string | string[] }>;

export default function OrderConfirmationPage({
  searchParams,
}: {
  searchParams: SearchParams;
}): ReactNode {
  return (
    <div className="narrow">
      <h1>Thank you for your order!</h1>
      <Suspense fallback={null}>
        <OrderReference searchParams={searchParams} />
      </Suspense>
      <p>A confirmation is on its way to your email.</p>
      <p>
        <Link className="button" href="/">
          Continue shopping
        </Link>{' '}
        <Link className="button button--secondary" href="/account" prefetch={false}>
          Your orders
        </Link>
      </p>
    </div>
  );
}

async function OrderReference({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<ReactNode> {
  const { orderId } = await searchParams;
  return typeof orderId === 'string' && orderId.length <= 100 ? (
    <p>
      Order reference: <code>{orderId}</code>
    </p>
  ) : null;
}

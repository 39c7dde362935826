/**
 * The thank-you page after the hosted checkout (the kit's `OrderConfirmation`), with the order's
 * reference, which the platform hands back to the thank-you address (`?orderId=`).
 */
import { useState, type ReactNode } from 'react';
import { OrderConfirmation } from '@vitrine/shop-ui/components/OrderConfirmation';
import { usePageTitle } from '../lib/page-title';
import { paths } from '../paths';

export function OrderConfirmationPage(): ReactNode {
  usePageTitle('Thank you for your order');
  const [orderId] = useState(() => new URLSearchParams(window.location.search).get('orderId'));
  return <OrderConfirmation orderId={orderId ?? undefined} continueHref={paths.shop()} />;
}

/** The thank-you page after the hosted checkout. */
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { OrderConfirmation } from '../../components/OrderConfirmation';

export const metadata: Metadata = { title: 'Thank you for your order' };

export default function OrderConfirmationPage(): ReactNode {
  return <OrderConfirmation />;
}

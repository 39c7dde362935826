/**
 * The cart page: its lines, the coupon, the subtotal and "Check out", all forms posting to
 * `@vitrine/next`'s server actions, so a shopper without scripts changes the cart here (the
 * header's cart button links to this page). The shopper's part: at request time, behind a
 * `<Suspense>`.
 */
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { ShopperIsland } from '@vitrine/next';
import { CartView } from '../../components/CartView';

export const metadata: Metadata = { title: 'Your cart' };

export default function CartPage(): ReactNode {
  return (
    <>
      <h1>Your cart</h1>
      <Suspense fallback={<p>Loading your cart…</p>}>
        <ShopperIsland>
          <CartView />
        </ShopperIsland>
      </Suspense>
    </>
  );
}

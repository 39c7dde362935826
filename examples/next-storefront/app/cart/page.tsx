/**
 * The cart page: the lines with their quantities, the coupon, the subtotal and "Check out", all
 * forms posting to `@vitrine/next`'s server actions, so a shopper without scripts changes the cart
 * here (the header's cart button is a link to this page). With scripts, the same forms change it
 * at once through the browser's cart engine. The shopper's part of the page: at request time,
 * behind a `<Suspense>`.
 */
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { ShopperIsland } from '@vitrine/next';
import { Loading } from '@vitrine/shop-ui/components/Feedback';
import { CartView } from '../../components/CartView';

export const metadata: Metadata = { title: 'Your cart' };

export default function CartPage(): ReactNode {
  return (
    <div className="container">
      <h1>Your cart</h1>
      <Suspense fallback={<Loading>Loading your cart…</Loading>}>
        <ShopperIsland>
          <CartView />
        </ShopperIsland>
      </Suspense>
    </div>
  );
}

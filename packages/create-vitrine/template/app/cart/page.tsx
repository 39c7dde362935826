/**
 * The cart page: its lines, the coupon, the subtotal and "Check out", all forms posting to
 * `@vitrine/next`'s server actions, so a shopper without scripts changes the cart here (the
 * header's cart button links to this page). The shopper's part: at request time, behind a
 * `<Suspense>`.
 */
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { ShopperIsland, getRequestStore, readShopper } from '@vitrine/next';
import { CartView } from '../../components/CartView';
import { cartKey, couponNeedsEstimate, type CartEstimate } from '../../lib/format';

export const metadata: Metadata = { title: 'Your cart' };

export default function CartPage(): ReactNode {
  return (
    <>
      <h1>Your cart</h1>
      <Suspense fallback={<p>Loading your cart…</p>}>
        <ShopperCart />
      </Suspense>
    </>
  );
}

async function ShopperCart(): Promise<ReactNode> {
  return (
    <ShopperIsland>
      <CartView estimate={await couponEstimate()} />
    </ShopperIsland>
  );
}

/**
 * What the cart's coupon takes off, when the cart does not say (Cart V2): an estimate of the cart
 * the server read, so the page shows the discount with or without scripts. One more call to the
 * store, on a cart with a coupon only.
 */
async function couponEstimate(): Promise<CartEstimate | undefined> {
  const { snapshot } = await readShopper();
  if (!snapshot.cart || !couponNeedsEstimate(snapshot.cart)) return undefined;
  try {
    const store = await getRequestStore();
    const { priceSummary } = await store.cart.estimateTotals();
    return { cart: cartKey(snapshot.cart), priceSummary };
  } catch {
    // Not priced now: the browser's cart asks again.
    return undefined;
  }
}

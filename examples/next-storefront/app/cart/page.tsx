/**
 * The cart page: the lines with their quantities, the coupon, the subtotal, what the coupon takes
 * off, the shipping the store estimates and "Check out", all forms posting to `@vitrine/next`'s
 * server actions, so a shopper without scripts changes the cart here (the header's cart button
 * is a link to this page). With scripts, the same forms change it at once through the browser's
 * cart engine. The shopper's part of the page: at request time, behind a `<Suspense>`.
 *
 * The totals come from the store's estimate of the cart, read here with the shopper's client
 * when the cart has lines: on Cart V2 a coupon's amount is only on the estimate (not on the cart),
 * and the estimate prices the one delivery method the store would use.
 */
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import type { EstimateTotalsResponse } from '@vitrine/sdk';
import { getRequestStore, readShopper, type Shopper } from '@vitrine/next';
import { StoreIsland } from '@vitrine/next/client';
import { Loading } from '@vitrine/shop-ui/components/Feedback';
import { CartView } from '../../components/CartView';

export const metadata: Metadata = { title: 'Your cart' };

export default function CartPage(): ReactNode {
  return (
    <div className="container">
      <h1>Your cart</h1>
      <Suspense fallback={<Loading>Loading your cart…</Loading>}>
        <ShopperCart />
      </Suspense>
    </div>
  );
}

async function ShopperCart(): Promise<ReactNode> {
  const shopper = await readShopper();
  const estimate = await estimateOf(shopper);
  return (
    <StoreIsland shopper={shopper}>
      <CartView serverEstimate={estimate} />
    </StoreIsland>
  );
}

/**
 * The store's estimate of the cart the server read (one call, for a cart with lines only), or
 * `undefined`: no cart, or a store that could not estimate it (the page shows the subtotal alone).
 */
async function estimateOf(shopper: Shopper): Promise<EstimateTotalsResponse | undefined> {
  if (!shopper.snapshot.cart?.lineItems.length) return undefined;
  try {
    return await (await getRequestStore()).cart.estimateTotals();
  } catch {
    return undefined;
  }
}

/**
 * What the confirmation page shows of a checkout, taken from the cart as the shopper leaves for
 * the hosted checkout page (`rememberCheckout`). Pure.
 */
import type { Cart, EstimateTotalsResponse } from '@vitrine/sdk';
import type { OrderSnapshot } from './checkout-return';
import { formatCartMoney, lineName, lineOptions, lineTotal } from './format';

/** The snapshot of `cart` (with its last estimate, when there is one). */
export function checkoutSnapshot(
  cart: Cart,
  estimate: EstimateTotalsResponse | undefined,
): OrderSnapshot {
  const currency = cart.currency ?? 'USD';
  const summary = estimate?.priceSummary;
  return {
    lines: cart.lineItems.map((line) => ({
      name: lineName(line),
      options: lineOptions(line),
      quantity: line.quantity,
      total: lineTotal(line, currency),
      ...(line.image?.url ? { image: line.image.url } : {}),
    })),
    // Only what is settled before the checkout page: the shopper chooses the delivery there,
    // so shipping, tax and the total are the checkout page's to say (and the order's).
    totals: [
      { label: 'Subtotal', value: formatCartMoney(summary?.subtotal ?? cart.subtotal, currency) },
      ...(Number(summary?.discount?.amount) > 0
        ? [{ label: 'Discount', value: `−${formatCartMoney(summary!.discount, currency)}` }]
        : []),
    ],
    startedAt: Date.now(),
  };
}

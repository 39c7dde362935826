'use client';
/**
 * The hosted checkout page comes back to a registered address (`/callback`) with nothing in
 * it. Before leaving, the storefront notes what the shopper is buying in `sessionStorage` (this
 * tab only), so the page it comes back to can thank them with the order's summary.
 */

/** What the confirmation page shows. */
export interface OrderSnapshot {
  checkoutId?: string;
  lines: { name: string; options: string; quantity: number; total: string; image?: string }[];
  /** Label and amount rows, in order ("Subtotal", "$48.00"). */
  totals: { label: string; value: string }[];
  /** When the shopper left for the checkout page (epoch ms). */
  startedAt: number;
}

const KEY = 'vitrine-storefront:checkout';
/** A return later than this is not taken as the end of that checkout. */
const MAX_AGE_MS = 60 * 60 * 1000;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Notes the checkout the shopper is leaving for. */
export function rememberCheckout(snapshot: OrderSnapshot): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or refused: the confirmation page then shows a shorter thank-you.
  }
}

/** Forgets it (the checkout could not start). */
export function forgetCheckout(): void {
  storage()?.removeItem(KEY);
}

/** Whether this tab left for a checkout recently. */
export function hasPendingCheckout(now = Date.now()): boolean {
  return readCheckout(now) !== undefined;
}

/** The checkout this tab left for, if recent. */
export function readCheckout(now = Date.now()): OrderSnapshot | undefined {
  const raw = storage()?.getItem(KEY);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as OrderSnapshot;
    if (typeof value.startedAt !== 'number' || now - value.startedAt > MAX_AGE_MS) return undefined;
    return value;
  } catch {
    return undefined;
  }
}

/**
 * Whether `href` is the hosted checkout's return with the order it placed (`/callback?orderId=…`)
 * to this tab, which left for that checkout: the shopper's current cart is then an order, and
 * there is no current cart to read (the platform would answer 404, which a browser logs as an
 * error). A shop starts its cart store empty then (`store.cartStore.hydrate(null)`).
 * @example if (isPlacedOrderReturn(window.location.href)) store.cartStore.hydrate(null);
 */
export function isPlacedOrderReturn(href: string, now = Date.now()): boolean {
  const url = new URL(href);
  return (
    url.pathname === '/callback' &&
    (url.searchParams.get('orderId') ?? '') !== '' &&
    hasPendingCheckout(now)
  );
}

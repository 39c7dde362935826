import { httpUrl } from '../internal/http-url.js';
import type { StoreRedirects } from '../redirects/redirect-session.js';
import type { CreateCheckoutInput } from '../models/cart.js';
import type { CartStore } from './cart-store.js';

/** What {@link startHostedCheckout} takes: the checkout input, and where to come back. */
export interface HostedCheckoutInput extends CreateCheckoutInput {
  /**
   * Where the hosted checkout page sends the shopper when the order is placed (or abandoned).
   * @example `${location.origin}/order-confirmation`
   */
  postFlowUrl: string;
  /**
   * Where the hosted checkout page sends the shopper once the order is placed, with the order's
   * id appended as `?orderId=…` (the platform's thank-you callback); `postFlowUrl` then only
   * takes an abandoned checkout. Registered with the platform like `postFlowUrl`. Reading the
   * order itself needs an elevated credential (the store's API key, on a server).
   * @example `${location.origin}/order-confirmation`
   */
  thankYouPageUrl?: string;
  signal?: AbortSignal;
}

/** A checkout ready to be paid on the platform's hosted page. */
export interface HostedCheckout {
  checkoutId: string;
  /** The hosted checkout page: send the browser there. */
  checkoutUrl: string;
}

/**
 * Creates a checkout from the cart (after any queued change) and an `ecomCheckout` redirect
 * session for it, and returns the hosted checkout page's address.
 *
 * @example
 * const { checkoutUrl } = await startHostedCheckout(store, { postFlowUrl: `${location.origin}/thanks` });
 * location.assign(checkoutUrl);
 * @throws {StoreArgumentError} when `postFlowUrl` is not an absolute http(s) URL, or the
 * platform's checkout page is not one.
 * @throws {StoreApiError} when the platform refuses the checkout or the session.
 */
export async function startHostedCheckout(
  store: { cartStore: CartStore; redirects: StoreRedirects },
  input: HostedCheckoutInput,
): Promise<HostedCheckout> {
  const { postFlowUrl, thankYouPageUrl, signal, ...checkoutInput } = input;
  httpUrl('postFlowUrl', postFlowUrl);
  if (thankYouPageUrl !== undefined) httpUrl('thankYouPageUrl', thankYouPageUrl);
  const { checkoutId } = await store.cartStore.createCheckout(checkoutInput);
  const { redirectSession } = await store.redirects.createSession(
    {
      ecomCheckout: { checkoutId },
      callbacks: thankYouPageUrl === undefined ? { postFlowUrl } : { postFlowUrl, thankYouPageUrl },
    },
    signal === undefined ? {} : { signal },
  );
  // A `javascript:` or `data:` address from a broken or hostile server must never be followed.
  httpUrl('redirectSession.fullUrl', redirectSession.fullUrl);
  return { checkoutId, checkoutUrl: redirectSession.fullUrl };
}

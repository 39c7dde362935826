/** The shop's client for this request's shopper, in server components and route handlers. */
import { cookies } from 'next/headers';
import {
  applicationErrorCode,
  parseTokens,
  SESSION_COOKIE,
  wixClient,
  type WixClient,
} from './wix';

export async function serverClient() {
  const jar = await cookies();
  return wixClient(parseTokens(jar.get(SESSION_COOKIE)?.value));
}

/** The platform's "no cart yet" answer, which means an empty cart. */
export function isNoCart(error: unknown): boolean {
  return applicationErrorCode(error) === 'OWNED_CART_NOT_FOUND';
}

/**
 * The platform's hosted checkout page for a checkout: a redirect session, which comes back to
 * the thank-you page with the order's id (or to the cart when the shopper leaves it).
 */
export async function hostedCheckoutUrl(
  client: WixClient,
  checkoutId: string,
  origin: string,
): Promise<string> {
  const { redirectSession } = await client.redirects.createRedirectSession({
    ecomCheckout: { checkoutId },
    callbacks: { postFlowUrl: `${origin}/cart`, thankYouPageUrl: `${origin}/thank-you` },
  });
  return redirectSession?.fullUrl ?? `${origin}/cart`;
}

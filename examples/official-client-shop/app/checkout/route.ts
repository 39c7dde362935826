/**
 * Checkout: a checkout from the shopper's cart, then a redirect session to the platform's hosted
 * checkout, which returns to the thank-you page with the order's id.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { serverClient } from '../../lib/server';

export async function POST(request: NextRequest) {
  const client = await serverClient();
  const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
    channelType: 'WEB',
  });
  const origin = request.nextUrl.origin;
  if (!checkoutId) return NextResponse.redirect(`${origin}/cart`, 303);
  const { redirectSession } = await client.redirects.createRedirectSession({
    ecomCheckout: { checkoutId },
    callbacks: { postFlowUrl: `${origin}/cart`, thankYouPageUrl: `${origin}/thank-you` },
  });
  return NextResponse.redirect(redirectSession?.fullUrl ?? `${origin}/cart`, 303);
}

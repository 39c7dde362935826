/**
 * Checkout: a checkout from the shopper's cart, then a redirect session to the platform's hosted
 * checkout, which returns to the thank-you page with the order's id.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { hostedCheckoutUrl, serverClient } from '../../lib/server';

export async function POST(request: NextRequest) {
  const client = await serverClient();
  const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
    channelType: 'WEB',
  });
  const origin = request.nextUrl.origin;
  if (!checkoutId) return NextResponse.redirect(`${origin}/cart`, 303);
  return NextResponse.redirect(await hostedCheckoutUrl(client, checkoutId, origin), 303);
}

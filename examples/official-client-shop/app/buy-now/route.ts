/**
 * Buy now: a checkout of one product alone, made from its line (`checkout.createCheckout` with
 * `lineItems`), leaving the cart as it is; then the hosted checkout, as for the cart.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { hostedCheckoutUrl, serverClient } from '../../lib/server';
import { storeLine } from '../../lib/wix';

/** The line's `catalogReference.options` the product page posted (a JSON object), if any. */
function postedOptions(value: FormDataEntryValue | null): Record<string, unknown> | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const options: unknown = JSON.parse(value);
    return options && typeof options === 'object' && Object.keys(options).length > 0
      ? (options as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export async function POST(request: NextRequest) {
  const form = await request.formData();
  const productId = form.get('productId');
  const origin = request.nextUrl.origin;
  if (typeof productId !== 'string' || !productId) return NextResponse.redirect(origin, 303);
  const options = postedOptions(form.get('options'));
  const client = await serverClient();
  const { _id: checkoutId } = await client.checkout.createCheckout({
    channelType: 'WEB',
    lineItems: [storeLine(productId, options)],
  });
  if (!checkoutId) return NextResponse.redirect(`${origin}/cart`, 303);
  return NextResponse.redirect(await hostedCheckoutUrl(client, checkoutId, origin), 303);
}

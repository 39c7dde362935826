/**
 * The order handback: a completed hosted checkout returns to `callbacks.thankYouPageUrl` with the
 * new order's id appended (`?orderId=…`, as the platform does after an eCommerce checkout), and
 * `GET /ecom/v1/orders/{id}` answers it to the API key only, as the platform's Orders API needs
 * an elevated credential.
 */
import { describe, expect, it } from 'vitest';
import {
  call,
  checkoutSession,
  lineItem,
  placeOrder as place,
  simpleProduct,
  start,
  visitor,
} from './helpers.js';

type Emu = Awaited<ReturnType<typeof start>>;

async function checkout(emu: Emu, callbacks: Record<string, string>) {
  const { access_token } = await visitor(emu);
  const product = await simpleProduct(emu, access_token);
  await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
    token: access_token,
    body: { lineItems: [lineItem(product.id, 2)] },
  });
  const session = await checkoutSession(emu, access_token, callbacks);
  return { access_token, product, session };
}

describe('orders', () => {
  describe('callbacks.thankYouPageUrl', () => {
    it('returns to the thank-you page with the order id appended', async () => {
      const emu = await start();
      const { session, product, access_token } = await checkout(emu, {
        postFlowUrl: 'http://localhost:5173/',
        thankYouPageUrl: 'http://localhost:5173/callback',
      });
      const placed = await place(emu, session.body.redirectSession.fullUrl);
      expect(placed.status).toBe(303);
      const location = new URL(placed.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/callback');
      const orderId = location.searchParams.get('orderId')!;
      expect(emu.orders().map((o) => o.id)).toEqual([orderId]);

      const read = await call(emu, 'GET', `/ecom/v1/orders/${orderId}`, { token: emu.apiKey });
      expect(read.status).toBe(200);
      expect(read.body.order).toMatchObject({
        id: orderId,
        number: '10001',
        status: 'APPROVED',
        lineItems: [{ productName: { original: product.name }, quantity: 2 }],
        shippingInfo: { code: 'standard', destinationCountry: 'CA' },
      });
      // Canada's 5% on the subtotal and standard shipping.
      const summary = read.body.order.priceSummary;
      const subtotal = Number(summary.subtotal.amount);
      const shipping = Number(summary.shipping.amount);
      expect(Number(summary.tax.amount)).toBeCloseTo((subtotal + shipping) * 0.05, 2);

      // A shopper's own token cannot read it, as on the platform.
      const mine = await call(emu, 'GET', `/ecom/v1/orders/${orderId}`, { token: access_token });
      expect([mine.status, mine.body.details.applicationError.code]).toEqual([
        403,
        'PERMISSION_DENIED',
      ]);
      const unknown = await call(emu, 'GET', '/ecom/v1/orders/nope', { token: emu.apiKey });
      expect(unknown.status).toBe(404);
    });

    it('keeps orders closed to shoppers even with open writes', async () => {
      const emu = await start({ openWrites: true });
      const { access_token } = await visitor(emu);
      const reply = await call(emu, 'GET', '/ecom/v1/orders/anything', { token: access_token });
      expect(reply.status).toBe(403);
    });

    it('must be a registered redirect URI, matched exactly', async () => {
      const emu = await start();
      for (const url of ['http://localhost:5173/thanks', 'https://evil.example/callback']) {
        const { session } = await checkout(emu, { thankYouPageUrl: url });
        expect(session.status).toBe(400);
        expect(session.body.details.validationError.fieldViolations[0].field).toBe(
          'callbacks.thankYouPageUrl',
        );
      }
    });

    it('falls back to postFlowUrl without one', async () => {
      const emu = await start();
      const { session } = await checkout(emu, { postFlowUrl: 'http://127.0.0.1:4173/' });
      const placed = await place(emu, session.body.redirectSession.fullUrl);
      expect(placed.headers.get('location')).toBe('http://127.0.0.1:4173/');
    });
  });
});

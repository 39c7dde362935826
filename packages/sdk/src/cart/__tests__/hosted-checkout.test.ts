import { describe, expect, it } from 'vitest';
import { json, recordingFetch } from '../../__tests__/helpers.js';
import { createStoreClient } from '../../client/create-store-client.js';
import { memoryStorage } from '../../auth/storage/memory.js';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { startHostedCheckout } from '../hosted-checkout.js';

function platform(fullUrl: string) {
  return recordingFetch((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/oauth2/token')
      return json({ access_token: 'at_1', refresh_token: 'rt_1', expires_in: 3600 });
    if (path === '/ecom/v1/carts/current/create-checkout')
      return json({ checkoutId: 'checkout-1' });
    if (path === '/ecom/v2/carts/current')
      return json({ cart: { id: 'cart-v2-1', lineItems: [] } });
    if (path === '/_api/redirects-api/v1/redirect-session') {
      return json({ redirectSession: { id: 'rs-1', fullUrl, urlDetails: { endpoint: fullUrl } } });
    }
    return json({ message: 'unexpected' }, { status: 404 });
  });
}

function clientOn(fetch: typeof globalThis.fetch, cart: 'v1' | 'v2' = 'v1') {
  return createStoreClient({
    clientId: 'c1',
    baseUrl: 'http://127.0.0.1:4010',
    fetch,
    storage: memoryStorage(),
    tabSync: false,
    cart,
  });
}

describe('hosted-checkout', () => {
  describe('startHostedCheckout', () => {
    it('creates a checkout, then an ecomCheckout session returning to postFlowUrl', async () => {
      const server = platform('http://127.0.0.1:4010/checkout?session=rs-1');
      const result = await startHostedCheckout(clientOn(server.fetch), {
        postFlowUrl: 'http://localhost:5173/order-confirmation',
        channelType: 'WEB',
      });
      expect(result).toEqual({
        checkoutId: 'checkout-1',
        checkoutUrl: 'http://127.0.0.1:4010/checkout?session=rs-1',
      });
      const calls = server.requests.filter((r) => r.url.pathname !== '/oauth2/token');
      expect(calls.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
        'POST /ecom/v1/carts/current/create-checkout',
        'POST /_api/redirects-api/v1/redirect-session',
      ]);
      expect(JSON.parse(calls[0]!.body)).toEqual({ channelType: 'WEB' });
      expect(JSON.parse(calls[1]!.body)).toEqual({
        ecomCheckout: { checkoutId: 'checkout-1' },
        callbacks: { postFlowUrl: 'http://localhost:5173/order-confirmation' },
      });
    });

    it("on Cart V2, opens the hosted checkout on the cart itself: its id is the checkout's", async () => {
      const server = platform('http://127.0.0.1:4010/checkout?session=rs-2');
      const result = await startHostedCheckout(clientOn(server.fetch, 'v2'), {
        postFlowUrl: 'http://localhost:5173/order-confirmation',
      });
      expect(result).toEqual({
        checkoutId: 'cart-v2-1',
        checkoutUrl: 'http://127.0.0.1:4010/checkout?session=rs-2',
      });
      const calls = server.requests.filter((r) => r.url.pathname !== '/oauth2/token');
      expect(calls.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
        'GET /ecom/v2/carts/current',
        'POST /_api/redirects-api/v1/redirect-session',
      ]);
      expect(JSON.parse(calls[1]!.body)).toEqual({
        ecomCheckout: { checkoutId: 'cart-v2-1' },
        callbacks: { postFlowUrl: 'http://localhost:5173/order-confirmation' },
      });
    });

    it('asks for the order back at thankYouPageUrl when given', async () => {
      const server = platform('http://127.0.0.1:4010/checkout?session=rs-1');
      await startHostedCheckout(clientOn(server.fetch), {
        postFlowUrl: 'http://localhost:5173/cart',
        thankYouPageUrl: 'http://localhost:5173/callback',
      });
      const session = server.requests.find((r) => r.url.pathname.endsWith('/redirect-session'))!;
      expect(JSON.parse(session.body)).toEqual({
        ecomCheckout: { checkoutId: 'checkout-1' },
        callbacks: {
          postFlowUrl: 'http://localhost:5173/cart',
          thankYouPageUrl: 'http://localhost:5173/callback',
        },
      });
      await expect(
        startHostedCheckout(clientOn(server.fetch), {
          postFlowUrl: 'http://localhost:5173/cart',
          thankYouPageUrl: 'javascript:alert(1)',
        }),
      ).rejects.toThrow(
        new StoreArgumentError('thankYouPageUrl', 'must be an absolute http(s) URL'),
      );
    });

    it('refuses a postFlowUrl that is not an http(s) address, before any request', async () => {
      const server = platform('http://127.0.0.1:4010/checkout');
      await expect(
        startHostedCheckout(clientOn(server.fetch), { postFlowUrl: '/relative' }),
      ).rejects.toThrow(new StoreArgumentError('postFlowUrl', 'must be an absolute http(s) URL'));
      expect(server.requests).toHaveLength(0);
    });

    it('never hands back a javascript: checkout page', async () => {
      const server = platform('javascript:alert(document.cookie)');
      await expect(
        startHostedCheckout(clientOn(server.fetch), { postFlowUrl: 'http://localhost:5173/done' }),
      ).rejects.toBeInstanceOf(StoreArgumentError);
    });
  });
});

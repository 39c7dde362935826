import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveStoreClientOptions, type StoreClientOptions } from '../../client/options.js';
import {
  decodeR,
  hangingFetch,
  json,
  recordingFetch,
  type Responder,
} from '../../__tests__/helpers.js';
import { StoreApiError } from '../errors/store-api-error.js';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { StoreClientError } from '../errors/client-error.js';
import { StoreSystemError } from '../errors/system-error.js';
import type { AuthorizationProvider } from '../api-call.js';
import { createTransport } from '../transport.js';
import { queryRequest } from '../query-encoding.js';

const TOKEN = 'at_test-token-0123456789';

function setup(
  responder: Responder,
  options: Partial<StoreClientOptions> = {},
  auth: AuthorizationProvider = { getAuthorization: () => Promise.resolve(TOKEN) },
) {
  const recorder = recordingFetch(responder);
  const resolved = resolveStoreClientOptions({ clientId: 'c1', fetch: recorder.fetch, ...options });
  return { transport: createTransport(resolved.http, auth), requests: recorder.requests };
}

describe('transport', () => {
  describe('request', () => {
    it('sends the method, host, path, raw token and JSON body the platform expects', async () => {
      const { transport, requests } = setup(() => json({ cart: { id: 'cart1' } }));
      const when = new Date(Date.UTC(2026, 0, 2));
      const result = await transport.request({
        method: 'POST',
        path: '/ecom/v1/carts/current/add-to-cart',
        body: { lineItems: [{ quantity: 2 }], at: when, weight: Number.NaN },
      });

      expect(result).toEqual({ cart: { id: 'cart1' } });
      expect(requests).toHaveLength(1);
      const [sent] = requests;
      expect(sent!.method).toBe('POST');
      expect(sent!.url.href).toBe('https://www.wixapis.com/ecom/v1/carts/current/add-to-cart');
      expect(sent!.headers.get('authorization')).toBe(TOKEN);
      expect(sent!.headers.get('content-type')).toBe('application/json');
      expect(JSON.parse(sent!.body)).toEqual({
        lineItems: [{ quantity: 2 }],
        at: '2026-01-02T00:00:00.000Z',
        weight: 'NaN',
      });
    });

    it('sends GETs to the read-only host without a body or content type', async () => {
      const { transport, requests } = setup(() => json({ product: { id: 'p1' } }));
      await transport.request({
        method: 'GET',
        path: '/stores-reader/v1/products/p1',
        searchParams: { includeMerchantSpecificData: true, skipped: undefined },
      });
      expect(requests[0]!.url.href).toBe(
        'https://readonly.wixapis.com/stores-reader/v1/products/p1?includeMerchantSpecificData=true',
      );
      expect(requests[0]!.headers.get('content-type')).toBeNull();
      expect(requests[0]!.body).toBe('');
    });

    it('uses baseUrl for both hosts', async () => {
      const { transport, requests } = setup(() => json({}), { baseUrl: 'http://127.0.0.1:4010' });
      await transport.request({ method: 'GET', path: '/v2/collections/c1' });
      await transport.request({ method: 'DELETE', path: '/ecom/v1/carts/current' });
      expect(requests.map((r) => r.url.href)).toEqual([
        'http://127.0.0.1:4010/v2/collections/c1',
        'http://127.0.0.1:4010/ecom/v1/carts/current',
      ]);
    });

    it('sends no Authorization header when the call asks for none, and an exact one when given', async () => {
      const { transport, requests } = setup(() => json({ access_token: 'x' }));
      await transport.request({
        method: 'POST',
        path: '/oauth2/token',
        body: {},
        authorization: 'none',
      });
      await transport.request({
        method: 'POST',
        path: '/oauth2/token',
        body: {},
        authorization: { header: 'at_1,key_2' },
      });
      expect(requests[0]!.headers.has('authorization')).toBe(false);
      expect(requests[1]!.headers.get('authorization')).toBe('at_1,key_2');
    });

    it('sends no Authorization header when the provider has no token', async () => {
      const { transport, requests } = setup(
        () => json({}),
        {},
        {
          getAuthorization: () => Promise.resolve(undefined),
        },
      );
      await transport.request({ method: 'GET', path: '/v2/collections/c1' });
      expect(requests[0]!.headers.has('authorization')).toBe(false);
    });

    it('reads an empty 200 as an empty object', async () => {
      const { transport } = setup(() => new Response('', { status: 200 }));
      await expect(transport.request({ method: 'POST', path: '/x' })).resolves.toEqual({});
    });

    it.each([
      ['HTML', '<html>maintenance</html>'],
      ['a JSON array', '[1,2]'],
      ['JSON null', 'null'],
      ['a JSON string', '"ok"'],
    ])('refuses a 200 carrying %s with a typed error', async (_label, body) => {
      const { transport } = setup(() => new Response(body, { status: 200 }));
      const error = await transport.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreSystemError);
      expect((error as StoreSystemError).code).toBe('UNEXPECTED_RESPONSE');
      expect((error as StoreSystemError).message).toMatch(/^System error occurred/);
    });

    it('treats a 2xx other than 200 as an error, as the platform does', async () => {
      const { transport } = setup(() => new Response(null, { status: 204 }));
      await expect(transport.request({ method: 'DELETE', path: '/x' })).rejects.toBeInstanceOf(
        StoreApiError,
      );
    });

    it('refuses a path that is not a platform path, before any request', async () => {
      const { transport, requests } = setup(() => json({}));
      for (const path of ['https://evil.example/steal', '//evil.example/x', 'relative']) {
        await expect(transport.request({ method: 'GET', path })).rejects.toBeInstanceOf(
          StoreArgumentError,
        );
      }
      expect(requests).toHaveLength(0);
    });

    it('refuses a body that cannot be sent, before any request', async () => {
      const { transport, requests } = setup(() => json({}));
      await expect(
        transport.request({ method: 'POST', path: '/x', body: { when: new Date('bad') } }),
      ).rejects.toThrow('Invalid argument "body.when": is an invalid Date');
      expect(requests).toHaveLength(0);
    });
  });

  describe('query', () => {
    it('sends a GET with the body as base64url JSON in .r to the read-only host', async () => {
      const { transport, requests } = setup(() => json({ products: [] }));
      const body = { query: { filter: { name: 'Shirt' }, paging: { offset: 0, limit: 10 } } };
      await queryRequest(transport, '/stores-reader/v1/products/query-platformized', body);

      const [sent] = requests;
      expect(sent!.method).toBe('GET');
      expect(sent!.url.origin + sent!.url.pathname).toBe(
        'https://readonly.wixapis.com/stores-reader/v1/products/query-platformized',
      );
      expect([...sent!.url.searchParams.keys()]).toEqual(['.r']);
      expect(sent!.url.search).toBe(
        `?.r=${Buffer.from(JSON.stringify(body)).toString('base64url')}`,
      );
      expect(decodeR(sent!.url)).toEqual(body);
    });

    it('falls back to a POST of the same JSON to the API host past 4000 characters', async () => {
      const { transport, requests } = setup(() => json({ products: [] }));
      const body = {
        query: { filter: { name: { $in: Array.from({ length: 400 }, (_, i) => `name-${i}`) } } },
      };
      await queryRequest(transport, '/stores-reader/v1/products/query-platformized', body);

      const [sent] = requests;
      expect(sent!.method).toBe('POST');
      expect(sent!.url.href).toBe(
        'https://www.wixapis.com/stores-reader/v1/products/query-platformized',
      );
      expect(sent!.headers.get('content-type')).toBe('application/json');
      expect(JSON.parse(sent!.body)).toEqual(body);
    });
  });

  describe('401 handling', () => {
    it('renews once and replays once with the new token', async () => {
      let token = 'at_old-token-000000';
      const onUnauthorized = vi.fn((refused: string) => {
        expect(refused).toBe('at_old-token-000000');
        token = 'at_new-token-111111';
        return Promise.resolve(true);
      });
      const { transport, requests } = setup(
        (request) =>
          request.headers.get('authorization') === 'at_new-token-111111'
            ? json({ ok: true })
            : json({ message: 'expired' }, { status: 401 }),
        {},
        { getAuthorization: () => Promise.resolve(token), onUnauthorized },
      );

      await expect(transport.request({ method: 'POST', path: '/x', body: {} })).resolves.toEqual({
        ok: true,
      });
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
      expect(requests.map((r) => r.headers.get('authorization'))).toEqual([
        'at_old-token-000000',
        'at_new-token-111111',
      ]);
    });

    it('surfaces a second 401 without a third request', async () => {
      const onUnauthorized = vi.fn(() => Promise.resolve(true));
      const { transport, requests } = setup(
        () => json({ message: 'nope' }, { status: 401 }),
        {},
        { getAuthorization: () => Promise.resolve(TOKEN), onUnauthorized },
      );
      const error = await transport.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreClientError);
      expect((error as StoreClientError).status).toBe(401);
      expect((error as StoreClientError).code).toBe('UNAUTHORIZED');
      expect(requests).toHaveLength(2);
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
    });

    it('does not replay when the provider cannot renew', async () => {
      const { transport, requests } = setup(
        () => json({}, { status: 401 }),
        {},
        {
          getAuthorization: () => Promise.resolve(TOKEN),
          onUnauthorized: () => Promise.resolve(false),
        },
      );
      await expect(transport.request({ method: 'GET', path: '/x' })).rejects.toMatchObject({
        status: 401,
      });
      expect(requests).toHaveLength(1);
    });

    it('does not replay calls that carry their own header', async () => {
      const onUnauthorized = vi.fn(() => Promise.resolve(true));
      const { transport, requests } = setup(
        () => json({}, { status: 401 }),
        {},
        { getAuthorization: () => Promise.resolve(TOKEN), onUnauthorized },
      );
      await expect(
        transport.request({ method: 'POST', path: '/oauth2/token', authorization: 'none' }),
      ).rejects.toMatchObject({ status: 401 });
      expect(onUnauthorized).not.toHaveBeenCalled();
      expect(requests).toHaveLength(1);
    });
  });

  describe('timeouts and retries', () => {
    beforeEach(() => {
      vi.useFakeTimers({ now: Date.UTC(2026, 10, 22, 12, 0, 0) });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('ends a hung request with a TIMEOUT error at the configured limit', async () => {
      const recorder = hangingFetch();
      const transport = createTransport(
        resolveStoreClientOptions({
          clientId: 'c',
          fetch: recorder.fetch,
          timeout: 5000,
          retry: 0,
        }).http,
        { getAuthorization: () => Promise.resolve(TOKEN) },
      );
      const outcome = transport.request({ method: 'GET', path: '/slow' }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(4999);
      let settled = false;
      void outcome.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = (await outcome) as StoreSystemError;
      expect(error).toBeInstanceOf(StoreSystemError);
      expect(error.code).toBe('TIMEOUT');
      expect(error.retryable).toBe(true);
      expect(error.message).toBe('System error occurred: no answer within 5000 ms (GET /slow)');
      expect(JSON.stringify(error)).not.toContain(TOKEN);
    });

    it('uses a per-call timeout over the client default', async () => {
      const recorder = hangingFetch();
      const transport = createTransport(
        resolveStoreClientOptions({ clientId: 'c', fetch: recorder.fetch, retry: 0 }).http,
        { getAuthorization: () => Promise.resolve(TOKEN) },
      );
      const outcome = transport
        .request({ method: 'GET', path: '/slow', timeout: 100 })
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(100);
      await expect(outcome).resolves.toMatchObject({ code: 'TIMEOUT' });
    });

    it('rethrows the reason of a caller abort, not a platform error', async () => {
      const recorder = hangingFetch();
      const transport = createTransport(
        resolveStoreClientOptions({ clientId: 'c', fetch: recorder.fetch }).http,
        { getAuthorization: () => Promise.resolve(TOKEN) },
      );
      const controller = new AbortController();
      const outcome = transport
        .request({ method: 'GET', path: '/x', signal: controller.signal })
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(10);
      const reason = new Error('user navigated away');
      controller.abort(reason);
      await expect(outcome).resolves.toBe(reason);
      expect(recorder.requests).toHaveLength(1);
    });

    it('retries a GET on 503 after the backoff, then succeeds', async () => {
      const { transport, requests } = setup((_r, index) =>
        index === 0 ? json({}, { status: 503 }) : json({ ok: 1 }),
      );
      const outcome = transport.request({ method: 'GET', path: '/x' });
      await vi.advanceTimersByTimeAsync(299);
      expect(requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(outcome).resolves.toEqual({ ok: 1 });
      expect(requests).toHaveLength(2);
    });

    it.each([502, 504])('retries a GET on %i', async (status) => {
      const { transport, requests } = setup((_r, index) =>
        index === 0 ? json({}, { status }) : json({ ok: 1 }),
      );
      const outcome = transport.request({ method: 'GET', path: '/x' });
      await vi.advanceTimersByTimeAsync(1000);
      await expect(outcome).resolves.toEqual({ ok: 1 });
      expect(requests).toHaveLength(2);
    });

    it('reads Retry-After in seconds on 429', async () => {
      const { transport, requests } = setup((_r, index) =>
        index === 0 ? json({}, { status: 429, headers: { 'retry-after': '3' } }) : json({ ok: 1 }),
      );
      const outcome = transport.request({ method: 'GET', path: '/x' });
      await vi.advanceTimersByTimeAsync(2999);
      expect(requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(outcome).resolves.toEqual({ ok: 1 });
      expect(requests).toHaveLength(2);
    });

    it('reads Retry-After as an HTTP date on 503', async () => {
      const retryAt = new Date(Date.now() + 5000).toUTCString();
      const { transport, requests } = setup((_r, index) =>
        index === 0
          ? json({}, { status: 503, headers: { 'retry-after': retryAt } })
          : json({ ok: 1 }),
      );
      const outcome = transport.request({ method: 'GET', path: '/x' });
      await vi.advanceTimersByTimeAsync(4900);
      expect(requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(100);
      await expect(outcome).resolves.toEqual({ ok: 1 });
    });

    it('waits no longer than maxRetryAfter', async () => {
      const { transport, requests } = setup(
        (_r, index) =>
          index === 0
            ? json({}, { status: 429, headers: { 'retry-after': '86400' } })
            : json({ ok: 1 }),
        { retry: { maxRetryAfter: 2000 } },
      );
      const outcome = transport.request({ method: 'GET', path: '/x' });
      await vi.advanceTimersByTimeAsync(2000);
      await expect(outcome).resolves.toEqual({ ok: 1 });
      expect(requests).toHaveLength(2);
    });

    it('retries a GET after a network error', async () => {
      const { transport, requests } = setup((_r, index) => {
        if (index === 0) throw new TypeError('fetch failed');
        return json({ ok: 1 });
      });
      const outcome = transport.request({ method: 'GET', path: '/x' });
      await vi.advanceTimersByTimeAsync(300);
      await expect(outcome).resolves.toEqual({ ok: 1 });
      expect(requests).toHaveLength(2);
    });

    it('never retries a POST, however it fails', async () => {
      const { transport, requests } = setup(() => json({}, { status: 503 }));
      const outcome = transport
        .request({ method: 'POST', path: '/x', body: {} })
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await outcome).toBeInstanceOf(StoreSystemError);
      expect(requests).toHaveLength(1);
    });

    it('never retries a PATCH after a network error', async () => {
      const { transport, requests } = setup(() => {
        throw new TypeError('fetch failed');
      });
      const outcome = transport
        .request({ method: 'PATCH', path: '/x', body: {} })
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await outcome).toMatchObject({ code: 'NETWORK_ERROR', retryable: true });
      expect(requests).toHaveLength(1);
    });

    it('retries a POST the caller marks as safe to repeat', async () => {
      const { transport, requests } = setup((_r, index) =>
        index === 0 ? json({}, { status: 503 }) : json({ ok: 1 }),
      );
      const outcome = transport.request({
        method: 'POST',
        path: '/oauth2/token',
        body: {},
        retry: true,
      });
      await vi.advanceTimersByTimeAsync(300);
      await expect(outcome).resolves.toEqual({ ok: 1 });
      expect(requests).toHaveLength(2);
    });

    it('does not retry 500, 400 or 401', async () => {
      for (const status of [500, 400, 401]) {
        const { transport, requests } = setup(() => json({}, { status }));
        const outcome = transport.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
        await vi.advanceTimersByTimeAsync(60_000);
        expect(await outcome).toMatchObject({ status });
        expect(requests).toHaveLength(1);
      }
    });

    it('gives up after the limit with the last error', async () => {
      const { transport, requests } = setup(
        () => json({}, { status: 503, headers: { 'x-wix-request-id': 'req-9' } }),
        {
          retry: 3,
        },
      );
      const outcome = transport.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(60_000);
      const error = (await outcome) as StoreSystemError;
      expect(requests).toHaveLength(4);
      expect(error).toBeInstanceOf(StoreSystemError);
      expect(error.message).toBe('System error occurred, request-id: req-9');
      expect(error.status).toBe(503);
      expect(error.retryable).toBe(true);
    });

    it('keeps a query fallback POST retryable, as the read it is', async () => {
      const { transport, requests } = setup((_r, index) =>
        index === 0 ? json({}, { status: 503 }) : json({ products: [] }),
      );
      const body = {
        query: { filter: { id: { $in: Array.from({ length: 300 }, (_, i) => `product-${i}`) } } },
      };
      const outcome = queryRequest(
        transport,
        '/stores-reader/v1/products/query-platformized',
        body,
      );
      await vi.advanceTimersByTimeAsync(300);
      await expect(outcome).resolves.toEqual({ products: [] });
      expect(requests.map((r) => r.method)).toEqual(['POST', 'POST']);
    });
  });

  describe('hooks', () => {
    it('runs beforeRequest, afterResponse and beforeError', async () => {
      const seen: string[] = [];
      const { transport, requests } = setup(() => json({ message: 'gone' }, { status: 410 }), {
        hooks: {
          beforeRequest: (request) => {
            request.headers.set('x-app', 'storefront');
          },
          afterResponse: (_request, response) => {
            seen.push(`status ${response.status}`);
          },
          beforeError: [
            (error) => {
              seen.push(error.code);
              return Object.assign(error, { handled: true });
            },
          ],
        },
      });
      const error = await transport.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
      expect(requests[0]!.headers.get('x-app')).toBe('storefront');
      expect(seen).toEqual(['status 410', 'GONE']);
      expect(error).toMatchObject({ handled: true, status: 410 });
    });
  });
});

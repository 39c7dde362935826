/**
 * Every call is bounded: the per-attempt timeout covers the body, a deadline covers the call as
 * a whole, redirects to another origin are refused, answers are capped in size, and a disposed
 * client ends its calls. Against real local servers; time is faked for the client's timers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStoreClient, type StoreClient } from '../../client/create-store-client.js';
import type { StoreClientOptions } from '../../client/options.js';

const TOKENS = {
  accessToken: { value: 'at_bounds-token-1234', expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_bounds', role: 'visitor' as const },
};

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const servers: Server[] = [];
const clients: StoreClient[] = [];

async function serve(handler: Handler): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

function client(baseUrl: string, options: Partial<StoreClientOptions> = {}): StoreClient {
  const store = createStoreClient({ clientId: 'c', baseUrl, tokens: TOKENS, ...options });
  clients.push(store);
  return store;
}

// Lets real sockets move while the client's timers stand still.
const io = () => new Promise<void>((resolve) => setImmediate(resolve));
async function ioSettles(rounds = 20) {
  for (let i = 0; i < rounds; i++) await io();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(async () => {
  vi.useRealTimers();
  for (const store of clients.splice(0)) store.dispose();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('bounded calls', () => {
  describe('timeout', () => {
    it('covers the body: headers at once, then a byte now and then, ends at the limit', async () => {
      const open: ServerResponse[] = [];
      const { url } = await serve((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{');
        open.push(response);
      });
      const store = client(url, { timeout: 2000, retry: 0 });
      const outcome = store.products.get('p1').catch((error: unknown) => error);
      const text = store
        .fetch('/stores-reader/v1/products/p1')
        .then((response) => response.text())
        .catch((error: unknown) => error);
      // Both answers have begun (the catalog's code loads first) before the clock moves. Loading
      // that code takes real time (the test runner compiles it), which no number of I/O rounds
      // bounds on a busy machine: wait up to 10 s of it, by the clock the test does not fake.
      const until = performance.now() + 10_000;
      while (open.length < 2 && performance.now() < until) await io();
      expect(open).toHaveLength(2);
      await ioSettles();
      // A byte every 300 ms would keep an idle timer from ever firing.
      for (let elapsed = 0; elapsed < 1800; elapsed += 300) {
        for (const response of open) response.write(' ');
        await ioSettles();
        await vi.advanceTimersByTimeAsync(300);
      }
      let settled = false;
      void outcome.then(() => (settled = true));
      await io();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      for (const result of [await outcome, await text]) {
        expect(result).toMatchObject({
          name: 'StoreSystemError',
          code: 'TIMEOUT',
          retryable: true,
          message: expect.stringContaining('no answer within 2000 ms') as string,
        });
      }
    });
  });

  describe('deadline', () => {
    it('ends a call whose attempts and waits would run on, at the deadline', async () => {
      const { url, requests } = await serve((_request, response) => {
        response.writeHead(503, { 'retry-after': '4', 'content-type': 'application/json' });
        response.end('{"message":"busy"}');
      });
      const store = client(url, { deadline: 10_000, retry: { limit: 5 } });
      const outcome = store.products.get('p1').catch((error: unknown) => error);
      await ioSettles();
      await vi.advanceTimersByTimeAsync(4000);
      await ioSettles();
      await vi.advanceTimersByTimeAsync(4000);
      await ioSettles();
      // Two waits of 4 s took 8 s: the third would pass the deadline, so the call ends now with
      // the platform's answer instead of waiting to be cut off.
      expect(await outcome).toMatchObject({ name: 'StoreSystemError', status: 503 });
      expect(requests).toHaveLength(3);
    });

    it('a Retry-After longer than the time left fails at once, retryable', async () => {
      const { url, requests } = await serve((_request, response) => {
        response.writeHead(429, { 'retry-after': '3600', 'content-type': 'application/json' });
        response.end('{"message":"slow down"}');
      });
      const store = client(url);
      const error = await store.products.get('p1').catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 429, retryable: true });
      expect(requests).toHaveLength(1);
    });

    it('covers a token renewal that hangs: it ends at the deadline, retryable', async () => {
      const { url } = await serve(() => {
        // Never answers: neither the token endpoint nor anything else.
      });
      const store = createStoreClient({
        clientId: 'c',
        baseUrl: url,
        deadline: 1500,
        timeout: 30_000,
      });
      clients.push(store);
      const outcome = store.products.get('p1').catch((error: unknown) => error);
      await ioSettles();
      await vi.advanceTimersByTimeAsync(1500);
      // The renewal's own call hit the deadline; the call that needed it says the token
      // endpoint could not be reached, with the deadline as the cause.
      expect(await outcome).toMatchObject({
        name: 'StoreAuthError',
        code: 'TOKEN_ENDPOINT_UNREACHABLE',
        retryable: true,
        cause: { code: 'DEADLINE_EXCEEDED' },
      });
    });

    it('a slow answer within the timeout but past the deadline ends at the deadline', async () => {
      const { url } = await serve(() => {
        // Never answers.
      });
      const store = client(url, { deadline: 1500, timeout: 30_000 });
      const outcome = store.products.get('p1').catch((error: unknown) => error);
      await ioSettles();
      await vi.advanceTimersByTimeAsync(1499);
      let settled = false;
      void outcome.then(() => (settled = true));
      await io();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatchObject({
        name: 'StoreSystemError',
        code: 'DEADLINE_EXCEEDED',
        retryable: true,
        message: expect.stringContaining('within its 1500 ms deadline') as string,
      });
    });
  });

  describe('redirects', () => {
    it('refuses a redirect to another origin, which never hears of the call', async () => {
      const other = await serve((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"product":{"id":"evil"}}');
      });
      const { url } = await serve((_request, response) => {
        response.writeHead(302, { location: `${other.url}/stores-reader/v1/products/p1` });
        response.end();
      });
      const error = await client(url)
        .products.get('p1')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: 'StoreSystemError',
        code: 'REDIRECT_REFUSED',
        status: 302,
        retryable: false,
      });
      expect(other.requests).toEqual([]);
      expect(JSON.stringify(error)).not.toContain(TOKENS.accessToken.value);
    });

    it('follows a redirect on the same origin for a read, with the token', async () => {
      const seen: (string | undefined)[] = [];
      const { url, requests } = await serve((request, response) => {
        seen.push(request.headers.authorization);
        if (request.url === '/stores-reader/v1/products/p1') {
          response.writeHead(301, { location: '/stores-reader/v1/products/p2' });
          response.end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"product":{"id":"p2"}}');
      });
      await expect(client(url).products.get('p1')).resolves.toEqual({ id: 'p2' });
      expect(requests).toEqual([
        'GET /stores-reader/v1/products/p1',
        'GET /stores-reader/v1/products/p2',
      ]);
      expect(seen).toEqual([TOKENS.accessToken.value, TOKENS.accessToken.value]);
    });

    it('refuses to redirect a write, even on the same origin', async () => {
      const { url, requests } = await serve((_request, response) => {
        response.writeHead(307, { location: '/elsewhere' });
        response.end();
      });
      const error = await client(url)
        .cart.addItems({
          lineItems: [{ catalogReference: { catalogItemId: 'p1', appId: 'a' }, quantity: 1 }],
        })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'REDIRECT_REFUSED', status: 307 });
      expect(requests).toHaveLength(1);
    });
  });

  describe('response size', () => {
    it('stops reading an endless answer past maxResponseBytes', async () => {
      let written = 0;
      let closed = false;
      const { url } = await serve((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.on('close', () => (closed = true));
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (!closed && written < 50 * 1024 * 1024) {
            written += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        pump();
      });
      const error = await client(url, { maxResponseBytes: 256 * 1024, retry: 0 })
        .products.get('p1')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: 'StoreSystemError',
        code: 'RESPONSE_TOO_LARGE',
        retryable: false,
        status: 200,
      });
      await vi.waitFor(() => expect(closed).toBe(true));
      expect(written).toBeLessThan(50 * 1024 * 1024);
    });

    it('refuses an answer whose Content-Length is over the cap before reading it', async () => {
      const { url } = await serve((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
        response.end('x'.repeat(5000));
      });
      const response = client(url, { maxResponseBytes: 4096 }).fetch('/stores-reader/v1/x');
      await expect(response).rejects.toMatchObject({ code: 'RESPONSE_TOO_LARGE' });
    });

    it('the default cap is generous: a 2 MB catalog answer is read', async () => {
      const products = Array.from({ length: 2000 }, (_, i) => ({
        id: `p${i}`,
        description: 'x'.repeat(1000),
      }));
      const { url } = await serve((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ products, metadata: { count: 2000, offset: 0, total: 2000 } }),
        );
      });
      const page = await client(url).products.query({ paging: { limit: 100 } });
      expect(page.items).toHaveLength(2000);
    });
  });

  describe('dispose', () => {
    it('ends a call under way and every later one with CLIENT_DISPOSED', async () => {
      const { url } = await serve(() => {
        // Never answers.
      });
      const store = client(url);
      const outcome = store.products.get('p1').catch((error: unknown) => error);
      await ioSettles();
      store.dispose();
      expect(await outcome).toMatchObject({ code: 'CLIENT_DISPOSED', retryable: false });
      await expect(store.products.get('p2')).rejects.toMatchObject({ code: 'CLIENT_DISPOSED' });
    });
  });
});

import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import {
  createStoreClient,
  memoryStorage,
  type Cart,
  type CartV2,
  type CartV2LineItem,
  type LineItem,
  type StoreClient,
  type Tokens,
} from '@vitrine/sdk';
import type { ReactNode } from 'react';
import { StoreProvider } from '../provider.js';

/** One request the fake platform received. */
export interface Received {
  method: string;
  path: string;
  /** The query string, `?…` or empty. */
  search: string;
  authorization: string | null;
  /** The JSON body; for a query GET, its `.r` parameter decoded. */
  body: unknown;
}

export type Route = (request: Received) => Response | Promise<Response>;

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-wix-request-id': 'test-request' },
  });
}

/**
 * A `fetch` playing the platform at the network boundary: it grants anonymous tokens
 * (`at_1`, `at_2`… per grant), answers `routes` by `METHOD /path`, and records every request.
 */
export function fakePlatform(
  routes: Record<string, Route> = {},
  options: {
    /** Answers the authorization-code grant instead of granting tokens. */
    codeExchange?: Route;
  } = {},
) {
  const received: Received[] = [];
  let grants = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    // A query GET carries its body as `.r`, base64url JSON (platform-wire.md "Queries").
    const encoded = url.searchParams.get('.r');
    const text = request.body
      ? await request.text()
      : encoded === null
        ? ''
        : Buffer.from(encoded, 'base64url').toString('utf8');
    const entry: Received = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      authorization: request.headers.get('authorization'),
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
    received.push(entry);
    const grantType = (entry.body as { grantType?: unknown } | undefined)?.grantType;
    if (
      url.pathname === '/oauth2/token' &&
      grantType === 'authorization_code' &&
      options.codeExchange !== undefined
    ) {
      return options.codeExchange(entry);
    }
    if (url.pathname === '/oauth2/token') {
      grants += 1;
      return json({
        access_token: `at_${grants}`,
        refresh_token: `rt_${grants}`,
        expires_in: 3600,
      });
    }
    const route = routes[`${request.method} ${url.pathname}`];
    if (route === undefined)
      return json({ message: `no route for ${request.method} ${url.pathname}` }, 404);
    return route(entry);
  };
  return {
    fetch: fetch,
    received,
    /** The token grants made so far. */
    grants: () => received.filter((request) => request.path === '/oauth2/token'),
  };
}

/**
 * A client on the fake platform, with its own memory storage and no tab sync, reading a Catalog
 * V1 store (`catalog: 'v1'`: the storefront reads make no version read first).
 */
export function testClient(
  fetch: typeof globalThis.fetch,
  clientId = 'test-client',
  tokens?: Tokens,
): StoreClient {
  return createStoreClient({
    clientId,
    baseUrl: 'http://127.0.0.1:4999',
    fetch,
    storage: memoryStorage(),
    tabSync: false,
    retry: 0,
    catalog: 'v1',
    ...(tokens === undefined ? {} : { tokens }),
  });
}

/** A returning visitor's tokens (a visitor who may have a cart), valid for an hour. */
export const RETURNING_VISITOR: Tokens = {
  accessToken: { value: 'at_returning', expiresAt: Math.floor(Date.now() / 1000) + 3600 },
  refreshToken: { value: 'rt_returning', role: 'visitor' },
};

/** A wrapper providing `client` and a fresh QueryClient (no retries, no cache sharing). */
export function wrapperFor(
  client: StoreClient,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <StoreProvider client={client} queryClient={queryClient}>
        {children}
      </StoreProvider>
    );
  };
}

/**
 * A wrapper as an app that brings its own TanStack setup has it: its `<QueryClientProvider>`
 * with TanStack's defaults (3 retries, no stale time) around a `<StoreProvider>` without one.
 */
export function appWrapperFor(client: StoreClient, queryClient = new QueryClient()) {
  return function AppWrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <StoreProvider client={client}>{children}</StoreProvider>
      </QueryClientProvider>
    );
  };
}

/**
 * Fakes the clock (timers and `Date`) for TanStack's retry backoff, intervals and garbage
 * collection, and the SDK's waits. Promises and I/O still run: {@link settle} lets them.
 */
export function fakeClock(): void {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

/**
 * Under {@link fakeClock}: lets what is due run (answers, TanStack's batched notifications,
 * React's renders). The clock moves by 1 ms a round (a zero-delay timer set while timers run is
 * due 1 ms later): 10 ms in all, far below any backoff or retry delay.
 */
export async function settle(rounds = 10): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    await act(() => vi.advanceTimersByTimeAsync(1));
  }
}

/** Under {@link fakeClock}: moves the clock by `ms`, running what falls due on the way. */
export async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** A deferred promise, to hold an answer until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * Loads the SDK's parts that load on first use (the cart engine, the catalog reads, error
 * mapping…) up front. For tests that count clock time under {@link fakeClock}: loading code
 * takes real time, which the fake clock does not move.
 */
export async function loadSdkParts(): Promise<void> {
  const sdk = dirname(createRequire(import.meta.url).resolve('@vitrine/sdk/package.json'));
  const lazy = join(sdk, 'dist', 'lazy');
  const parts = readdirSync(lazy).filter(
    (file) => file.endsWith('.js') && !file.startsWith('chunk-'),
  );
  await Promise.all(parts.map((file) => import(pathToFileURL(join(lazy, file)).href)));
}

/** Cart V2's current cart (`/ecom/v2/carts/current…`): the cart API a client uses by default. */
export const CART_V2 = '/ecom/v2/carts/current';

/**
 * `{ cart }` as Cart V2 answers it, for a cart written in the one {@link Cart} shape an app reads
 * (the SDK maps the answer back into that shape): its id and lines (id, quantity, catalog
 * reference, name, unit price), and `more` of Cart V2's own fields (`coupons`…).
 *
 * @example json(cartV2Answer({ id: 'c', lineItems: [{ id: 'l1', quantity: 2 }] }))
 */
export function cartV2Answer(
  cart: Pick<Cart, 'id' | 'lineItems'>,
  more: Partial<CartV2> = {},
): { cart: CartV2 } {
  return {
    cart: {
      ...(cart.id === undefined ? {} : { id: cart.id }),
      lineItems: cart.lineItems.map(lineV2Of),
      ...more,
    },
  };
}

function lineV2Of(line: Partial<LineItem> & Pick<LineItem, 'id' | 'quantity'>): CartV2LineItem {
  return {
    id: line.id,
    quantityInfo: { requestedQuantity: line.quantity },
    ...(line.productName ? { name: line.productName } : {}),
    ...(line.price ? { pricing: { unitPrice: line.price } } : {}),
    ...(line.catalogReference ? { source: { catalogReference: line.catalogReference } } : {}),
  };
}

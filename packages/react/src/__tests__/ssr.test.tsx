import { HydrationBoundary, QueryClient, dehydrate } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cookieStorage,
  createStoreClient,
  readStoreSnapshot,
  type StoreClient,
  type Tokens,
} from '@vitrine/sdk';
import { useCart } from '../cart/use-cart.js';
import { useProducts } from '../catalog/hooks.js';
import { productsQueryOptions } from '../catalog/query-options.js';
import { StoreProvider } from '../provider.js';
import { useSession } from '../session/use-session.js';
import { CART_V2, cartV2Answer, fakePlatform, json } from './helpers.js';
import { PRODUCT_QUERY, queryAnswer, wireProduct } from './storefront-wire.js';

const TOKENS: Tokens = {
  accessToken: { value: 'at_from-cookie-1234', expiresAt: Math.floor(Date.now() / 1000) + 3600 },
  refreshToken: { value: 'rt_from-cookie-1234', role: 'visitor' },
};
const QUERY = { limit: 3 };

function routes() {
  return {
    [PRODUCT_QUERY]: () =>
      queryAnswer('products', [wireProduct('p1', 'Linen shirt'), wireProduct('p2', 'Wool cap')]),
    [`GET ${CART_V2}`]: () => json(cartV2Answer({ id: 'c', lineItems: [] })),
  };
}

// A cookie jar standing in for the request's cookies on the server and document.cookie in the
// browser: the tokens travel from one to the other only as cookies.
function clientWith(fetch: typeof globalThis.fetch, cookies: Map<string, string>): StoreClient {
  const storage = cookieStorage({
    get: (name) => cookies.get(name),
    set: (name, value) => void cookies.set(name, value),
  });
  return createStoreClient({
    clientId: 'ssr',
    baseUrl: 'http://127.0.0.1:4999',
    fetch,
    storage,
    tabSync: false,
    catalog: 'v1',
  });
}

function App() {
  const role = useSession((session) => session.role);
  const { data } = useProducts(QUERY);
  const count = useCart((state) => state.itemCount);
  return (
    <main>
      <p>role: {role}</p>
      <ul>
        {data?.items.map((product) => (
          <li key={product.id}>{product.name}</li>
        ))}
      </ul>
      <p>cart: {count}</p>
    </main>
  );
}

function CartCount() {
  return <p>cart: {useCart((state) => state.itemCount)}</p>;
}

const containers: HTMLElement[] = [];

/**
 * Hydrates the server's `html` with `element` in a container of the document, and collects what
 * React reports meanwhile: recoverable errors (a mismatch) and console errors.
 */
async function hydrate(html: string, element: ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  containers.push(container);
  const errors = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, element, {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
  return { container, recoverable, errors };
}

describe('server rendering', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    for (const container of containers.splice(0)) container.remove();
  });

  it('hydrates from cookie tokens without a second visitor grant or a mismatch', async () => {
    // An earlier response set the visitor's token cookies.
    const cookies = new Map<string, string>();
    clientWith(fakePlatform().fetch, cookies).auth.setTokens(TOKENS);
    expect(cookies.size).toBeGreaterThan(0);

    // Server: a client per request, reading the request's cookies.
    const serverPlatform = fakePlatform(routes());
    const serverClient = clientWith(serverPlatform.fetch, new Map(cookies));
    const serverQueries = new QueryClient();
    await serverQueries.prefetchQuery(productsQueryOptions(serverClient, QUERY));
    const html = renderToString(
      <StoreProvider client={serverClient} queryClient={serverQueries}>
        <App />
      </StoreProvider>,
    );
    const state = JSON.parse(JSON.stringify(dehydrate(serverQueries))) as ReturnType<
      typeof dehydrate
    >;
    expect(html).toContain('role: <!-- -->visitor');
    expect(html).toContain('Linen shirt');
    expect(serverPlatform.grants()).toHaveLength(0);
    expect(serverPlatform.received[0]!.authorization).toBe('at_from-cookie-1234');

    // Browser: same cookies, a fresh client and QueryClient, hydrating the server's HTML.
    const browserPlatform = fakePlatform(routes());
    const browserClient = clientWith(browserPlatform.fetch, new Map(cookies));
    const { container, recoverable, errors } = await hydrate(
      html,
      <StoreProvider client={browserClient}>
        <HydrationBoundary state={state}>
          <App />
        </HydrationBoundary>
      </StoreProvider>,
    );
    await act(() => browserClient.cartStore.whenIdle());

    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(container.textContent).toContain('role: visitor');
    expect(container.textContent).toContain('Wool cap');
    // No grant: the cookie's tokens were used. No product query: the server's data was used.
    expect(browserPlatform.grants()).toHaveLength(0);
    expect(browserPlatform.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${CART_V2}`,
    ]);
    expect(browserPlatform.received[0]!.authorization).toBe('at_from-cookie-1234');
  });

  it("a client component pre-rendered on the server shows the server's role and cart count, and the browser reads neither again", async () => {
    const cookies = new Map<string, string>();
    clientWith(fakePlatform().fetch, cookies).auth.setTokens(TOKENS);
    const cart = { id: 'c', lineItems: [{ id: 'l1', quantity: 2 }] };

    // The server's own client (a server component, a proxy) read the session and cart.
    const serverPlatform = fakePlatform({
      ...routes(),
      [`GET ${CART_V2}`]: () => json(cartV2Answer(cart)),
    });
    const snapshot = await readStoreSnapshot(clientWith(serverPlatform.fetch, new Map(cookies)));
    expect(snapshot).toEqual({ role: 'visitor', cart });
    const transported = JSON.parse(JSON.stringify(snapshot)) as typeof snapshot;

    // The client component renders on the server too, with a client that sees no cookie
    // (cookieStorage() has no document there): the snapshot decides what it shows.
    const prerenderPlatform = fakePlatform(routes());
    const prerenderClient = createStoreClient({
      clientId: 'ssr',
      baseUrl: 'http://127.0.0.1:4999',
      fetch: prerenderPlatform.fetch,
      storage: cookieStorage(),
      catalog: 'v1',
    });
    expect(prerenderClient.auth.role).toBe('none');
    const html = renderToString(
      <StoreProvider client={prerenderClient} snapshot={transported}>
        <App />
      </StoreProvider>,
    );
    expect(html).toContain('role: <!-- -->visitor');
    expect(html).toContain('cart: <!-- -->2');
    expect(prerenderPlatform.received).toEqual([]);

    // Browser: the same cookies and snapshot; nothing to read again, nothing to mismatch.
    const browserPlatform = fakePlatform(routes());
    const browserClient = clientWith(browserPlatform.fetch, new Map(cookies));
    const { container, recoverable, errors } = await hydrate(
      html,
      <StoreProvider client={browserClient} snapshot={transported}>
        <App />
      </StoreProvider>,
    );
    await act(() => browserClient.cartStore.whenIdle());
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(container.textContent).toContain('role: visitor');
    expect(container.textContent).toContain('cart: 2');
    expect(browserPlatform.grants()).toHaveLength(0);
    // The product list was not prefetched here, so only it is read: the cart is not.
    expect(browserPlatform.received.map((r) => `${r.method} ${r.path}`)).toEqual([PRODUCT_QUERY]);
  });

  it("an island that hydrates after the page's shared client read a newer cart still matches the server's HTML", async () => {
    const cookies = new Map<string, string>();
    clientWith(fakePlatform().fetch, cookies).auth.setTokens(TOKENS);
    const serverCart = { id: 'c', lineItems: [{ id: 'l1', quantity: 2 }] };
    const snapshot = { role: 'visitor' as const, cart: serverCart };
    const html = renderToString(
      <StoreProvider
        client={clientWith(fakePlatform(routes()).fetch, new Map())}
        snapshot={snapshot}
      >
        <CartCount />
      </StoreProvider>,
    );
    expect(html).toContain('cart: <!-- -->2');

    // One client per page load, shared by its islands (as the Next shop's are): an island that
    // streamed in first already read the cart, which has changed since the server's read.
    const browserPlatform = fakePlatform({
      ...routes(),
      [`GET ${CART_V2}`]: () =>
        json(cartV2Answer({ id: 'c', lineItems: [{ id: 'l1', quantity: 5 }] })),
    });
    const shared = clientWith(browserPlatform.fetch, new Map(cookies));
    await shared.cartStore.load();
    expect(shared.cartStore.getState().itemCount).toBe(5);

    const { container, recoverable, errors } = await hydrate(
      html,
      <StoreProvider client={shared} snapshot={snapshot}>
        <CartCount />
      </StoreProvider>,
    );
    // Hydrated with what the server rendered, then shows what the client knows.
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(container.textContent).toBe('cart: 5');
  });

  it('without a snapshot, a pre-rendered client component renders no role and an idle cart, and hydrates to match', () => {
    const prerenderClient = createStoreClient({
      clientId: 'ssr',
      baseUrl: 'http://127.0.0.1:4999',
      fetch: fakePlatform().fetch,
      storage: cookieStorage(),
    });
    const html = renderToString(
      <StoreProvider client={prerenderClient}>
        <App />
      </StoreProvider>,
    );
    expect(html).toContain('role: <!-- -->none');
    expect(html).toContain('cart: <!-- -->0');
  });
});

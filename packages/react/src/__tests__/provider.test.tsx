import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VitrineError, isVitrineError } from '@vitrine/sdk';
import { useStoreClient } from '../context.js';
import { MissingStoreProviderError } from '../errors.js';
import { StoreProvider } from '../provider.js';
import { useProducts } from '../catalog/hooks.js';
import { useSession } from '../session/use-session.js';
import { useCart } from '../cart/use-cart.js';
import {
  advance,
  fakeClock,
  fakePlatform,
  json,
  loadSdkParts,
  settle,
  testClient,
} from './helpers.js';

afterEach(() => {
  cleanup();
});

describe('StoreProvider', () => {
  it('gives every hook a clear error when it is missing', () => {
    const hooks: [string, () => unknown][] = [
      ['useStoreClient', () => useStoreClient()],
      ['useSession', () => useSession()],
      ['useCart', () => useCart()],
    ];
    for (const [name, hook] of hooks) {
      expect(() => renderHook(hook)).toThrow(MissingStoreProviderError);
      expect(() => renderHook(hook)).toThrow(
        `${name} must be used inside <StoreProvider client={store}>`,
      );
    }
  });

  it('throws an error of the SDK hierarchy, with its code', () => {
    let thrown: unknown;
    try {
      renderHook(() => useCart());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(VitrineError);
    expect(isVitrineError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'MISSING_STORE_PROVIDER', retryable: false });
  });

  it('creates a QueryClient when the app has none, and reuses the app one when it has', () => {
    const client = testClient(fakePlatform().fetch);
    const seen: QueryClient[] = [];
    function Probe() {
      seen.push(useQueryClient());
      return null;
    }
    render(
      <StoreProvider client={client}>
        <Probe />
      </StoreProvider>,
    );
    expect(seen[0]).toBeInstanceOf(QueryClient);

    const appClient = new QueryClient();
    render(
      <QueryClientProvider client={appClient}>
        <StoreProvider client={client}>
          <Probe />
        </StoreProvider>
      </QueryClientProvider>,
    );
    expect(seen.at(-1)).toBe(appClient);
  });

  describe('the QueryClient it creates', () => {
    // These count clock time; the SDK's parts loaded on first use are loaded before.
    beforeAll(() => loadSdkParts());

    afterEach(() => {
      vi.useRealTimers();
    });

    // The app's own queries on the client's calls run on it too: they must not retry on top of
    // the SDK, which already retried what is safe to retry.
    it("does not retry an app's own failing query: one request, the error at once", async () => {
      fakeClock();
      const platform = fakePlatform({
        'GET /stores-reader/v1/products/p1': () => json({ message: 'down' }, 500),
      });
      const client = testClient(platform.fetch);
      function Price() {
        const store = useStoreClient();
        const { status, error } = useQuery({
          queryKey: ['my-app', 'price', 'p1'],
          queryFn: () => store.products.get('p1'),
        });
        return <p data-testid="price">{status === 'error' ? error.name : status}</p>;
      }
      render(
        <StoreProvider client={client}>
          <Price />
        </StoreProvider>,
      );
      await settle();
      expect(screen.getByTestId('price').textContent).toBe('StoreSystemError');
      await advance(60_000);
      expect(platform.received.filter((r) => r.path.endsWith('/p1'))).toHaveLength(1);
    });

    it('keeps data fresh for 30 seconds: a remount within them reads nothing again', async () => {
      fakeClock();
      const platform = fakePlatform({
        'GET /stores-reader/v1/products/p1': () => json({ product: { id: 'p1' } }),
      });
      const client = testClient(platform.fetch);
      const reads = () => platform.received.filter((r) => r.path.endsWith('/p1')).length;
      function Product() {
        const store = useStoreClient();
        const { data } = useQuery({
          queryKey: ['my-app', 'product', 'p1'],
          queryFn: () => store.products.get('p1'),
        });
        return <p>{data?.id}</p>;
      }
      function Page({ show }: { show: boolean }) {
        return <StoreProvider client={client}>{show ? <Product /> : null}</StoreProvider>;
      }
      const { rerender } = render(<Page show />);
      await settle();
      expect(reads()).toBe(1);
      rerender(<Page show={false} />);
      await advance(29_000);
      rerender(<Page show />);
      await settle();
      expect(reads()).toBe(1);
      rerender(<Page show={false} />);
      await advance(2_000);
      rerender(<Page show />);
      await settle();
      expect(reads()).toBe(2);
    });
  });

  it('keeps two providers side by side apart: own tokens, own data', async () => {
    const left = fakePlatform({
      'GET /stores-reader/v1/products/query-platformized': () =>
        json({ products: [{ id: 'left-product' }], metadata: { count: 1, offset: 0, total: 1 } }),
    });
    const right = fakePlatform({
      'GET /stores-reader/v1/products/query-platformized': () =>
        json({ products: [{ id: 'right-product' }], metadata: { count: 1, offset: 0, total: 1 } }),
    });
    function Shop({ name }: { name: string }) {
      const { data } = useProducts();
      const role = useSession((session) => session.role);
      return (
        <p data-testid={name}>
          {role}:{data?.items.map((product) => product.id).join(',')}
        </p>
      );
    }
    render(
      <>
        <StoreProvider client={testClient(left.fetch, 'shop')}>
          <Shop name="left" />
        </StoreProvider>
        <StoreProvider client={testClient(right.fetch, 'shop')}>
          <Shop name="right" />
        </StoreProvider>
      </>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('left').textContent).toBe('visitor:left-product'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('right').textContent).toBe('visitor:right-product'),
    );
    // Each client made its own grant and used only its own token.
    expect(left.grants()).toHaveLength(1);
    expect(right.grants()).toHaveLength(1);
    const leftTokens = new Set(left.received.map((r) => r.authorization).filter(Boolean));
    expect([...leftTokens]).toEqual(['at_1']);
  });
});

import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStoreClient } from '../context.js';
import { MissingStoreProviderError } from '../errors.js';
import { StoreProvider } from '../provider.js';
import { useProducts } from '../catalog/hooks.js';
import { useSession } from '../session/use-session.js';
import { useCart } from '../cart/use-cart.js';
import { fakePlatform, json, testClient } from './helpers.js';

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

import {
  QueryClient,
  QueryClientProvider,
  dehydrate,
  hydrate,
  keepPreviousData,
} from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  StoreApiError,
  StoreClientError,
  createStoreClient,
  memoryStorage,
  type Product,
} from '@vitrine/sdk';
import {
  useCollection,
  useCollections,
  useInfiniteProducts,
  useProduct,
  useProductOptionsAvailability,
  useProducts,
  useVariants,
} from '../catalog/hooks.js';
import { storeQueryKeys } from '../catalog/query-keys.js';
import { productsQueryOptions, toCatalogPage } from '../catalog/query-options.js';
import { StoreProvider } from '../provider.js';
import { catalogCases, readData } from './catalog-cases.js';
import {
  advance,
  appWrapperFor,
  deferred,
  fakeClock,
  fakePlatform,
  json,
  loadSdkParts,
  settle,
  testClient,
  wrapperFor,
  type Route,
} from './helpers.js';

const QUERY_PATH = 'GET /stores-reader/v1/products/query-platformized';
const reads = (platform: ReturnType<typeof fakePlatform>, path: string) =>
  platform.received.filter((r) => `${r.method} ${r.path}` === path).length;

/** Answers a product query with the page it asks for, out of `total` products. */
function pageOf(total: number): Route {
  return (request) => {
    const { query } = request.body as { query: { paging: { limit: number; offset: number } } };
    const { limit, offset } = query.paging;
    const count = Math.max(0, Math.min(limit, total - offset));
    const products = Array.from({ length: count }, (_, i) => ({
      id: `p${offset + i}`,
      name: `Product ${offset + i}`,
    }));
    return json({ products, metadata: { count, offset, total } });
  };
}

/** A platform with `total` products. */
const productPages = (total: number) => fakePlatform({ [QUERY_PATH]: pageOf(total) });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('catalog hooks', () => {
  describe('retry policy', () => {
    // These count clock time; the SDK's parts loaded on first use are loaded before.
    beforeAll(() => loadSdkParts());

    // Regression: under an app's own QueryClientProvider, TanStack's 3 retries (1 s, 2 s, 4 s)
    // stacked on the SDK's own: 12 requests and 15.6 s before one failing query showed its error.
    it.each(catalogCases)(
      "$name: one request and the error at once under an app QueryClient on TanStack's defaults",
      async ({ use, route }) => {
        fakeClock();
        const platform = fakePlatform({ [route]: () => json({ message: 'down' }, 500) });
        const client = testClient(platform.fetch);
        const { result } = renderHook(() => use(), { wrapper: appWrapperFor(client) });
        await settle();
        // No time has passed: the error is there without any backoff.
        expect(result.current.status).toBe('error');
        expect(result.current.error).toBeInstanceOf(StoreApiError);
        expect(result.current.failureCount).toBe(1);
        expect(reads(platform, route)).toBe(1);
        // And nothing is scheduled to try again.
        await advance(60_000);
        expect(reads(platform, route)).toBe(1);
        expect(result.current.status).toBe('error');
      },
    );

    it("leaves retrying to the SDK: its retries of a 503 only, none of TanStack's on top", async () => {
      fakeClock();
      const platform = fakePlatform({ [QUERY_PATH]: () => json({ message: 'busy' }, 503) });
      // The SDK's own policy: 2 retries of idempotent calls, with its backoff.
      const client = createStoreClient({
        clientId: 'sdk-retries',
        baseUrl: 'http://127.0.0.1:4999',
        fetch: platform.fetch,
        storage: memoryStorage(),
        tabSync: false,
        retry: 2,
      });
      const { result } = renderHook(() => useProducts(), { wrapper: appWrapperFor(client) });
      await settle();
      expect(result.current.status).toBe('pending');
      expect(reads(platform, QUERY_PATH)).toBe(1);
      // The SDK's backoff runs its course; the error shows as soon as the SDK gives up.
      let waited = 0;
      while (waited < 5_000 && result.current.status === 'pending') {
        await advance(50);
        waited += 50;
      }
      expect(result.current.status).toBe('error');
      expect(result.current.error).toMatchObject({ status: 503 });
      expect(reads(platform, QUERY_PATH)).toBe(3);
      await advance(60_000);
      expect(reads(platform, QUERY_PATH)).toBe(3);
    });

    it('a hook may still ask TanStack to retry', async () => {
      fakeClock();
      let calls = 0;
      const platform = fakePlatform({
        'GET /stores-reader/v1/products/p1': () =>
          ++calls === 1 ? json({ message: 'down' }, 500) : json({ product: { id: 'p1' } }),
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(() => useProduct('p1', { retry: 1, retryDelay: 1_000 }), {
        wrapper: appWrapperFor(client),
      });
      await settle();
      expect(result.current.status).toBe('pending');
      expect(result.current.failureCount).toBe(1);
      await advance(1_000);
      await settle();
      expect(result.current.status).toBe('success');
      expect(result.current.data).toEqual({ id: 'p1' });
      expect(calls).toBe(2);
    });
  });

  describe('useProducts', () => {
    it('goes loading → data, rendering each state once', async () => {
      const answer = deferred<Response>();
      const platform = fakePlatform({ [QUERY_PATH]: () => answer.promise });
      const client = testClient(platform.fetch);
      const renders: unknown[] = [];
      const { result } = renderHook(
        () => {
          const { status, data, error, isFetching } = useProducts({ paging: { limit: 2 } });
          renders.push({ status, data: readData(data), error, isFetching });
          return status;
        },
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(reads(platform, QUERY_PATH)).toBe(1));
      answer.resolve(
        json({
          products: [{ id: 'p1' }, { id: 'p2' }],
          metadata: { count: 2, offset: 0, total: 5 },
        }),
      );
      await waitFor(() => expect(result.current).toBe('success'));
      expect(renders).toEqual([
        { status: 'pending', data: undefined, error: null, isFetching: true },
        {
          status: 'success',
          data: {
            items: [{ id: 'p1' }, { id: 'p2' }],
            totalCount: 5,
            paging: { limit: 2, offset: 0 },
            hasNext: true,
          },
          error: null,
          isFetching: false,
        },
      ]);
    });

    it('goes loading → error with the SDK typed error', async () => {
      const platform = fakePlatform({
        [QUERY_PATH]: () => json({ message: 'Forbidden here' }, 403),
      });
      const client = testClient(platform.fetch);
      const renders: { status: string; error: unknown }[] = [];
      const { result } = renderHook(
        () => {
          const query = useProducts();
          renders.push({ status: query.status, error: query.error });
          return query;
        },
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(result.current.status).toBe('error'));
      expect(renders.map((r) => r.status)).toEqual(['pending', 'error']);
      expect(result.current.error).toBeInstanceOf(StoreClientError);
      expect(result.current.error).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
        message: 'Forbidden here',
      });
    });

    it('shares one request among components asking the same query', async () => {
      const platform = fakePlatform({
        [QUERY_PATH]: () => json({ products: [], metadata: { count: 0, offset: 0, total: 0 } }),
      });
      const client = testClient(platform.fetch);
      const wrapper = wrapperFor(client);
      const { result } = renderHook(
        () => [useProducts({ paging: { limit: 3 } }), useProducts({ paging: { limit: 3 } })],
        { wrapper },
      );
      await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
      expect(reads(platform, QUERY_PATH)).toBe(1);
    });
  });

  describe('pages: hasNext() as in the SDK, plain data in the cache', () => {
    it("answers hasNext() as the SDK's page does, on the first, middle and last page", async () => {
      const platform = productPages(5);
      const client = testClient(platform.fetch);
      const { result } = renderHook(
        () => [0, 2, 4].map((offset) => useProducts({ paging: { limit: 2, offset } })),
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
      expect(result.current.map((q) => q.data?.hasNext())).toEqual([true, true, false]);
      const sdkPage = await client.products.query({ paging: { limit: 2, offset: 4 } });
      expect(sdkPage.hasNext()).toBe(false);
      // The method can be passed around, as the SDK's can.
      const { hasNext } = result.current[0]!.data!;
      expect(hasNext()).toBe(true);
    });

    it('keeps plain JSON in the cache, which survives dehydration and hydration', async () => {
      const platform = productPages(3);
      const client = testClient(platform.fetch);
      const server = new QueryClient();
      await server.prefetchQuery(productsQueryOptions(client, { paging: { limit: 2 } }));
      const cached = server.getQueryData(
        productsQueryOptions(client, { paging: { limit: 2 } }).queryKey,
      );
      expect(cached).toEqual({
        items: [
          { id: 'p0', name: 'Product 0' },
          { id: 'p1', name: 'Product 1' },
        ],
        totalCount: 3,
        paging: { limit: 2, offset: 0 },
        hasNextPage: true,
      });
      // Nothing but JSON: it crosses the network as it is.
      expect(JSON.parse(JSON.stringify(cached))).toEqual(cached);

      const browser = new QueryClient();
      hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
      const { result } = renderHook(() => useProducts({ paging: { limit: 2 } }), {
        wrapper: wrapperFor(client, browser),
      });
      expect(result.current.status).toBe('success');
      expect(result.current.data?.hasNext()).toBe(true);
      expect(result.current.data?.items).toHaveLength(2);
      expect(toCatalogPage(cached!).hasNext()).toBe(true);
    });

    it('hands out the same page object while the data is the same (refetches included)', async () => {
      const platform = productPages(3);
      const client = testClient(platform.fetch);
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const seen: unknown[] = [];
      const { result, rerender } = renderHook(
        () => {
          const query = useProducts({ paging: { limit: 2 } });
          seen.push(query.data);
          return query;
        },
        { wrapper: wrapperFor(client, queryClient) },
      );
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      const first = result.current.data;
      rerender();
      await act(() => result.current.refetch());
      expect(reads(platform, QUERY_PATH)).toBe(2);
      expect(result.current.data).toBe(first);
      expect(new Set(seen.filter(Boolean)).size).toBe(1);
    });

    it('gives every page of an infinite query hasNext(), and keeps earlier pages as they were', async () => {
      const platform = productPages(5);
      const client = testClient(platform.fetch);
      const { result } = renderHook(() => useInfiniteProducts({ paging: { limit: 2 } }), {
        wrapper: wrapperFor(client),
      });
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      const firstPage = result.current.data!.pages[0];
      await act(() => result.current.fetchNextPage());
      await act(() => result.current.fetchNextPage());
      await waitFor(() => expect(result.current.hasNextPage).toBe(false));
      const pages = result.current.data!.pages;
      expect(pages.map((page) => page.hasNext())).toEqual([true, true, false]);
      expect(pages[0]).toBe(firstPage);
    });
  });

  describe('useInfiniteProducts', () => {
    // A server may send fewer items than asked (a cap on its page size) and still have more: the
    // next page starts after the items received, not after the size asked for.
    it('reads on from the items received when the server caps the page size', async () => {
      const platform = fakePlatform({
        [QUERY_PATH]: (request) => {
          const { query } = request.body as { query: { paging: { offset: number } } };
          const { offset } = query.paging;
          const count = Math.max(0, Math.min(4, 10 - offset));
          const products = Array.from({ length: count }, (_, i) => ({ id: `p${offset + i}` }));
          return json({ products, metadata: { count, offset, total: 10 } });
        },
      });
      const { result } = renderHook(() => useInfiniteProducts({ paging: { limit: 6 } }), {
        wrapper: wrapperFor(testClient(platform.fetch)),
      });
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      while (result.current.hasNextPage) {
        await act(() => result.current.fetchNextPage());
      }
      const ids = result.current.data!.pages.flatMap((page) => page.items.map((p) => p.id));
      expect(ids).toEqual(Array.from({ length: 10 }, (_, i) => `p${i}`));
      expect(result.current.data!.pageParams).toEqual([0, 4, 8]);
    });

    it('walks the pages by offset and stops on the last', async () => {
      const platform = productPages(5);
      const client = testClient(platform.fetch);
      const { result } = renderHook(() => useInfiniteProducts({ paging: { limit: 2 } }), {
        wrapper: wrapperFor(client),
      });
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.hasNextPage).toBe(true);
      await act(() => result.current.fetchNextPage());
      await act(() => result.current.fetchNextPage());
      await waitFor(() => expect(result.current.hasNextPage).toBe(false));
      expect(result.current.data?.pages.flatMap((page) => page.items.map((p) => p.id))).toEqual([
        'p0',
        'p1',
        'p2',
        'p3',
        'p4',
      ]);
      expect(result.current.data?.pageParams).toEqual([0, 2, 4]);
      expect(reads(platform, QUERY_PATH)).toBe(3);
    });
  });

  describe("TanStack's query options", () => {
    it('select reshapes data, receiving the page with hasNext()', async () => {
      const platform = fakePlatform({
        [QUERY_PATH]: pageOf(3),
        'GET /stores-reader/v1/products/p1': () => json({ product: { id: 'p1', name: 'Shirt' } }),
        'POST /stores-reader/v1/products/p1/productOptionsAvailability': () =>
          json({ availableForPurchase: true }),
        'POST /stores-reader/v1/products/p1/variants/query': () =>
          json({ variants: [{ id: 'v1' }, { id: 'v2' }], totalResults: 2 }),
        'GET /v2/collections/query': () =>
          json({
            collections: [{ id: 'c1', slug: 'shirts' }],
            metadata: { count: 1, offset: 0, total: 1 },
          }),
        'GET /v2/collections/c1': () => json({ collection: { id: 'c1', slug: 'shirts' } }),
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(
        () => ({
          names: useProducts(
            { paging: { limit: 2 } },
            { select: (page) => ({ names: page.items.map((p) => p.name), more: page.hasNext() }) },
          ),
          infinite: useInfiniteProducts(
            { paging: { limit: 2 } },
            { select: (data) => data.pages.map((page) => page.hasNext()) },
          ),
          name: useProduct('p1', { select: (product) => product.name }),
          buyable: useProductOptionsAvailability(
            'p1',
            { Size: 'L' },
            { select: (answer) => answer.availableForPurchase },
          ),
          variantIds: useVariants('p1', {}, { select: (r) => r.variants?.map((v) => v.id) }),
          collectionSlugs: useCollections({}, { select: (page) => page.items.map((c) => c.slug) }),
          collectionSlug: useCollection({ id: 'c1' }, { select: (c) => c.slug }),
        }),
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() =>
        expect(Object.values(result.current).every((query) => query.isSuccess)).toBe(true),
      );
      expect(
        Object.fromEntries(Object.entries(result.current).map(([name, q]) => [name, q.data])),
      ).toEqual({
        names: { names: ['Product 0', 'Product 1'], more: true },
        infinite: [true],
        name: 'Shirt',
        buyable: true,
        variantIds: ['v1', 'v2'],
        collectionSlugs: ['shirts'],
        collectionSlug: 'shirts',
      });
    });

    it('a stable select runs once per data, not once per render', async () => {
      const platform = productPages(3);
      const client = testClient(platform.fetch);
      const select = vi.fn((page: { items: readonly Product[] }) => page.items.length);
      const { result, rerender } = renderHook(() => useProducts({}, { select }), {
        wrapper: wrapperFor(client),
      });
      await waitFor(() => expect(result.current.data).toBe(3));
      rerender();
      rerender();
      expect(select).toHaveBeenCalledTimes(1);
    });

    it('staleTime keeps a fresh page from being read again on the next mount', async () => {
      const platform = productPages(3);
      const client = testClient(platform.fetch);
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const wrapper = wrapperFor(client, queryClient);
      const first = renderHook(() => useProducts({}, { staleTime: 60_000 }), { wrapper });
      await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
      first.unmount();
      const fresh = renderHook(() => useProducts({}, { staleTime: 60_000 }), { wrapper });
      expect(fresh.result.current.isSuccess).toBe(true);
      fresh.unmount();
      // Without it (TanStack's default of 0), the next mount reads again.
      const stale = renderHook(() => useProducts(), { wrapper });
      await waitFor(() => expect(reads(platform, QUERY_PATH)).toBe(2));
      stale.unmount();
    });

    it('enabled: false holds the query; a function decides from the query', async () => {
      const platform = productPages(3);
      const client = testClient(platform.fetch);
      const { result, rerender } = renderHook(
        ({ enabled }: { enabled: boolean }) => ({
          list: useProducts({}, { enabled }),
          product: useProduct('p1', { enabled: () => enabled }),
        }),
        { wrapper: wrapperFor(client), initialProps: { enabled: false } },
      );
      expect(result.current.list.fetchStatus).toBe('idle');
      expect(result.current.product.fetchStatus).toBe('idle');
      expect(platform.received).toEqual([]);
      rerender({ enabled: true });
      await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
      // The product route is missing: the point is that it was asked for.
      await waitFor(() => expect(result.current.product.isError).toBe(true));
      expect(platform.received.map((r) => r.path)).toContain('/stores-reader/v1/products/p1');
    });

    it('an enabled option never starts a hook that waits for its id', () => {
      const platform = fakePlatform();
      const client = testClient(platform.fetch);
      const { result } = renderHook(
        () => [
          useProduct(undefined, { enabled: true }),
          useProductOptionsAvailability('', { Size: 'L' }, { enabled: () => true }),
          useVariants(undefined, {}, { enabled: true }),
          useCollection({ slug: '' }, { enabled: true }),
        ],
        { wrapper: wrapperFor(client) },
      );
      expect(result.current.map((q) => q.fetchStatus)).toEqual(['idle', 'idle', 'idle', 'idle']);
      expect(platform.received).toEqual([]);
    });

    it('placeholderData: keepPreviousData shows the last page while the next one loads', async () => {
      const answers: ReturnType<typeof deferred<Response>>[] = [];
      const platform = fakePlatform({
        [QUERY_PATH]: () => {
          const answer = deferred<Response>();
          answers.push(answer);
          return answer.promise;
        },
      });
      const client = testClient(platform.fetch);
      const renders: unknown[] = [];
      const { result, rerender } = renderHook(
        ({ offset }: { offset: number }) => {
          const { status, data, isPlaceholderData } = useProducts(
            { paging: { limit: 1, offset } },
            { placeholderData: keepPreviousData },
          );
          const entry = { status, ids: data?.items.map((p) => p.id), isPlaceholderData };
          renders.push(entry);
          return entry;
        },
        { wrapper: wrapperFor(client), initialProps: { offset: 0 } },
      );
      await waitFor(() => expect(answers).toHaveLength(1));
      answers[0]!.resolve(json({ products: [{ id: 'p0' }], metadata: { total: 2 } }));
      await waitFor(() => expect(result.current.status).toBe('success'));
      rerender({ offset: 1 });
      await waitFor(() => expect(answers).toHaveLength(2));
      expect(result.current).toEqual({ status: 'success', ids: ['p0'], isPlaceholderData: true });
      answers[1]!.resolve(json({ products: [{ id: 'p1' }], metadata: { total: 2 } }));
      await waitFor(() => expect(result.current.ids).toEqual(['p1']));
      expect(renders).toEqual([
        { status: 'pending', ids: undefined, isPlaceholderData: false },
        { status: 'success', ids: ['p0'], isPlaceholderData: false },
        { status: 'success', ids: ['p0'], isPlaceholderData: true },
        { status: 'success', ids: ['p1'], isPlaceholderData: false },
      ]);
    });

    it('refetchInterval reads again on the interval', async () => {
      fakeClock();
      const platform = productPages(3);
      const client = testClient(platform.fetch);
      const { result } = renderHook(() => useProducts({}, { refetchInterval: 10_000 }), {
        wrapper: wrapperFor(client),
      });
      await settle();
      expect(result.current.isSuccess).toBe(true);
      expect(reads(platform, QUERY_PATH)).toBe(1);
      await advance(9_900);
      expect(reads(platform, QUERY_PATH)).toBe(1);
      await advance(100);
      await settle();
      expect(reads(platform, QUERY_PATH)).toBe(2);
      await advance(10_000);
      await settle();
      expect(reads(platform, QUERY_PATH)).toBe(3);
    });

    it('throwOnError sends the SDK error to the nearest error boundary', async () => {
      const platform = fakePlatform({ [QUERY_PATH]: () => json({ message: 'down' }, 500) });
      const client = testClient(platform.fetch);
      // React reports the caught error (console, and React 18 a window error event): expected.
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      const expected = (event: ErrorEvent) => event.preventDefault();
      window.addEventListener('error', expected);
      class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
        override state: { error?: Error } = {};
        static getDerivedStateFromError(error: Error) {
          return { error };
        }
        override render() {
          return this.state.error ? <p>caught {this.state.error.name}</p> : this.props.children;
        }
      }
      function Grid() {
        const { data } = useProducts({}, { throwOnError: true });
        return <p>{data?.items.length ?? 'loading'}</p>;
      }
      try {
        render(
          <StoreProvider client={client}>
            <Boundary>
              <Grid />
            </Boundary>
          </StoreProvider>,
        );
        expect(await screen.findByText('caught StoreSystemError')).toBeTruthy();
      } finally {
        quiet.mockRestore();
        window.removeEventListener('error', expected);
      }
    });

    it('meta and gcTime reach the query', async () => {
      fakeClock();
      const platform = productPages(1);
      const client = testClient(platform.fetch);
      const queryClient = new QueryClient();
      const { unmount } = renderHook(
        () => useProducts({}, { meta: { screen: 'home' }, gcTime: 1_000 }),
        { wrapper: wrapperFor(client, queryClient) },
      );
      await settle();
      const key = storeQueryKeys.productList(client.clientId, {});
      expect(queryClient.getQueryCache().find({ queryKey: key })?.meta).toEqual({ screen: 'home' });
      unmount();
      await advance(900);
      expect(queryClient.getQueryCache().find({ queryKey: key })).toBeDefined();
      await advance(100);
      expect(queryClient.getQueryCache().find({ queryKey: key })).toBeUndefined();
    });
  });

  describe('query keys', () => {
    // Two shops (two clients, two client ids) in one app with one QueryClient: each hook must
    // read its own shop's data, which needs the client id in every key.
    it.each(catalogCases)(
      "$name: two clients sharing the app's QueryClient each read their own data",
      async ({ use, route, answer, data }) => {
        const left = fakePlatform({ [route]: answer('left') });
        const right = fakePlatform({ [route]: answer('right') });
        const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
        function Shop({ name }: { name: string }) {
          const { status, data } = use();
          return (
            <pre data-testid={name}>
              {status === 'success' ? JSON.stringify(readData(data)) : status}
            </pre>
          );
        }
        render(
          <QueryClientProvider client={queryClient}>
            <StoreProvider client={testClient(left.fetch, 'left-shop')}>
              <Shop name="left" />
            </StoreProvider>
            <StoreProvider client={testClient(right.fetch, 'right-shop')}>
              <Shop name="right" />
            </StoreProvider>
          </QueryClientProvider>,
        );
        await waitFor(() =>
          expect(screen.getByTestId('left').textContent).toBe(JSON.stringify(data('left'))),
        );
        await waitFor(() =>
          expect(screen.getByTestId('right').textContent).toBe(JSON.stringify(data('right'))),
        );
        expect(reads(left, route)).toBe(1);
        expect(reads(right, route)).toBe(1);
      },
    );

    it('useProduct reads a product with and without merchant data as two queries', async () => {
      const platform = fakePlatform({
        'GET /stores-reader/v1/products/p1': (request) =>
          json({
            product: request.search.includes('includeMerchantSpecificData=true')
              ? { id: 'p1', costRange: { minValue: 4, maxValue: 4 } }
              : { id: 'p1' },
          }),
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(
        () => ({
          shopper: useProduct('p1'),
          merchant: useProduct('p1', { includeMerchantSpecificData: true }),
          explicit: useProduct('p1', { includeMerchantSpecificData: false }),
        }),
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() =>
        expect(Object.values(result.current).every((query) => query.isSuccess)).toBe(true),
      );
      expect(result.current.shopper.data).toEqual({ id: 'p1' });
      expect(result.current.explicit.data).toEqual({ id: 'p1' });
      expect(result.current.merchant.data).toEqual({
        id: 'p1',
        costRange: { minValue: 4, maxValue: 4 },
      });
      expect(platform.received.filter((r) => r.path.endsWith('/p1')).map((r) => r.search)).toEqual([
        '',
        '?includeMerchantSpecificData=true',
      ]);
    });
  });

  describe('one query per input', () => {
    // Each hook's cache is keyed by everything it sends: two inputs of one hook are read as two
    // queries, each shown with its own answer (one key only never tells a key that forgets an
    // input from one that does not).
    it('useProductOptionsAvailability reads each set of choices on its own', async () => {
      const platform = fakePlatform({
        'POST /stores-reader/v1/products/p1/productOptionsAvailability': (request) => {
          const { options } = request.body as { options: { Size: string } };
          return json({ selectedVariant: { id: `v-${options.Size}` } });
        },
      });
      const { result } = renderHook(
        () => [
          useProductOptionsAvailability('p1', { Size: 'S' }),
          useProductOptionsAvailability('p1', { Size: 'L' }),
        ],
        { wrapper: wrapperFor(testClient(platform.fetch)) },
      );
      await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
      expect(result.current.map((q) => q.data?.selectedVariant?.id)).toEqual(['v-S', 'v-L']);
      expect(platform.received.filter((r) => r.path.endsWith('Availability'))).toHaveLength(2);
    });

    it('useVariants reads each variant query on its own', async () => {
      const platform = fakePlatform({
        'POST /stores-reader/v1/products/p1/variants/query': (request) => {
          const { choices } = request.body as { choices: { Size: string } };
          return json({ variants: [{ id: `v-${choices.Size}` }], totalResults: 1 });
        },
      });
      const { result } = renderHook(
        () => [
          useVariants('p1', { choices: { Size: 'S' } }),
          useVariants('p1', { choices: { Size: 'L' } }),
        ],
        { wrapper: wrapperFor(testClient(platform.fetch)) },
      );
      await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
      expect(result.current.map((q) => q.data?.variants[0]?.id)).toEqual(['v-S', 'v-L']);
      expect(platform.received.filter((r) => r.path.endsWith('/variants/query'))).toHaveLength(2);
    });

    it('useCollection reads a collection by id and one by slug apart, even with the same text', async () => {
      const platform = fakePlatform({
        'GET /v2/collections/shirts': () => json({ collection: { id: 'shirts', name: 'By id' } }),
        'GET /v2/collections/slug/shirts': () =>
          json({ collection: { id: 'c9', slug: 'shirts', name: 'By slug' } }),
      });
      const { result } = renderHook(
        () => [useCollection({ id: 'shirts' }), useCollection({ slug: 'shirts' })],
        { wrapper: wrapperFor(testClient(platform.fetch)) },
      );
      await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
      expect(result.current.map((q) => q.data?.name)).toEqual(['By id', 'By slug']);
      expect(platform.received.map((r) => r.path).filter((path) => path.startsWith('/v2'))).toEqual(
        ['/v2/collections/shirts', '/v2/collections/slug/shirts'],
      );
    });
  });

  describe('useProductOptionsAvailability and useVariants', () => {
    it('post the chosen options and the variant query', async () => {
      const platform = fakePlatform({
        'POST /stores-reader/v1/products/p1/productOptionsAvailability': (request) =>
          json({
            selectedVariant: { variantId: 'v-l' },
            availableForPurchase: true,
            echo: request.body,
          }),
        'POST /stores-reader/v1/products/p1/variants/query': () =>
          json({ variants: [{ id: 'v-l' }], totalResults: 1 }),
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(
        () =>
          [
            useProductOptionsAvailability('p1', { Size: 'L' }),
            useVariants('p1', { choices: { Size: 'L' } }),
          ] as const,
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
      expect(result.current[0].data).toMatchObject({
        availableForPurchase: true,
        echo: { options: { Size: 'L' } },
      });
      expect(result.current[1].data).toMatchObject({ variants: [{ id: 'v-l' }] });
      const variantsRequest = platform.received.find((r) => r.path.endsWith('/variants/query'));
      expect(variantsRequest?.body).toMatchObject({ choices: { Size: 'L' } });
    });
  });

  describe('useProduct', () => {
    it('waits for an id, then reads the product', async () => {
      const platform = fakePlatform({
        'GET /stores-reader/v1/products/p1': () => json({ product: { id: 'p1', name: 'Shirt' } }),
      });
      const client = testClient(platform.fetch);
      const { result, rerender } = renderHook(
        ({ id }: { id: string | undefined }) => useProduct(id),
        {
          wrapper: wrapperFor(client),
          initialProps: { id: undefined as string | undefined },
        },
      );
      expect(result.current.fetchStatus).toBe('idle');
      expect(platform.received).toHaveLength(0);
      rerender({ id: 'p1' });
      await waitFor(() => expect(result.current.data).toEqual({ id: 'p1', name: 'Shirt' }));
    });
  });

  describe('useCollections and useCollection', () => {
    it('read a page of collections and one by slug', async () => {
      const platform = fakePlatform({
        'GET /v2/collections/query': () =>
          json({
            collections: [{ id: 'c1', slug: 'shirts' }],
            metadata: { count: 1, offset: 0, total: 1 },
          }),
        'GET /v2/collections/slug/shirts': () => json({ collection: { id: 'c1', slug: 'shirts' } }),
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(
        () => [useCollections(), useCollection({ slug: 'shirts' })] as const,
        {
          wrapper: wrapperFor(client),
        },
      );
      await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
      expect(result.current[0].data?.items).toEqual([{ id: 'c1', slug: 'shirts' }]);
      expect(result.current[0].data?.hasNext()).toBe(false);
      expect(result.current[1].data).toEqual({ id: 'c1', slug: 'shirts' });
    });
  });
});

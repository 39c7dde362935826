import {
  QueryClient,
  QueryClientProvider,
  dehydrate,
  hydrate,
  keepPreviousData,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  StoreApiError,
  StoreClientError,
  createStoreClient,
  memoryStorage,
  type OptionSelection,
  type StorefrontProduct,
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
import {
  infiniteProductsQueryOptions,
  productOptionsAvailabilityQueryOptions,
  productQueryOptions,
  productsQueryOptions,
  toCatalogPage,
} from '../catalog/query-options.js';
import { useStoreClient } from '../context.js';
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
} from './helpers.js';
import {
  COLLECTION_QUERY,
  PRODUCT_QUERY,
  pagingOf,
  productPages as pageOf,
  queryAnswer,
  shownCategory,
  shownDetail,
  shownProduct,
  shownTee,
  shownTeeVariant,
  wireCollection,
  wireProduct,
  wireTee,
} from './storefront-wire.js';

const reads = (platform: ReturnType<typeof fakePlatform>, path: string) =>
  platform.received.filter((r) => `${r.method} ${r.path}` === path).length;

/** A platform with `total` products. */
const productPages = (total: number) => fakePlatform({ [PRODUCT_QUERY]: pageOf(total) });

/** The offsets the product queries asked for, in order. */
const offsetsAsked = (platform: ReturnType<typeof fakePlatform>) =>
  platform.received
    .filter((r) => `${r.method} ${r.path}` === PRODUCT_QUERY)
    .map((r) => pagingOf(r).offset);

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
      const platform = fakePlatform({ [PRODUCT_QUERY]: () => json({ message: 'busy' }, 503) });
      // The SDK's own policy: 2 retries of idempotent calls, with its backoff.
      const client = createStoreClient({
        clientId: 'sdk-retries',
        baseUrl: 'http://127.0.0.1:4999',
        fetch: platform.fetch,
        storage: memoryStorage(),
        tabSync: false,
        retry: 2,
        catalog: 'v1',
      });
      const { result } = renderHook(() => useProducts(), { wrapper: appWrapperFor(client) });
      await settle();
      expect(result.current.status).toBe('pending');
      expect(reads(platform, PRODUCT_QUERY)).toBe(1);
      // The SDK's backoff runs its course; the error shows as soon as the SDK gives up.
      let waited = 0;
      while (waited < 5_000 && result.current.status === 'pending') {
        await advance(50);
        waited += 50;
      }
      expect(result.current.status).toBe('error');
      expect(result.current.error).toMatchObject({ status: 503 });
      expect(reads(platform, PRODUCT_QUERY)).toBe(3);
      await advance(60_000);
      expect(reads(platform, PRODUCT_QUERY)).toBe(3);
    });

    it('a hook may still ask TanStack to retry', async () => {
      fakeClock();
      let calls = 0;
      const platform = fakePlatform({
        'GET /stores-reader/v1/products/p1': () =>
          ++calls === 1 ? json({ message: 'down' }, 500) : json({ product: wireProduct('p1') }),
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
      expect(result.current.data).toEqual(shownDetail('p1'));
      expect(calls).toBe(2);
    });
  });

  describe('useProducts', () => {
    it('goes loading → data, rendering each state once', async () => {
      const answer = deferred<Response>();
      const platform = fakePlatform({ [PRODUCT_QUERY]: () => answer.promise });
      const client = testClient(platform.fetch);
      const renders: unknown[] = [];
      const { result } = renderHook(
        () => {
          const { status, data, error, isFetching } = useProducts({ limit: 2 });
          renders.push({ status, data: readData(data), error, isFetching });
          return status;
        },
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(reads(platform, PRODUCT_QUERY)).toBe(1));
      answer.resolve(queryAnswer('products', [wireProduct('p1'), wireProduct('p2')], 0, 5));
      await waitFor(() => expect(result.current).toBe('success'));
      expect(renders).toEqual([
        { status: 'pending', data: undefined, error: null, isFetching: true },
        {
          status: 'success',
          data: {
            items: [shownProduct('p1'), shownProduct('p2')],
            nextCursor: '2',
            totalCount: 5,
            hasNext: true,
          },
          error: null,
          isFetching: false,
        },
      ]);
    });

    it("sends the query's text, category, sort and limit as the store's query", async () => {
      const platform = productPages(3);
      const { result } = renderHook(
        () => useProducts({ text: ' shirt ', categoryId: 'c1', sort: 'price-asc', limit: 3 }),
        { wrapper: wrapperFor(testClient(platform.fetch)) },
      );
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(platform.received.at(-1)?.body).toEqual({
        query: {
          filter: { name: { $contains: 'shirt' }, 'collections.id': { $hasSome: ['c1'] } },
          sort: [{ fieldName: 'price', order: 'ASC' }],
          paging: { limit: 3, offset: 0 },
        },
      });
    });

    it('goes loading → error with the SDK typed error', async () => {
      const platform = fakePlatform({
        [PRODUCT_QUERY]: () => json({ message: 'Forbidden here' }, 403),
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
      const platform = fakePlatform({ [PRODUCT_QUERY]: () => queryAnswer('products', []) });
      const client = testClient(platform.fetch);
      const wrapper = wrapperFor(client);
      const { result } = renderHook(() => [useProducts({ limit: 3 }), useProducts({ limit: 3 })], {
        wrapper,
      });
      await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
      expect(reads(platform, PRODUCT_QUERY)).toBe(1);
    });
  });

  describe('pages: hasNext() from nextCursor, plain data in the cache', () => {
    it('answers hasNext() by the nextCursor the SDK gives, on the first, middle and last page', async () => {
      const platform = productPages(5);
      const client = testClient(platform.fetch);
      const { result } = renderHook(
        () => [undefined, '2', '4'].map((cursor) => useProducts({ limit: 2, cursor })),
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
      expect(result.current.map((q) => q.data?.nextCursor)).toEqual(['2', '4', null]);
      expect(result.current.map((q) => q.data?.hasNext())).toEqual([true, true, false]);
      const sdkPage = await client.storefront.products({ limit: 2, cursor: '4' });
      expect(sdkPage.nextCursor).toBeNull();
      // The method can be passed around.
      const { hasNext } = result.current[0]!.data!;
      expect(hasNext()).toBe(true);
    });

    it('keeps the plain storefront page in the cache, which survives dehydration and hydration', async () => {
      const platform = productPages(3);
      const client = testClient(platform.fetch);
      const server = new QueryClient();
      await server.prefetchQuery(productsQueryOptions(client, { limit: 2 }));
      const cached = server.getQueryData(productsQueryOptions(client, { limit: 2 }).queryKey);
      expect(cached).toEqual({
        items: [shownProduct('p0'), shownProduct('p1')],
        nextCursor: '2',
        totalCount: 3,
      });
      // Nothing but JSON: it crosses the network as it is.
      expect(JSON.parse(JSON.stringify(cached))).toEqual(cached);

      const browser = new QueryClient();
      hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
      const { result } = renderHook(() => useProducts({ limit: 2 }), {
        wrapper: wrapperFor(client, browser),
      });
      expect(result.current.status).toBe('success');
      expect(result.current.data?.hasNext()).toBe(true);
      expect(result.current.data?.items).toHaveLength(2);
      expect(toCatalogPage(cached!).hasNext()).toBe(true);
      expect(reads(platform, PRODUCT_QUERY)).toBe(1);
    });

    it('hands out the same page object while the data is the same (refetches included)', async () => {
      const platform = productPages(3);
      const client = testClient(platform.fetch);
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const seen: unknown[] = [];
      const { result, rerender } = renderHook(
        () => {
          const query = useProducts({ limit: 2 });
          seen.push(query.data);
          return query;
        },
        { wrapper: wrapperFor(client, queryClient) },
      );
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      const first = result.current.data;
      rerender();
      await act(() => result.current.refetch());
      expect(reads(platform, PRODUCT_QUERY)).toBe(2);
      expect(result.current.data).toBe(first);
      expect(new Set(seen.filter(Boolean)).size).toBe(1);
    });

    it('gives every page of an infinite query hasNext(), and keeps earlier pages as they were', async () => {
      const platform = productPages(5);
      const client = testClient(platform.fetch);
      const { result } = renderHook(() => useInfiniteProducts({ limit: 2 }), {
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
    it('walks the cursors to the end: each page read with the last nextCursor, none after the last', async () => {
      const platform = productPages(5);
      const client = testClient(platform.fetch);
      const { result } = renderHook(() => useInfiniteProducts({ limit: 2 }), {
        wrapper: wrapperFor(client),
      });
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      while (result.current.hasNextPage) {
        await act(() => result.current.fetchNextPage());
      }
      expect(result.current.data?.pages.map((page) => page.items.map((p) => p.id))).toEqual([
        ['p0', 'p1'],
        ['p2', 'p3'],
        ['p4'],
      ]);
      expect(result.current.data?.pages.map((page) => page.nextCursor)).toEqual(['2', '4', null]);
      // The page params are the cursors: none for the first page, then each page's nextCursor.
      expect(result.current.data?.pageParams).toEqual([null, '2', '4']);
      expect(offsetsAsked(platform)).toEqual([0, 2, 4]);
      // On the last page, asking for more asks nothing.
      await act(() => result.current.fetchNextPage());
      expect(reads(platform, PRODUCT_QUERY)).toBe(3);
    });

    // A server may send fewer items than asked (a cap on its page size) and still have more: the
    // next page starts after the items received, not after the size asked for.
    it('reads on from the items received when the server caps the page size', async () => {
      const platform = fakePlatform({
        [PRODUCT_QUERY]: (request) => {
          const { offset } = pagingOf(request);
          const count = Math.max(0, Math.min(4, 10 - offset));
          const products = Array.from({ length: count }, (_, i) => wireProduct(`p${offset + i}`));
          return queryAnswer('products', products, offset, 10);
        },
      });
      const { result } = renderHook(() => useInfiniteProducts({ limit: 6 }), {
        wrapper: wrapperFor(testClient(platform.fetch)),
      });
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      while (result.current.hasNextPage) {
        await act(() => result.current.fetchNextPage());
      }
      const ids = result.current.data!.pages.flatMap((page) => page.items.map((p) => p.id));
      expect(ids).toEqual(Array.from({ length: 10 }, (_, i) => `p${i}`));
      expect(result.current.data!.pageParams).toEqual([null, '4', '8']);
    });

    it("starts from the query's own cursor", async () => {
      const platform = productPages(5);
      const { result } = renderHook(() => useInfiniteProducts({ limit: 2, cursor: '2' }), {
        wrapper: wrapperFor(testClient(platform.fetch)),
      });
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.data?.pageParams).toEqual(['2']);
      await act(() => result.current.fetchNextPage());
      await waitFor(() => expect(result.current.data?.pageParams).toEqual(['2', '4']));
      expect(offsetsAsked(platform)).toEqual([2, 4]);
    });

    it('reads on after hydration from the pages the server dehydrated', async () => {
      const platform = productPages(5);
      const client = testClient(platform.fetch);
      const server = new QueryClient();
      await server.prefetchInfiniteQuery(infiniteProductsQueryOptions(client, { limit: 2 }));
      const browser = new QueryClient();
      hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
      const { result } = renderHook(() => useInfiniteProducts({ limit: 2 }), {
        wrapper: wrapperFor(client, browser),
      });
      expect(result.current.data?.pageParams).toEqual([null]);
      expect(result.current.hasNextPage).toBe(true);
      await act(() => result.current.fetchNextPage());
      await waitFor(() => expect(result.current.data?.pageParams).toEqual([null, '2']));
      expect(offsetsAsked(platform)).toEqual([0, 2]);
    });
  });

  describe("TanStack's query options", () => {
    it('select reshapes data, receiving what the hook would return', async () => {
      const platform = fakePlatform({
        [PRODUCT_QUERY]: pageOf(3),
        'GET /stores-reader/v1/products/p1': () =>
          json({ product: wireProduct('p1', 'Shirt', 12) }),
        'GET /stores-reader/v1/products/tee': () => json({ product: wireTee() }),
        [COLLECTION_QUERY]: () => queryAnswer('collections', [wireCollection('c1')]),
        'GET /v2/collections/c1': () => json({ collection: wireCollection('c1') }),
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(
        () => ({
          names: useProducts(
            { limit: 2 },
            { select: (page) => ({ names: page.items.map((p) => p.name), more: page.hasNext() }) },
          ),
          infinite: useInfiniteProducts(
            { limit: 2 },
            { select: (data) => data.pages.map((page) => page.hasNext()) },
          ),
          price: useProduct('p1', { select: (product) => product?.price.min }),
          buyable: useProductOptionsAvailability(
            'tee',
            { Size: 'XL', Color: 'Black' },
            { select: (answer) => answer.availableForPurchase },
          ),
          variantIds: useVariants('tee', {}, { select: (variants) => variants.map((v) => v.id) }),
          collectionSlugs: useCollections({}, { select: (page) => page.items.map((c) => c.slug) }),
          collectionSlug: useCollection({ id: 'c1' }, { select: (c) => c?.slug }),
        }),
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() =>
        expect(Object.values(result.current).every((query) => query.isSuccess)).toBe(true),
      );
      expect(
        Object.fromEntries(Object.entries(result.current).map(([name, q]) => [name, q.data])),
      ).toEqual({
        names: { names: ['Product p0', 'Product p1'], more: true },
        infinite: [true],
        price: 12,
        buyable: false,
        variantIds: ['M-Black', 'M-White', 'XL-Black', 'XL-White'],
        collectionSlugs: ['slug-c1'],
        collectionSlug: 'slug-c1',
      });
    });

    it('a stable select runs once per data, not once per render', async () => {
      const platform = productPages(3);
      const client = testClient(platform.fetch);
      const select = vi.fn((page: { items: readonly StorefrontProduct[] }) => page.items.length);
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
      await waitFor(() => expect(reads(platform, PRODUCT_QUERY)).toBe(2));
      stale.unmount();
    });

    it('enabled: false holds the query; a function decides from the query', async () => {
      const platform = fakePlatform({
        [PRODUCT_QUERY]: pageOf(3),
        'GET /stores-reader/v1/products/p1': () => json({ product: wireProduct('p1') }),
      });
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
      await waitFor(() => expect(result.current.product.data).toEqual(shownDetail('p1')));
    });

    it('an enabled option never starts a hook that waits for its product or collection', () => {
      const platform = fakePlatform();
      const client = testClient(platform.fetch);
      const { result } = renderHook(
        () => [
          useProduct(undefined, { enabled: true }),
          useProduct('', { enabled: true }),
          useProduct({ slug: '' }, { enabled: true }),
          useProductOptionsAvailability('', { Size: 'L' }, { enabled: () => true }),
          useVariants(undefined, {}, { enabled: true }),
          useCollection({ slug: '' }, { enabled: true }),
          useCollection(undefined, { enabled: true }),
        ],
        { wrapper: wrapperFor(client) },
      );
      expect(result.current.map((q) => q.fetchStatus)).toEqual(Array(7).fill('idle'));
      expect(platform.received).toEqual([]);
    });

    it('placeholderData: keepPreviousData shows the last page while the next one loads', async () => {
      const answers: ReturnType<typeof deferred<Response>>[] = [];
      const platform = fakePlatform({
        [PRODUCT_QUERY]: () => {
          const answer = deferred<Response>();
          answers.push(answer);
          return answer.promise;
        },
      });
      const client = testClient(platform.fetch);
      const renders: unknown[] = [];
      const { result, rerender } = renderHook(
        ({ cursor }: { cursor: string | undefined }) => {
          const { status, data, isPlaceholderData } = useProducts(
            { limit: 1, cursor },
            { placeholderData: keepPreviousData },
          );
          const entry = { status, ids: data?.items.map((p) => p.id), isPlaceholderData };
          renders.push(entry);
          return entry;
        },
        { wrapper: wrapperFor(client), initialProps: { cursor: undefined as string | undefined } },
      );
      await waitFor(() => expect(answers).toHaveLength(1));
      answers[0]!.resolve(queryAnswer('products', [wireProduct('p0')], 0, 2));
      await waitFor(() => expect(result.current.status).toBe('success'));
      rerender({ cursor: '1' });
      await waitFor(() => expect(answers).toHaveLength(2));
      expect(result.current).toEqual({ status: 'success', ids: ['p0'], isPlaceholderData: true });
      answers[1]!.resolve(queryAnswer('products', [wireProduct('p1')], 1, 2));
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
      expect(reads(platform, PRODUCT_QUERY)).toBe(1);
      await advance(9_900);
      expect(reads(platform, PRODUCT_QUERY)).toBe(1);
      await advance(100);
      await settle();
      expect(reads(platform, PRODUCT_QUERY)).toBe(2);
      await advance(10_000);
      await settle();
      expect(reads(platform, PRODUCT_QUERY)).toBe(3);
    });

    it('throwOnError sends the SDK error to the nearest error boundary', async () => {
      const platform = fakePlatform({ [PRODUCT_QUERY]: () => json({ message: 'down' }, 500) });
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

  describe('Suspense, through the query options', () => {
    it('suspends until the product (by slug) and a page of products are there, one request each', async () => {
      const platform = fakePlatform({
        [PRODUCT_QUERY]: (request) =>
          (request.body as { query: { filter?: unknown } }).query.filter
            ? queryAnswer('products', [wireTee()])
            : pageOf(5)(request),
      });
      const client = testClient(platform.fetch);
      function Page() {
        const store = useStoreClient();
        const { data: product } = useSuspenseQuery(productQueryOptions(store, { slug: 'tee' }));
        const { data: availability } = useSuspenseQuery(
          productOptionsAvailabilityQueryOptions(
            store,
            { slug: 'tee' },
            { Size: 'M', Color: 'White' },
          ),
        );
        const { data: more } = useSuspenseInfiniteQuery(
          infiniteProductsQueryOptions(store, { limit: 2 }),
        );
        return (
          <p data-testid="page">
            {product?.name}: {availability.variant?.id} {String(availability.availableForPurchase)};{' '}
            {more.pages[0]!.items.map((p) => p.id).join(',')} {String(more.pages[0]!.hasNext())}
          </p>
        );
      }
      render(
        <StoreProvider client={client}>
          <Suspense fallback={<p>loading</p>}>
            <Page />
          </Suspense>
        </StoreProvider>,
      );
      expect(screen.getByText('loading')).toBeTruthy();
      expect((await screen.findByTestId('page')).textContent).toBe('Tee: M-White true; p0,p1 true');
      // The product and its availability are one query: one read by slug, one page of products.
      expect(reads(platform, PRODUCT_QUERY)).toBe(2);
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

    it('useProduct keys a product by { id } however the id is given, and a slug apart', async () => {
      const platform = fakePlatform({
        'GET /stores-reader/v1/products/p1': () => json({ product: wireProduct('p1', 'By id') }),
        [PRODUCT_QUERY]: () => queryAnswer('products', [wireProduct('p1', 'By slug')]),
      });
      const client = testClient(platform.fetch);
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const { result } = renderHook(
        () => [useProduct('p1'), useProduct({ id: 'p1' }), useProduct({ slug: 'p1' })],
        { wrapper: wrapperFor(client, queryClient) },
      );
      await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
      expect(result.current.map((q) => q.data?.name)).toEqual(['By id', 'By id', 'By slug']);
      expect(reads(platform, 'GET /stores-reader/v1/products/p1')).toBe(1);
      expect(reads(platform, PRODUCT_QUERY)).toBe(1);
      expect(
        queryClient.getQueryData(storeQueryKeys.product(client.clientId, { id: 'p1' })),
      ).toEqual(shownDetail('p1', 'By id'));
      expect(productQueryOptions(client, 'p1').queryKey).toEqual(
        storeQueryKeys.product(client.clientId, { id: 'p1' }),
      );
    });
  });

  describe('one product query, read three ways', () => {
    it('useProduct, useProductOptionsAvailability and useVariants share one request and one cache entry', async () => {
      const platform = fakePlatform({
        'GET /stores-reader/v1/products/tee': () => json({ product: wireTee() }),
      });
      const client = testClient(platform.fetch);
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const { result } = renderHook(
        () => ({
          product: useProduct('tee'),
          availability: useProductOptionsAvailability(
            { id: 'tee' },
            { Size: 'XL', Color: 'White' },
          ),
          variants: useVariants('tee', { choices: { Color: 'Black' } }),
        }),
        { wrapper: wrapperFor(client, queryClient) },
      );
      await waitFor(() =>
        expect(Object.values(result.current).every((query) => query.isSuccess)).toBe(true),
      );
      expect(result.current.product.data).toEqual(shownTee());
      expect(result.current.availability.data).toEqual({
        variant: shownTeeVariant('XL', 'White'),
        availableForPurchase: true,
      });
      expect(result.current.variants.data).toEqual([
        shownTeeVariant('M', 'Black'),
        shownTeeVariant('XL', 'Black'),
      ]);
      expect(platform.received.filter((r) => r.path !== '/oauth2/token')).toHaveLength(1);
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.queryKey),
      ).toEqual([storeQueryKeys.product(client.clientId, { id: 'tee' })]);
    });

    it('useProductOptionsAvailability: a variant once every option is chosen, bought when in stock', async () => {
      const SIZE_XL: OptionSelection = { Size: 'XL' };
      const platform = fakePlatform({
        'GET /stores-reader/v1/products/tee': () => json({ product: wireTee() }),
      });
      const { result, rerender } = renderHook(
        ({ choices }: { choices: OptionSelection }) =>
          useProductOptionsAvailability('tee', choices),
        {
          wrapper: wrapperFor(testClient(platform.fetch)),
          initialProps: { choices: SIZE_XL },
        },
      );
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.data).toEqual({ variant: undefined, availableForPurchase: false });
      rerender({ choices: { Size: 'XL', Color: 'Black' } });
      expect(result.current.data).toEqual({
        variant: shownTeeVariant('XL', 'Black'),
        availableForPurchase: false,
      });
      rerender({ choices: { Size: 'M', Color: 'Black' } });
      expect(result.current.data).toEqual({
        variant: shownTeeVariant('M', 'Black'),
        availableForPurchase: true,
      });
      expect(reads(platform, 'GET /stores-reader/v1/products/tee')).toBe(1);
    });

    it('derive again only when the choices change, not for a new object of the same choices', async () => {
      const platform = fakePlatform({
        'GET /stores-reader/v1/products/tee': () => json({ product: wireTee() }),
      });
      const select = vi.fn((answer: { availableForPurchase: boolean }) => answer);
      const variantsSelect = vi.fn((variants: readonly unknown[]) => variants);
      const { result, rerender } = renderHook(
        ({ size, flip }: { size: string; flip: boolean }) => ({
          availability: useProductOptionsAvailability(
            'tee',
            flip ? { Color: 'White', Size: size } : { Size: size, Color: 'White' },
            { select },
          ),
          variants: useVariants('tee', { choices: { Size: size } }, { select: variantsSelect }),
        }),
        {
          wrapper: wrapperFor(testClient(platform.fetch)),
          initialProps: { size: 'M', flip: false },
        },
      );
      await waitFor(() => expect(result.current.availability.isSuccess).toBe(true));
      await waitFor(() => expect(result.current.variants.isSuccess).toBe(true));
      const first = result.current;
      // New objects of the same choices (in another order too): nothing is derived again.
      rerender({ size: 'M', flip: false });
      rerender({ size: 'M', flip: true });
      expect(select).toHaveBeenCalledTimes(1);
      expect(variantsSelect).toHaveBeenCalledTimes(1);
      expect(result.current.availability.data).toBe(first.availability.data);
      expect(result.current.variants.data).toBe(first.variants.data);
      rerender({ size: 'XL', flip: false });
      expect(select).toHaveBeenCalledTimes(2);
      expect(result.current.availability.data).toEqual({
        variant: shownTeeVariant('XL', 'White'),
        availableForPurchase: true,
      });
      expect(result.current.variants.data).toEqual([
        shownTeeVariant('XL', 'Black'),
        shownTeeVariant('XL', 'White'),
      ]);
    });

    it('a product that is not there: null, no variant, no variants', async () => {
      const platform = fakePlatform({
        'GET /stores-reader/v1/products/gone': () =>
          json({ message: 'Product not found', details: {} }, 404),
      });
      const { result } = renderHook(
        () => ({
          product: useProduct('gone'),
          availability: useProductOptionsAvailability('gone', { Size: 'L' }),
          variants: useVariants('gone'),
        }),
        { wrapper: wrapperFor(testClient(platform.fetch)) },
      );
      await waitFor(() =>
        expect(Object.values(result.current).every((query) => query.isSuccess)).toBe(true),
      );
      expect(result.current.product.data).toBeNull();
      expect(result.current.availability.data).toEqual({
        variant: undefined,
        availableForPurchase: false,
      });
      expect(result.current.variants.data).toEqual([]);
    });
  });

  describe('useProduct', () => {
    it('waits for an id, then reads the product', async () => {
      const platform = fakePlatform({
        'GET /stores-reader/v1/products/p1': () => json({ product: wireProduct('p1', 'Shirt') }),
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
      await waitFor(() => expect(result.current.data).toEqual(shownDetail('p1', 'Shirt')));
    });

    it('reads a product by slug', async () => {
      const platform = fakePlatform({
        [PRODUCT_QUERY]: () => queryAnswer('products', [wireTee()]),
      });
      const { result } = renderHook(() => useProduct({ slug: 'tee' }), {
        wrapper: wrapperFor(testClient(platform.fetch)),
      });
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.data).toEqual(shownTee());
      expect(platform.received.at(-1)?.body).toEqual({
        query: { filter: { slug: 'tee' }, paging: { limit: 1, offset: 0 } },
      });
    });

    it('answers null for a slug no product has, as a success', async () => {
      const platform = fakePlatform({ [PRODUCT_QUERY]: () => queryAnswer('products', []) });
      const renders: unknown[] = [];
      const { result } = renderHook(
        () => {
          const { status, data, error } = useProduct({ slug: 'no-such-product' });
          renders.push({ status, data, error });
          return status;
        },
        { wrapper: wrapperFor(testClient(platform.fetch)) },
      );
      await waitFor(() => expect(result.current).toBe('success'));
      expect(renders).toEqual([
        { status: 'pending', data: undefined, error: null },
        { status: 'success', data: null, error: null },
      ]);
    });
  });

  describe('useCollections and useCollection', () => {
    it('read a page of categories and one by slug; a slug of none is null', async () => {
      const platform = fakePlatform({
        [COLLECTION_QUERY]: () => queryAnswer('collections', [wireCollection('c1', 'Shirts')]),
        'GET /v2/collections/slug/slug-c1': () =>
          json({ collection: wireCollection('c1', 'Shirts') }),
        'GET /v2/collections/slug/none': () => json({ message: 'Not found' }, 404),
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(
        () =>
          [
            useCollections({ limit: 10 }),
            useCollection({ slug: 'slug-c1' }),
            useCollection({ slug: 'none' }),
          ] as const,
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
      expect(readData(result.current[0].data)).toEqual({
        items: [shownCategory('c1', 'Shirts')],
        nextCursor: null,
        totalCount: 1,
        hasNext: false,
      });
      expect(result.current[1].data).toEqual(shownCategory('c1', 'Shirts'));
      expect(result.current[2].data).toBeNull();
    });

    it('useCollection reads a collection by id and one by slug apart, even with the same text', async () => {
      const platform = fakePlatform({
        'GET /v2/collections/shirts': () => json({ collection: wireCollection('shirts', 'By id') }),
        'GET /v2/collections/slug/shirts': () =>
          json({ collection: wireCollection('c9', 'By slug') }),
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

  describe("catalog: 'auto'", () => {
    const VERSION = 'GET /stores/v3/provision/version';
    // The SDK keeps a store's catalog for the process, by API origin and client id: each test
    // names a store of its own.
    const autoClient = (fetch: typeof globalThis.fetch, clientId: string) =>
      createStoreClient({
        clientId,
        baseUrl: 'http://127.0.0.1:4999',
        fetch,
        storage: memoryStorage(),
        tabSync: false,
        retry: 0,
      });

    it("every hook of a store's clients shares one read of the store's catalog version", async () => {
      const platform = fakePlatform({
        [VERSION]: () => json({ catalogVersion: 'V1_CATALOG' }),
        [PRODUCT_QUERY]: pageOf(3),
        'GET /stores-reader/v1/products/tee': () => json({ product: wireTee() }),
        [COLLECTION_QUERY]: () => queryAnswer('collections', [wireCollection('c1')]),
        'GET /v2/collections/c1': () => json({ collection: wireCollection('c1') }),
      });
      const client = autoClient(platform.fetch, 'auto-shop');
      const { result } = renderHook(
        () => [
          useProducts({ limit: 2 }),
          useInfiniteProducts({ limit: 3 }),
          useProduct('tee'),
          useProductOptionsAvailability('tee', { Size: 'M', Color: 'Black' }),
          useVariants('tee'),
          useCollections(),
          useCollection({ id: 'c1' }),
        ],
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
      expect(reads(platform, VERSION)).toBe(1);
      const paths = platform.received
        .filter((r) => r.path !== '/oauth2/token')
        .map((r) => `${r.method} ${r.path}`);
      // The version first, then each read once (the product's three hooks share one request).
      expect(paths[0]).toBe(VERSION);
      expect(paths.slice(1).sort()).toEqual(
        [
          PRODUCT_QUERY,
          PRODUCT_QUERY,
          'GET /stores-reader/v1/products/tee',
          COLLECTION_QUERY,
          'GET /v2/collections/c1',
        ].sort(),
      );
      expect(readData(result.current[0]!.data)).toMatchObject({ hasNext: true });

      // Another client of the same store (a server's next request) asks no more.
      const next = renderHook(() => useProducts({ limit: 1 }), {
        wrapper: wrapperFor(autoClient(platform.fetch, 'auto-shop')),
      });
      await waitFor(() => expect(next.result.current.isSuccess).toBe(true));
      expect(reads(platform, VERSION)).toBe(1);
    });

    it('a store without the Stores app shows the typed error in each hook, after one version read', async () => {
      const platform = fakePlatform({
        [VERSION]: () => json({ catalogVersion: 'STORES_NOT_INSTALLED' }),
      });
      const client = autoClient(platform.fetch, 'no-stores-app');
      const { result } = renderHook(() => [useProducts(), useProduct({ slug: 'tee' })], {
        wrapper: wrapperFor(client),
      });
      await waitFor(() => expect(result.current.every((q) => q.isError)).toBe(true));
      for (const query of result.current) {
        expect(query.error).toMatchObject({ name: 'CatalogVersionError', storeCatalog: 'none' });
      }
      // The two hooks asked at once, and shared the one read; nothing else was sent.
      expect(
        platform.received.filter((r) => r.path !== '/oauth2/token').map((r) => r.path),
      ).toEqual(['/stores/v3/provision/version']);
    });
  });
});

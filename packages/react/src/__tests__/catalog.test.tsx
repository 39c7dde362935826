import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StoreClientError } from '@vitrine/sdk';
import {
  useCollection,
  useCollections,
  useInfiniteProducts,
  useProduct,
  useProductOptionsAvailability,
  useProducts,
  useVariants,
} from '../catalog/hooks.js';
import { deferred, fakePlatform, json, testClient, wrapperFor } from './helpers.js';

const QUERY_PATH = 'GET /stores-reader/v1/products/query-platformized';

describe('catalog hooks', () => {
  describe('useProducts', () => {
    it('goes loading → data, rendering each state once', async () => {
      const answer = deferred<Response>();
      const platform = fakePlatform({ [QUERY_PATH]: () => answer.promise });
      const client = testClient(platform.fetch);
      const renders: unknown[] = [];
      const { result } = renderHook(
        () => {
          const { status, data, error, isFetching } = useProducts({ paging: { limit: 2 } });
          renders.push({ status, data, error, isFetching });
          return status;
        },
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() =>
        expect(platform.received.some((r) => r.path.endsWith('query-platformized'))).toBe(true),
      );
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
      expect(platform.received.filter((r) => r.path.endsWith('query-platformized'))).toHaveLength(
        1,
      );
    });
  });

  describe('useInfiniteProducts', () => {
    it('walks the pages by offset and stops on the last', async () => {
      const all = Array.from({ length: 5 }, (_, i) => ({ id: `p${i}` }));
      const offsets: number[] = [];
      const platform = fakePlatform({
        [QUERY_PATH]: (request) => {
          void request;
          const offset = offsets.length * 2;
          offsets.push(offset);
          return json({
            products: all.slice(offset, offset + 2),
            metadata: { count: 2, offset, total: all.length },
          });
        },
      });
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
      expect(result.current[1].data).toEqual({ id: 'c1', slug: 'shirts' });
    });
  });
});

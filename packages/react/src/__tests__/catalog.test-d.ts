import {
  QueryClient,
  keepPreviousData,
  useQuery,
  useSuspenseQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  Collection,
  Product,
  ProductOptionsAvailability,
  ProductVariantsResult,
  StoreClient,
  VitrineError,
} from '@vitrine/sdk';
import {
  type CatalogHookOptions,
  useCollection,
  useCollections,
  useInfiniteProducts,
  useProduct,
  useProductOptionsAvailability,
  useProducts,
  useVariants,
} from '../catalog/hooks.js';
import {
  infiniteProductsQueryOptions,
  productsQueryOptions,
  toCatalogPage,
  type CatalogPage,
  type CatalogPageData,
} from '../catalog/query-options.js';

// Type tests (checked by `tsc` and by vitest's typecheck mode, never run): the catalog hooks
// take TanStack's query options, and `select` decides the type of `data`.

declare const store: StoreClient;

describe('catalog hook types', () => {
  describe('useProducts', () => {
    it('returns CatalogPage data with hasNext() as a method, and typed errors', () => {
      const result = useProducts({ paging: { limit: 12 } });
      expectTypeOf(result.data).toEqualTypeOf<CatalogPage<Product> | undefined>();
      expectTypeOf<CatalogPage<Product>['hasNext']>().toEqualTypeOf<() => boolean>();
      expectTypeOf(result.error).toEqualTypeOf<VitrineError | null>();
    });

    it('types data by select, which receives the page with hasNext()', () => {
      const count = useProducts(
        {},
        {
          select: (page) => {
            expectTypeOf(page).toEqualTypeOf<CatalogPage<Product>>();
            return page.hasNext() ? page.items.length : 0;
          },
        },
      );
      expectTypeOf(count.data).toEqualTypeOf<number | undefined>();
      const names = useProducts({}, { select: (page) => page.items.map((p) => p.name) });
      expectTypeOf(names.data).toEqualTypeOf<(string | undefined)[] | undefined>();
    });

    it("accepts TanStack's query options", () => {
      useProducts(
        {},
        {
          staleTime: 60_000,
          gcTime: 0,
          enabled: (query) => query.state.dataUpdatedAt === 0,
          placeholderData: keepPreviousData,
          refetchInterval: 5_000,
          refetchOnWindowFocus: false,
          throwOnError: true,
          retry: 1,
          meta: { screen: 'home' },
          notifyOnChangeProps: ['data'],
        },
      );
      // placeholderData and initialData are in the cached (plain) form.
      useProducts(
        {},
        {
          placeholderData: (previous) => {
            expectTypeOf(previous).toEqualTypeOf<CatalogPageData<Product> | undefined>();
            return previous;
          },
        },
      );
    });

    it('still takes the { enabled } it always took', () => {
      const old: CatalogHookOptions = { enabled: false };
      expectTypeOf(useProducts({}, old).data).toEqualTypeOf<CatalogPage<Product> | undefined>();
      useProduct('p1', old);
      useInfiniteProducts({}, old);
      useCollection({ id: 'c1' }, old);
    });

    it('refuses queryKey and queryFn, which the hook sets', () => {
      // @ts-expect-error the hook sets the key
      useProducts({}, { queryKey: ['mine'] });
      // @ts-expect-error the hook sets the query function
      useProducts({}, { queryFn: () => Promise.resolve(1) });
      // @ts-expect-error select receives a page, not a number
      useProducts({}, { select: (page: number) => page });
    });
  });

  describe('useInfiniteProducts', () => {
    it('returns pages of CatalogPage, or what select returns', () => {
      const all = useInfiniteProducts({ paging: { limit: 24 } });
      expectTypeOf(all.data).toEqualTypeOf<
        InfiniteData<CatalogPage<Product>, number> | undefined
      >();
      const flat = useInfiniteProducts(
        {},
        {
          select: (data) => {
            expectTypeOf(data.pages).toEqualTypeOf<CatalogPage<Product>[]>();
            return data.pages.flatMap((page) => page.items);
          },
          maxPages: 5,
          staleTime: 1_000,
        },
      );
      expectTypeOf(flat.data).toEqualTypeOf<Product[] | undefined>();
      // @ts-expect-error paging follows the query's offsets
      useInfiniteProducts({}, { getNextPageParam: () => 1 });
    });
  });

  describe('the other catalog hooks', () => {
    it('type data by select', () => {
      expectTypeOf(useProduct('p1').data).toEqualTypeOf<Product | undefined>();
      const name = useProduct('p1', {
        includeMerchantSpecificData: true,
        select: (product) => product.name ?? '',
        staleTime: Infinity,
      });
      expectTypeOf(name.data).toEqualTypeOf<string | undefined>();

      expectTypeOf(useProductOptionsAvailability('p1', { Size: 'L' }).data).toEqualTypeOf<
        ProductOptionsAvailability | undefined
      >();
      const buyable = useProductOptionsAvailability(
        'p1',
        { Size: 'L' },
        { select: (a) => a.availableForPurchase === true },
      );
      expectTypeOf(buyable.data).toEqualTypeOf<boolean | undefined>();

      expectTypeOf(useVariants('p1').data).toEqualTypeOf<ProductVariantsResult | undefined>();
      const ids = useVariants('p1', {}, { select: (r) => r.variants?.map((v) => v.id) });
      expectTypeOf(ids.data).toEqualTypeOf<string[] | undefined>();

      expectTypeOf(useCollections().data).toEqualTypeOf<CatalogPage<Collection> | undefined>();
      const more = useCollections({}, { select: (page) => page.hasNext() });
      expectTypeOf(more.data).toEqualTypeOf<boolean | undefined>();

      expectTypeOf(useCollection({ slug: 'shirts' }).data).toEqualTypeOf<Collection | undefined>();
      const slug = useCollection({ id: 'c1' }, { select: (c) => c.slug, meta: { from: 'nav' } });
      expectTypeOf(slug.data).toEqualTypeOf<string | undefined>();
      // @ts-expect-error the hook sets the key
      useCollection({ id: 'c1' }, { queryKey: ['c1'] });
    });
  });

  describe('query options', () => {
    it('give CatalogPage to components and keep the plain page in the cache', async () => {
      expectTypeOf(useQuery(productsQueryOptions(store)).data).toEqualTypeOf<
        CatalogPage<Product> | undefined
      >();
      expectTypeOf(useSuspenseQuery(productsQueryOptions(store)).data).toEqualTypeOf<
        CatalogPage<Product>
      >();
      const queryClient = new QueryClient();
      expectTypeOf(queryClient.getQueryData(productsQueryOptions(store).queryKey)).toEqualTypeOf<
        CatalogPageData<Product> | undefined
      >();
      expectTypeOf(
        queryClient.getQueryData(infiniteProductsQueryOptions(store).queryKey),
      ).toEqualTypeOf<InfiniteData<CatalogPageData<Product>, unknown> | undefined>();
      // What the imperative reads return is the cached form, which toCatalogPage adapts.
      const cached = await queryClient.ensureQueryData(productsQueryOptions(store));
      expectTypeOf(cached).toEqualTypeOf<CatalogPageData<Product>>();
      expectTypeOf(await queryClient.fetchQuery(productsQueryOptions(store))).toEqualTypeOf<
        CatalogPageData<Product>
      >();
      expectTypeOf(toCatalogPage(cached)).toEqualTypeOf<CatalogPage<Product>>();
    });
  });
});

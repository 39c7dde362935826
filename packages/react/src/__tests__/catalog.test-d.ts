import {
  QueryClient,
  keepPreviousData,
  useQuery,
  useSuspenseQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  StoreClient,
  StorefrontCategory,
  StorefrontPage,
  StorefrontProduct,
  StorefrontProductDetail,
  StorefrontVariant,
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
import type { storeQueryKeys } from '../catalog/query-keys.js';
import {
  infiniteProductsQueryOptions,
  productOptionsAvailabilityQueryOptions,
  productQueryOptions,
  productsQueryOptions,
  toCatalogPage,
  toCatalogPages,
  variantsQueryOptions,
  type CatalogPage,
  type CatalogPageData,
} from '../catalog/query-options.js';
import type { VariantAvailability } from '../catalog/selection.js';
import { useProductChoice } from '../catalog/use-product-choice.js';
import type { PickableOption } from '../lite.js';

// Type tests (checked by `tsc` and by vitest's typecheck mode, never run): the catalog hooks
// answer the storefront model, take TanStack's query options, and `select` decides the type of
// `data`.

declare const store: StoreClient;
declare const detail: StorefrontProductDetail;

describe('catalog hook types', () => {
  describe('useProducts', () => {
    it('returns a CatalogPage of StorefrontProduct, with hasNext() and nextCursor, and typed errors', () => {
      const result = useProducts({ limit: 12 });
      expectTypeOf(result.data).toEqualTypeOf<CatalogPage<StorefrontProduct> | undefined>();
      expectTypeOf<CatalogPage<StorefrontProduct>['hasNext']>().toEqualTypeOf<() => boolean>();
      expectTypeOf<CatalogPage<StorefrontProduct>['nextCursor']>().toEqualTypeOf<string | null>();
      expectTypeOf<CatalogPage<StorefrontProduct>>().toExtend<StorefrontPage<StorefrontProduct>>();
      expectTypeOf(result.error).toEqualTypeOf<VitrineError | null>();
    });

    it("takes the storefront's query: text, categoryId, sort, limit, cursor", () => {
      useProducts({ text: 'shirt', categoryId: 'c1', sort: 'price-asc', limit: 24, cursor: '24' });
      // @ts-expect-error V1's query language is not the storefront's
      useProducts({ paging: { limit: 12 } });
      // @ts-expect-error an unknown sort order
      useProducts({ sort: 'cheapest' });
    });

    it('types data by select, which receives the page with hasNext()', () => {
      const count = useProducts(
        {},
        {
          select: (page) => {
            expectTypeOf(page).toEqualTypeOf<CatalogPage<StorefrontProduct>>();
            return page.hasNext() ? page.items.length : 0;
          },
        },
      );
      expectTypeOf(count.data).toEqualTypeOf<number | undefined>();
      const names = useProducts({}, { select: (page) => page.items.map((p) => p.name) });
      expectTypeOf(names.data).toEqualTypeOf<string[] | undefined>();
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
            expectTypeOf(previous).toEqualTypeOf<CatalogPageData<StorefrontProduct> | undefined>();
            return previous;
          },
        },
      );
    });

    it('still takes the { enabled } it always took', () => {
      const old: CatalogHookOptions = { enabled: false };
      expectTypeOf(useProducts({}, old).data).toEqualTypeOf<
        CatalogPage<StorefrontProduct> | undefined
      >();
      useProduct('p1', old);
      useInfiniteProducts({}, old);
      useCollection({ id: 'c1' }, old);
      useProductOptionsAvailability('p1', {}, old);
      useVariants('p1', {}, old);
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
    it('returns pages of CatalogPage whose page params are cursors, or what select returns', () => {
      const all = useInfiniteProducts({ limit: 24 });
      expectTypeOf(all.data).toEqualTypeOf<
        InfiniteData<CatalogPage<StorefrontProduct>, string | null> | undefined
      >();
      const flat = useInfiniteProducts(
        {},
        {
          select: (data) => {
            expectTypeOf(data.pages).toEqualTypeOf<CatalogPage<StorefrontProduct>[]>();
            expectTypeOf(data.pageParams).toEqualTypeOf<(string | null)[]>();
            return data.pages.flatMap((page) => page.items);
          },
          maxPages: 5,
          staleTime: 1_000,
        },
      );
      expectTypeOf(flat.data).toEqualTypeOf<StorefrontProduct[] | undefined>();
      // @ts-expect-error paging follows the pages' cursors
      useInfiniteProducts({}, { getNextPageParam: () => '1' });
    });
  });

  describe('useProduct', () => {
    it('takes an id, { id } or { slug }, and answers the detail or null', () => {
      expectTypeOf(useProduct('p1').data).toEqualTypeOf<
        StorefrontProductDetail | null | undefined
      >();
      useProduct({ id: 'p1' });
      useProduct({ slug: 'linen-shirt' });
      useProduct(undefined);
      // @ts-expect-error a reference is { id } or { slug }
      useProduct({ handle: 'linen-shirt' });
      const price = useProduct('p1', {
        select: (product) => {
          expectTypeOf(product).toEqualTypeOf<StorefrontProductDetail | null>();
          return product?.price.min;
        },
        staleTime: Infinity,
      });
      expectTypeOf(price.data).toEqualTypeOf<number | undefined>();
      // @ts-expect-error merchant data is not storefront data
      useProduct('p1', { includeMerchantSpecificData: true });
    });
  });

  describe('useProductOptionsAvailability and useVariants', () => {
    it('answer what they read off the product, or what select makes of it', () => {
      const availability = useProductOptionsAvailability({ slug: 'tee' }, { Size: 'L' });
      expectTypeOf(availability.data).toEqualTypeOf<VariantAvailability | undefined>();
      expectTypeOf<VariantAvailability>().toEqualTypeOf<{
        variant: StorefrontVariant | undefined;
        availableForPurchase: boolean;
      }>();
      const buyable = useProductOptionsAvailability(
        'p1',
        { Size: 'L' },
        {
          select: (answer) => {
            expectTypeOf(answer).toEqualTypeOf<VariantAvailability>();
            return answer.availableForPurchase;
          },
        },
      );
      expectTypeOf(buyable.data).toEqualTypeOf<boolean | undefined>();

      expectTypeOf(useVariants('p1').data).toEqualTypeOf<StorefrontVariant[] | undefined>();
      const ids = useVariants(
        { id: 'p1' },
        { choices: { Size: 'L' } },
        { select: (variants) => variants.map((v) => v.id) },
      );
      expectTypeOf(ids.data).toEqualTypeOf<string[] | undefined>();
      // @ts-expect-error choices are option name → choice name
      useVariants('p1', { choices: { Size: 1 } });
      // placeholderData is in the cached form: the product.
      useVariants(
        'p1',
        {},
        {
          placeholderData: (previous) => {
            expectTypeOf(previous).toEqualTypeOf<StorefrontProductDetail | null | undefined>();
            return previous;
          },
        },
      );
    });
  });

  describe('useCollections and useCollection', () => {
    it('answer storefront categories', () => {
      expectTypeOf(useCollections().data).toEqualTypeOf<
        CatalogPage<StorefrontCategory> | undefined
      >();
      useCollections({ limit: 20, cursor: '20' });
      const more = useCollections({}, { select: (page) => page.hasNext() });
      expectTypeOf(more.data).toEqualTypeOf<boolean | undefined>();

      expectTypeOf(useCollection({ slug: 'shirts' }).data).toEqualTypeOf<
        StorefrontCategory | null | undefined
      >();
      const slug = useCollection({ id: 'c1' }, { select: (c) => c?.slug, meta: { from: 'nav' } });
      expectTypeOf(slug.data).toEqualTypeOf<string | undefined>();
      // @ts-expect-error the hook sets the key
      useCollection({ id: 'c1' }, { queryKey: ['c1'] });
    });
  });

  describe('useProductChoice', () => {
    it('takes the storefront product and answers its variant and options', () => {
      const choice = useProductChoice(detail);
      expectTypeOf(choice.variant).toEqualTypeOf<StorefrontVariant | undefined>();
      expectTypeOf(choice.options).toEqualTypeOf<PickableOption[]>();
      expectTypeOf<PickableOption>().toEqualTypeOf<StorefrontProductDetail['options'][number]>();
      expectTypeOf(choice.quantity).toEqualTypeOf<number | undefined>();
      choice.availabilityOf('Size', { name: 'L', inStock: true });
      // @ts-expect-error a choice is known by its name
      choice.availabilityOf('Size', { description: 'L', inStock: true });
      // @ts-expect-error a grid's product has no options or variants to choose from
      useProductChoice({} as StorefrontProduct);
    });
  });

  describe('query options', () => {
    it('give CatalogPage to components and keep the plain page in the cache', async () => {
      expectTypeOf(useQuery(productsQueryOptions(store)).data).toEqualTypeOf<
        CatalogPage<StorefrontProduct> | undefined
      >();
      expectTypeOf(useSuspenseQuery(productsQueryOptions(store)).data).toEqualTypeOf<
        CatalogPage<StorefrontProduct>
      >();
      const queryClient = new QueryClient();
      expectTypeOf(queryClient.getQueryData(productsQueryOptions(store).queryKey)).toEqualTypeOf<
        CatalogPageData<StorefrontProduct> | undefined
      >();
      expectTypeOf<CatalogPageData<StorefrontProduct>>().toEqualTypeOf<
        StorefrontPage<StorefrontProduct>
      >();
      const infinite = queryClient.getQueryData(infiniteProductsQueryOptions(store).queryKey);
      expectTypeOf(infinite).toEqualTypeOf<
        InfiniteData<CatalogPageData<StorefrontProduct>, unknown> | undefined
      >();
      expectTypeOf(toCatalogPages(infinite!).pages).toEqualTypeOf<
        CatalogPage<StorefrontProduct>[]
      >();
      // What the imperative reads return is the cached form, which toCatalogPage adapts.
      const cached = await queryClient.ensureQueryData(productsQueryOptions(store));
      expectTypeOf(cached).toEqualTypeOf<CatalogPageData<StorefrontProduct>>();
      expectTypeOf(await queryClient.fetchQuery(productsQueryOptions(store))).toEqualTypeOf<
        CatalogPageData<StorefrontProduct>
      >();
      expectTypeOf(toCatalogPage(cached)).toEqualTypeOf<CatalogPage<StorefrontProduct>>();
    });

    it('read a product, its availability and its variants under one key, the product cached', () => {
      expectTypeOf(productQueryOptions(store, 'p1').queryKey).toExtend<
        ReturnType<typeof storeQueryKeys.product>
      >();
      const queryClient = new QueryClient();
      expectTypeOf(
        queryClient.getQueryData(productOptionsAvailabilityQueryOptions(store, 'p1', {}).queryKey),
      ).toEqualTypeOf<StorefrontProductDetail | null | undefined>();
      expectTypeOf(
        useSuspenseQuery(productOptionsAvailabilityQueryOptions(store, 'p1', { Size: 'L' })).data,
      ).toEqualTypeOf<VariantAvailability>();
      expectTypeOf(
        useSuspenseQuery(variantsQueryOptions(store, { slug: 'tee' })).data,
      ).toEqualTypeOf<StorefrontVariant[]>();
    });
  });
});

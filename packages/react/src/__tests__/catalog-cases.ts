import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import {
  useCollection,
  useCollections,
  useInfiniteProducts,
  useProduct,
  useProductOptionsAvailability,
  useProducts,
  useVariants,
} from '../catalog/hooks.js';
import { json, type Route } from './helpers.js';
import {
  COLLECTION_QUERY,
  PRODUCT_QUERY,
  queryAnswer,
  shownCategory,
  shownDetail,
  shownProduct,
  shownTeeVariant,
  wireCollection,
  wireProduct,
  wireTee,
} from './storefront-wire.js';

// Every catalog hook, with the route it reads (on a Catalog V1 store) and what it shows, for the
// tests that hold for all of them (render sequences, retry policy, keys per client).

/** Options any catalog hook takes (the test passes the same to each). */
export interface AnyCatalogOptions {
  enabled?: boolean;
  retry?: boolean | number;
}

export interface CatalogCase {
  name: string;
  /** Renders the hook. */
  use: (options?: AnyCatalogOptions) => UseQueryResult<unknown> | UseInfiniteQueryResult<unknown>;
  /** `METHOD /path` of its request. */
  route: string;
  /** The platform's answer; `label` tells two platforms apart. */
  answer: (label?: string) => Route;
  /** The hook's data for that answer, as {@link readData} shows it. */
  data: (label?: string) => unknown;
}

const onePage = (item: unknown) => ({
  items: [item],
  nextCursor: null,
  totalCount: 1,
  hasNext: false,
});

export const catalogCases: CatalogCase[] = [
  {
    name: 'useProducts',
    use: (options) => useProducts({}, options),
    route: PRODUCT_QUERY,
    answer: (label) => () => queryAnswer('products', [wireProduct('p1', label)]),
    data: (label) => onePage(shownProduct('p1', label)),
  },
  {
    name: 'useInfiniteProducts',
    use: (options) => useInfiniteProducts({}, options),
    route: PRODUCT_QUERY,
    answer: (label) => () => queryAnswer('products', [wireProduct('p1', label)]),
    data: (label) => ({ pages: [onePage(shownProduct('p1', label))], pageParams: [null] }),
  },
  {
    name: 'useProduct',
    use: (options) => useProduct('p1', options),
    route: 'GET /stores-reader/v1/products/p1',
    answer: (label) => () => json({ product: wireProduct('p1', label) }),
    data: (label) => shownDetail('p1', label),
  },
  {
    name: 'useProductOptionsAvailability',
    use: (options) => useProductOptionsAvailability('tee', { Size: 'M', Color: 'White' }, options),
    route: 'GET /stores-reader/v1/products/tee',
    answer: (label) => () => json({ product: wireTee(label) }),
    data: (label) => ({
      variant: shownTeeVariant('M', 'White', label),
      availableForPurchase: true,
    }),
  },
  {
    name: 'useVariants',
    use: (options) => useVariants('tee', { choices: { Size: 'XL' } }, options),
    route: 'GET /stores-reader/v1/products/tee',
    answer: (label) => () => json({ product: wireTee(label) }),
    data: (label) => [shownTeeVariant('XL', 'Black', label), shownTeeVariant('XL', 'White', label)],
  },
  {
    name: 'useCollections',
    use: (options) => useCollections({}, options),
    route: COLLECTION_QUERY,
    answer: (label) => () => queryAnswer('collections', [wireCollection('c1', label)]),
    data: (label) => onePage(shownCategory('c1', label)),
  },
  {
    name: 'useCollection',
    use: (options) => useCollection({ id: 'c1' }, options),
    route: 'GET /v2/collections/c1',
    answer: (label) => () => json({ collection: wireCollection('c1', label) }),
    data: (label) => shownCategory('c1', label),
  },
];

/**
 * A hook's data as a test compares it: a page's `hasNext()` is called and recorded in its
 * place (functions cannot be compared), every other field is kept as it is.
 */
export function readData(data: unknown): unknown {
  if (data === null || typeof data !== 'object') return data;
  if ('pages' in data && Array.isArray(data.pages)) {
    return { ...data, pages: data.pages.map(readData) };
  }
  if ('hasNext' in data && typeof data.hasNext === 'function') {
    return { ...data, hasNext: (data.hasNext as () => unknown)() };
  }
  return data;
}

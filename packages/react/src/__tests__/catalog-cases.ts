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

// Every catalog hook, with the route it reads and what it shows, for the tests that hold for
// all of them (render sequences, retry policy, keys per client).

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

const product = (label = 'Linen shirt') => ({ id: 'p1', name: label });
const collection = (label = 'Shirts') => ({ id: 'c1', slug: 'shirts', name: label });
const pageAnswer = (key: string, items: unknown[]): Route => {
  return () =>
    json({ [key]: items, metadata: { count: items.length, offset: 0, total: items.length } });
};
const onePage = (item: unknown) => ({
  items: [item],
  totalCount: 1,
  paging: { limit: 50, offset: 0 },
  hasNext: false,
});

export const catalogCases: CatalogCase[] = [
  {
    name: 'useProducts',
    use: (options) => useProducts({}, options),
    route: 'GET /stores-reader/v1/products/query-platformized',
    answer: (label) => pageAnswer('products', [product(label)]),
    data: (label) => onePage(product(label)),
  },
  {
    name: 'useInfiniteProducts',
    use: (options) => useInfiniteProducts({}, options),
    route: 'GET /stores-reader/v1/products/query-platformized',
    answer: (label) => pageAnswer('products', [product(label)]),
    data: (label) => ({ pages: [onePage(product(label))], pageParams: [0] }),
  },
  {
    name: 'useProduct',
    use: (options) => useProduct('p1', options),
    route: 'GET /stores-reader/v1/products/p1',
    answer: (label) => () => json({ product: product(label) }),
    data: (label) => product(label),
  },
  {
    name: 'useProductOptionsAvailability',
    use: (options) => useProductOptionsAvailability('p1', { Size: 'L' }, options),
    route: 'POST /stores-reader/v1/products/p1/productOptionsAvailability',
    answer: (label) => () =>
      json({ availableForPurchase: true, selectedVariant: { id: 'v1', sku: label ?? 'sku' } }),
    data: (label) => ({
      availableForPurchase: true,
      selectedVariant: { id: 'v1', sku: label ?? 'sku' },
    }),
  },
  {
    name: 'useVariants',
    use: (options) => useVariants('p1', {}, options),
    route: 'POST /stores-reader/v1/products/p1/variants/query',
    answer: (label) => () =>
      json({ variants: [{ id: 'v1', sku: label ?? 'sku' }], totalResults: 1 }),
    data: (label) => ({ variants: [{ id: 'v1', sku: label ?? 'sku' }], totalResults: 1 }),
  },
  {
    name: 'useCollections',
    use: (options) => useCollections({}, options),
    route: 'GET /v2/collections/query',
    answer: (label) => pageAnswer('collections', [collection(label)]),
    data: (label) => onePage(collection(label)),
  },
  {
    name: 'useCollection',
    use: (options) => useCollection({ id: 'c1' }, options),
    route: 'GET /v2/collections/c1',
    answer: (label) => () => json({ collection: collection(label) }),
    data: (label) => collection(label),
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

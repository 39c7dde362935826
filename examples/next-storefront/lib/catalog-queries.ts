/**
 * The catalog queries of the pages, in the SDK's storefront model (the same on a Catalog V1 and
 * a Catalog V3 store). Each is part of its cached answer's key (`@vitrine/next`'s catalog): one
 * query, one entry, shared by every visitor.
 */
import type { StorefrontCategoryQuery, StorefrontProductQuery } from '@vitrine/sdk';

/** Every collection, by name. */
export const COLLECTIONS = { sort: 'name-asc' } as const satisfies StorefrontCategoryQuery;

/** The home page's first shelf: the products with the "Bestseller" ribbon. */
export const BESTSELLERS = {
  ribbon: 'Bestseller',
  limit: 8,
} as const satisfies StorefrontProductQuery;

/** The home page's second shelf. */
export const NEW_ARRIVALS = { ribbon: 'New', limit: 4 } as const satisfies StorefrontProductQuery;

/** Products a page of a collection and of the search results: two rows of four. */
export const PAGE_SIZE = 8;

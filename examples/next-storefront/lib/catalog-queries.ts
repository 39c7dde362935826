/**
 * The catalog queries of the pages. Each is part of its cached answer's key (`@vitrine/next`'s
 * catalog): one query, one entry, shared by every visitor.
 */
import type { CollectionQuery, ProductQuery } from '@vitrine/sdk';

/** Every collection, by name. */
export const COLLECTIONS: CollectionQuery = { sort: [{ fieldName: 'name', order: 'ASC' }] };

/** The home page's first shelf. */
export const BESTSELLERS: ProductQuery = { filter: { ribbon: 'Bestseller' }, paging: { limit: 8 } };

/** The home page's second shelf. */
export const NEW_ARRIVALS: ProductQuery = { filter: { ribbon: 'New' }, paging: { limit: 4 } };

/** A collection page: its first 24 products. */
export const COLLECTION_PAGE: ProductQuery = { paging: { limit: 24 } };

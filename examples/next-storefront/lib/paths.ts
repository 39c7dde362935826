/**
 * This shop's own addresses, beside the kit's (`@vitrine/shop-ui/lib/paths`): a collection's
 * later pages and the search results. Paging is by cursor (a page's `nextCursor`), as the
 * storefront model reads either catalog.
 */
import type { ProductSortOrder } from '@vitrine/sdk';
import { paths as kitPaths, withQuery } from '@vitrine/shop-ui/lib/paths';

export const paths = {
  ...kitPaths,
  /**
   * A collection's page of products: the first without `after`, else the page starting at that
   * cursor. A path rather than a query: a page with no request-time part is kept whole by Next,
   * each page of a collection as its own address.
   */
  collectionPage: (slug: string, after?: string) =>
    after === undefined
      ? kitPaths.collection(slug)
      : `${kitPaths.collection(slug)}/after/${encodeURIComponent(after)}`,
  /** The search results: `?q=`, `?sort=` (left out when featured) and `?after=` (a cursor). */
  search: (q?: string, sort?: ProductSortOrder, after?: string) =>
    withQuery('/search', { q, sort: sort === 'featured' ? undefined : sort, after }),
} as const;

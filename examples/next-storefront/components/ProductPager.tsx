/**
 * Under a page of products: how many it shows, and links to the next page (by its cursor) and
 * back to the first. Plain links, rendered on the server: no script needed.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { pluralize } from '@vitrine/shop-ui/lib/format';

/**
 * The line above a page of products: how many there are when the store counts them (Catalog V1
 * does, and a collection its own products), else how many this page shows, of more when the
 * paging says so (a Catalog V3 search counts none).
 * @example pageCountText(12, undefined, true) // '12 products on this page'
 */
export function pageCountText(
  shown: number,
  total: number | undefined,
  morePages: boolean,
): string {
  if (total !== undefined && total >= shown) return pluralize(total, 'product');
  return morePages ? `${pluralize(shown, 'product')} on this page` : pluralize(shown, 'product');
}

export function ProductPager({
  label,
  nextHref,
  firstHref,
}: {
  /** Names the navigation for screen readers ("Pages of Stationery"). */
  label: string;
  /** The next page, when there is one. */
  nextHref: string | undefined;
  /** The first page, on any later page. */
  firstHref: string | undefined;
}): ReactNode {
  if (nextHref === undefined && firstHref === undefined) return null;
  return (
    <nav className="load-more" aria-label={label}>
      {nextHref !== undefined ? (
        <Link className="button button--secondary" href={nextHref} rel="next">
          Next page
        </Link>
      ) : (
        <p>You have seen everything here.</p>
      )}
      {firstHref !== undefined ? <Link href={firstHref}>Back to the first page</Link> : null}
    </nav>
  );
}

/**
 * A sortable, infinitely scrolling grid of the products matching a filter: the shop, a
 * collection and search results. Hook: `useInfiniteProducts`.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useInfiniteProducts } from '@vitrine/react';
import {
  parseProductSortOrder,
  productSortQuery,
  type ProductQuery,
  type ProductSortOrder,
} from '@vitrine/sdk';
import { pluralize } from '@vitrine/shop-ui/lib/format';
import { SORT_OPTIONS } from '../lib/sort';
import { navigate, useLocation } from '../router';
import { ErrorMessage, Spinner } from '@vitrine/shop-ui/components/Feedback';
import { ProductGrid } from '@vitrine/shop-ui/components/ProductCard';
import { ShopLink } from '../shop-link';

/** Products per page of the infinite scroll. */
export const PAGE_SIZE = 12;

export interface ProductBrowserProps {
  /** Which products (all when left out). */
  filter?: ProductQuery['filter'] | undefined;
  /** Names the grid for screen readers ("Apparel products"). */
  label: string;
  /** Shown when nothing matches. */
  empty: ReactNode;
  /** Wait (for example until a collection's id is known). */
  enabled?: boolean;
}

export function ProductBrowser({
  filter,
  label,
  empty,
  enabled = true,
}: ProductBrowserProps): ReactNode {
  const location = useLocation();
  const sort = parseProductSortOrder(location.search.get('sort'));
  const order = productSortQuery(sort);
  const query: ProductQuery = {
    ...(filter ? { filter } : {}),
    ...(order ? { sort: order } : {}),
    paging: { limit: PAGE_SIZE },
  };
  const products = useInfiniteProducts(query, { enabled });
  const items = products.data?.pages.flatMap((page) => page.items);
  const total = products.data?.pages[0]?.totalCount;

  const changeSort = (value: ProductSortOrder) => {
    const params = new URLSearchParams(location.search);
    if (value === 'featured') params.delete('sort');
    else params.set('sort', value);
    const qs = params.toString();
    navigate(`${location.pathname}${qs ? `?${qs}` : ''}`, { replace: true, keepScroll: true });
  };

  return (
    <>
      <div className="toolbar">
        <p className="toolbar__count" aria-live="polite">
          {items && total !== undefined
            ? items.length < total
              ? `Showing ${items.length} of ${pluralize(total, 'product')}`
              : pluralize(total, 'product')
            : '\u00a0'}
        </p>
        <SortSelect value={sort} onChange={changeSort} />
      </div>
      {products.error && !items ? (
        <ErrorMessage error={products.error} onRetry={() => void products.refetch()} />
      ) : items && items.length === 0 ? (
        empty
      ) : (
        // The grid sits right under the page's h1: its cards are h2s.
        <ProductGrid
          products={enabled ? items : undefined}
          label={label}
          link={ShopLink}
          headingLevel={2}
        />
      )}
      {items && items.length > 0 ? (
        <LoadMore
          hasMore={products.hasNextPage}
          loading={products.isFetchingNextPage}
          error={products.isFetchNextPageError ? products.error : null}
          onLoadMore={() => void products.fetchNextPage()}
        />
      ) : null}
    </>
  );
}

function SortSelect({
  value,
  onChange,
}: {
  value: ProductSortOrder;
  onChange: (value: ProductSortOrder) => void;
}): ReactNode {
  const id = useId();
  return (
    <div className="sort-control">
      <label className="label" htmlFor={id}>
        Sort by
      </label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(event) => onChange(parseProductSortOrder(event.target.value))}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Loads the next page when the shopper scrolls near the end of the grid; the button does the
 * same for keyboards and for browsers without `IntersectionObserver`.
 */
function LoadMore({
  hasMore,
  loading,
  error,
  onLoadMore,
}: {
  hasMore: boolean;
  loading: boolean;
  error: Error | null;
  onLoadMore: () => void;
}): ReactNode {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || error || typeof IntersectionObserver === 'undefined') {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, error]);

  if (error) {
    return (
      <div className="load-more">
        <ErrorMessage error={error} onRetry={onLoadMore} />
      </div>
    );
  }
  if (!hasMore) {
    return <div className="load-more">You have seen everything here.</div>;
  }
  return (
    <div className="load-more" ref={sentinel}>
      <button
        type="button"
        className="button button--secondary"
        onClick={onLoadMore}
        disabled={loading}
      >
        {loading ? (
          <>
            <Spinner /> Loading more…
          </>
        ) : (
          'Load more products'
        )}
      </button>
    </div>
  );
}

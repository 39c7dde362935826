/**
 * A sortable, infinitely scrolling grid of the products a storefront query finds: the shop, a
 * collection (`categoryId`) and search results (`text`), page after page by cursor. Hook:
 * `useInfiniteProducts`.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useInfiniteProducts } from '@vitrine/react';
import {
  parseProductSortOrder,
  type ProductSortOrder,
  type StorefrontProductQuery,
} from '@vitrine/sdk';
import { countText } from '../lib/product-count';
import { SORT_OPTIONS } from '@vitrine/shop-ui/lib/sort';
import { navigate, useLocation } from '../router';
import { ErrorMessage, Spinner } from '@vitrine/shop-ui/components/Feedback';
import { ProductGrid } from '@vitrine/shop-ui/components/ProductCard';
import { ShopLink } from '../shop-link';

/** Products per page of the infinite scroll. */
export const PAGE_SIZE = 12;

export interface ProductBrowserProps {
  /** Which products: a collection's (`categoryId`), a search's (`text`); all when left out. */
  filter?: Pick<StorefrontProductQuery, 'categoryId' | 'text'> | undefined;
  /**
   * How many products there are, when the page knows (a collection's `productCount`): the
   * count shown while the store's pages do not say (Catalog V3's do not).
   */
  total?: number | undefined;
  /** Names the grid for screen readers ("Apparel products"). */
  label: string;
  /** Shown when nothing matches. */
  empty: ReactNode;
  /** Wait (for example until a collection's id is known). */
  enabled?: boolean;
}

export function ProductBrowser({
  filter,
  total: knownTotal,
  label,
  empty,
  enabled = true,
}: ProductBrowserProps): ReactNode {
  const location = useLocation();
  const sort = parseProductSortOrder(location.search.get('sort'));
  const query: StorefrontProductQuery = { ...filter, sort, limit: PAGE_SIZE };
  const products = useInfiniteProducts(query, { enabled });
  const items = products.data?.pages.flatMap((page) => page.items);

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
          {items
            ? countText(
                items.length,
                products.data?.pages[0]?.totalCount ?? knownTotal,
                products.hasNextPage,
              )
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

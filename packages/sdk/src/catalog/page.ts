/**
 * Offset-paged answers: a {@link Page} of items that knows how to fetch the next one (the walk
 * over every page is http/walk-pages.ts, loaded with the first `iterate()`).
 */
import { isJsonObject } from '../internal/json.js';

/** Where a page starts and how long pages are. */
export interface PageRequest {
  limit: number;
  offset: number;
}

/** One page of a query's answer. */
export interface Page<T> {
  /** The items of this page. */
  readonly items: readonly T[];
  /** How many items match the query over all pages, when the platform says. */
  readonly totalCount?: number;
  /** The paging this page was asked with. */
  readonly paging: Readonly<PageRequest>;
  /**
   * `true` when another page may follow: the total says so or, without a total, this page
   * is full. Always `false` after an empty page.
   */
  hasNext(): boolean;
  /**
   * Fetches the next page, starting right after this page's items. On the last page it
   * resolves to an empty page whose `hasNext()` is `false`.
   */
  next(): Promise<Page<T>>;
}

/** What one page fetch returns. */
export interface FetchedPage<T> {
  items: T[];
  /** Items matching over all pages, when known. */
  total?: number | undefined;
}

/** Fetches the page that starts at `paging.offset`. */
export type PageFetcher<T> = (paging: PageRequest) => Promise<FetchedPage<T>>;

/** Fetches the page of `paging` and wraps it as a {@link Page}. */
export async function fetchPage<T>(fetcher: PageFetcher<T>, paging: PageRequest): Promise<Page<T>> {
  return makePage(fetcher, paging, await fetcher(paging));
}

function makePage<T>(
  fetcher: PageFetcher<T>,
  paging: PageRequest,
  fetched: FetchedPage<T>,
): Page<T> {
  const items = Object.freeze([...fetched.items]);
  const total =
    typeof fetched.total === 'number' && Number.isFinite(fetched.total) ? fetched.total : undefined;
  const hasNext = (): boolean => {
    if (items.length === 0) return false;
    return total !== undefined
      ? paging.offset + items.length < total
      : items.length >= paging.limit;
  };
  const page: Page<T> = {
    items,
    paging: Object.freeze({ ...paging }),
    hasNext,
    next() {
      // Progress by what arrived, not by `limit`: a server that caps the page size skips nothing.
      const nextPaging = { limit: paging.limit, offset: paging.offset + items.length };
      if (!hasNext()) return Promise.resolve(makePage(fetcher, nextPaging, { items: [], total }));
      return fetchPage(fetcher, nextPaging);
    },
  };
  return total === undefined ? page : { ...page, totalCount: total };
}

/** The total of a query answer: `metadata.total`, or the older `totalResults`. */
export function totalOf(response: Record<string, unknown>): number | undefined {
  const metadata = response.metadata;
  if (isJsonObject(metadata) && typeof metadata.total === 'number') return metadata.total;
  return typeof response.totalResults === 'number' ? response.totalResults : undefined;
}

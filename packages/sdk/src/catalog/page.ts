/**
 * Offset-paged answers: a {@link Page} of items that knows how to fetch the next one, and
 * {@link iteratePages}, which walks every page and stops on the last one, even on a server that
 * keeps answering the same page.
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

/**
 * Every item of every page, from the page `first` fetches (when iteration starts). It stops after the last page, and also as soon as
 * a page brings nothing new: a page whose items were all seen before (a server that ignores the
 * offset and repeats a page, or cycles between pages) ends the walk instead of looping forever.
 * Items seen on an earlier page (the catalog shifted while walking) are not yielded twice.
 */
export async function* iteratePages<T>(
  first: () => Promise<Page<T>>,
  idOf: (item: T) => unknown = defaultId,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<unknown>();
  let page = await first();
  for (;;) {
    let fresh = 0;
    for (const item of page.items) {
      const id = idOf(item);
      if (id !== undefined && seen.has(id)) continue;
      if (id !== undefined) seen.add(id);
      fresh += 1;
      yield item;
    }
    if (fresh === 0 || !page.hasNext()) return;
    page = await page.next();
  }
}

function defaultId(item: unknown): unknown {
  if (typeof item !== 'object' || item === null) return undefined;
  const { id } = item as { id?: unknown };
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** The total of a query answer: `metadata.total`, or the older `totalResults`. */
export function totalOf(response: Record<string, unknown>): number | undefined {
  const metadata = response.metadata;
  if (isJsonObject(metadata) && typeof metadata.total === 'number') return metadata.total;
  return typeof response.totalResults === 'number' ? response.totalResults : undefined;
}

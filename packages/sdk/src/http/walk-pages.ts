/**
 * Walking every page of a paged answer, for the `iterate()` calls: each item once, in order, and
 * a typed error instead of an endless walk when the server does not advance. Loaded with the
 * first `iterate()` (a storefront's first page reads one page and walks none).
 */
import { StoreSystemError } from './errors/system-error.js';

/** A page a walk can follow: an offset page of the catalog or a cursor page of orders. */
export interface WalkablePage<T> {
  readonly items: readonly T[];
  hasNext(): boolean;
  next(): Promise<WalkablePage<T>>;
}

/** How a walk reads its pages. */
export interface WalkOptions<T> {
  /** The call, named in the error: `products.iterate`. */
  call: string;
  /**
   * Where the page after `page` starts, when the server says (a cursor): a position the walk has
   * already followed means the server does not advance. Offsets always do (they move by the items
   * received), so offset pages leave this out.
   */
  nextPosition?: (page: WalkablePage<T>) => unknown;
}

/**
 * The error of a walk the server does not advance: a {@link StoreSystemError} with code
 * `PAGING_STALLED`, not retryable.
 */
export function pagingStalled(call: string, reason: string, pages?: number): StoreSystemError {
  const after = pages === undefined ? '' : ` after ${pages} pages`;
  return new StoreSystemError({
    message: `System error occurred: ${call} stopped${after}: ${reason}`,
    status: 200,
    code: 'PAGING_STALLED',
    requestId: undefined,
    details: pages === undefined ? {} : { pages },
    retryable: false,
  });
}

function idOf(item: unknown): unknown {
  if (typeof item !== 'object' || item === null) return undefined;
  const { id } = item as { id?: unknown };
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/**
 * Every item of every page, from the page `first` fetches (when iteration starts), until the
 * last page. An item already yielded (the list shifted while walking) is not yielded again.
 *
 * @throws {StoreSystemError} `PAGING_STALLED` when a page that says another follows brings
 *   nothing new (a server that ignores the offset, or cycles between pages), or names a cursor
 *   the walk has followed before: following it would never end.
 */
export async function* walkPages<T>(
  first: () => Promise<WalkablePage<T>>,
  options: WalkOptions<T>,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<unknown>();
  const followed = new Set<unknown>();
  let page = await first();
  for (let pages = 1; ; pages += 1) {
    let fresh = 0;
    for (const item of page.items) {
      const id = idOf(item);
      if (id !== undefined && seen.has(id)) continue;
      if (id !== undefined) seen.add(id);
      fresh += 1;
      yield item;
    }
    if (!page.hasNext()) return;
    if (fresh === 0)
      throw pagingStalled(options.call, 'a page brought no item not already seen', pages);
    const position = options.nextPosition?.(page);
    if (position !== undefined) {
      if (followed.has(position))
        throw pagingStalled(options.call, 'the server repeated a cursor', pages);
      followed.add(position);
    }
    page = await page.next();
  }
}

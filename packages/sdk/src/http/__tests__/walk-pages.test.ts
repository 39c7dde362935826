import { describe, expect, it, vi } from 'vitest';
import {
  fetchPage,
  type FetchedPage,
  type PageFetcher,
  type PageRequest,
} from '../../catalog/page.js';
import { isStoreSystemError } from '../errors/type-guards.js';
import { walkPages, type WalkablePage } from '../walk-pages.js';

/** A fetcher that answers `answer(paging)`, recording its calls. */
function fetcherOf<T>(answer: (paging: PageRequest) => FetchedPage<T>) {
  return vi.fn<PageFetcher<T>>((paging) => Promise.resolve(answer(paging)));
}

/** The items a walk yields, and how it ended. */
async function walk<T>(iterator: AsyncIterable<T>): Promise<{ items: T[]; error?: unknown }> {
  const items: T[] = [];
  try {
    for await (const item of iterator) items.push(item);
    return { items };
  } catch (error) {
    return { items, error };
  }
}

const offsetWalk = <T>(fetcher: PageFetcher<T>, limit = 2) =>
  walkPages(() => fetchPage(fetcher, { limit, offset: 0 }), { call: 'things.iterate' });

/** A cursor page: its items, and the cursor of the page after it. */
type CursorPage = WalkablePage<{ id: string }> & { readonly cursor: string | undefined };

/** Cursor pages: `answer(cursor)` gives the ids and the next cursor of each request. */
function cursorPages(answer: (cursor: string | undefined) => { ids: string[]; next?: string }) {
  const fetch = vi.fn((cursor: string | undefined): Promise<CursorPage> => {
    const { ids, next } = answer(cursor);
    return Promise.resolve({
      items: ids.map((id) => ({ id })),
      cursor: next,
      hasNext: () => ids.length > 0 && next !== undefined,
      next: () => fetch(next),
    });
  });
  return fetch;
}

describe('walkPages', () => {
  it('yields every item of every page once and stops on the last page', async () => {
    const data = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
    const fetcher = fetcherOf<{ id: string }>(({ limit, offset }) => ({
      items: data.slice(offset, offset + limit),
      total: data.length,
    }));
    const { items, error } = await walk(offsetWalk(fetcher));
    expect(error).toBeUndefined();
    expect(items.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('stops with PAGING_STALLED when a server ignores the offset and repeats the first page forever', async () => {
    const fetcher = fetcherOf<{ id: string }>(() => ({ items: [{ id: 'a' }, { id: 'b' }] }));
    const { items, error } = await walk(offsetWalk(fetcher));
    expect(items.map((item) => item.id)).toEqual(['a', 'b']);
    expect(isStoreSystemError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'PAGING_STALLED',
      status: 200,
      retryable: false,
      details: { pages: 2 },
      message:
        'System error occurred: things.iterate stopped after 2 pages: a page brought no item not already seen',
    });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('stops with PAGING_STALLED when a server cycles between two pages', async () => {
    const fetcher = fetcherOf<{ id: string }>(({ offset }) => ({
      items: (offset / 2) % 2 === 0 ? [{ id: 'a' }, { id: 'b' }] : [{ id: 'c' }, { id: 'd' }],
      total: 1_000_000,
    }));
    const { items, error } = await walk(offsetWalk(fetcher));
    expect(items.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(error).toMatchObject({ code: 'PAGING_STALLED' });
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('does not yield an item twice when the list shifts between pages, and ends normally', async () => {
    const pages = [[{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'c' }], [{ id: 'd' }]];
    const fetcher = fetcherOf<{ id: string }>(({ offset }) => ({ items: pages[offset / 2] ?? [] }));
    const { items, error } = await walk(offsetWalk(fetcher));
    expect(error).toBeUndefined();
    expect(items.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ends normally on a last page that brings nothing new', async () => {
    const pages = [[{ id: 'a' }, { id: 'b' }], [{ id: 'b' }]];
    const fetcher = fetcherOf<{ id: string }>(({ offset }) => ({ items: pages[offset / 2] ?? [] }));
    const { items, error } = await walk(offsetWalk(fetcher));
    expect(error).toBeUndefined();
    expect(items.map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('stops with PAGING_STALLED on a cursor it has followed before, whatever the pages hold', async () => {
    let n = 0;
    const fetch = cursorPages((cursor) => {
      n += 1;
      if (n > 50) throw new Error('still walking after 50 pages');
      return { ids: [`x${n}`], next: cursor === undefined ? 'c1' : cursor === 'c1' ? 'c2' : 'c1' };
    });
    const { items, error } = await walk(
      walkPages(() => fetch(undefined), {
        call: 'orders.iterate',
        nextPosition: (page) => (page as CursorPage).cursor,
      }),
    );
    expect(items.map((item) => item.id)).toEqual(['x1', 'x2', 'x3']);
    expect(error).toMatchObject({
      code: 'PAGING_STALLED',
      message:
        'System error occurred: orders.iterate stopped after 3 pages: the server repeated a cursor',
    });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('fetches nothing until iteration starts, and throws the first page error then', async () => {
    const fetcher = vi.fn<PageFetcher<{ id: string }>>(() => Promise.reject(new Error('boom')));
    const iterator = offsetWalk(fetcher);
    expect(fetcher).not.toHaveBeenCalled();
    await expect(iterator.next()).rejects.toThrow('boom');
  });
});

import { describe, expect, it, vi } from 'vitest';
import {
  fetchPage,
  iteratePages,
  type FetchedPage,
  type PageFetcher,
  type PageRequest,
} from '../page.js';

/** A fetcher that answers `answer(paging)`, recording its calls. */
function fetcherOf<T>(answer: (paging: PageRequest) => FetchedPage<T>) {
  return vi.fn<PageFetcher<T>>((paging) => Promise.resolve(answer(paging)));
}

function collect<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  return (async () => {
    const items: T[] = [];
    for await (const item of iterator) items.push(item);
    return items;
  })();
}

describe('page', () => {
  describe('fetchPage', () => {
    it('without a total, a full page may have a next one and a short page is the last', async () => {
      const fetcher = fetcherOf<{ id: string }>(({ offset }) => ({
        items: offset === 0 ? [{ id: 'a' }, { id: 'b' }] : [{ id: 'c' }],
      }));
      const first = await fetchPage(fetcher, { limit: 2, offset: 0 });
      expect(first.totalCount).toBeUndefined();
      expect('totalCount' in first).toBe(false);
      expect(first.hasNext()).toBe(true);
      const second = await first.next();
      expect(second.hasNext()).toBe(false);
      expect(fetcher).toHaveBeenLastCalledWith({ limit: 2, offset: 2 });
    });

    it('next() on the last page answers an empty last page without a request', async () => {
      const fetcher = fetcherOf<{ id: string }>(() => ({
        items: [{ id: 'a' }],
        total: 1,
      }));
      const last = await fetchPage(fetcher, { limit: 10, offset: 0 });
      const after = await last.next();
      expect(after.items).toEqual([]);
      expect(after.hasNext()).toBe(false);
      expect(after.paging).toEqual({ limit: 10, offset: 1 });
      expect(fetcher).toHaveBeenCalledTimes(1);
    });

    it('moves on by the items received, so a server capping the page size skips nothing', async () => {
      const fetcher = fetcherOf<number>(({ offset }) => ({
        items: [offset, offset + 1],
        total: 6,
      }));
      const first = await fetchPage(fetcher, { limit: 100, offset: 0 });
      expect(first.hasNext()).toBe(true);
      await first.next();
      expect(fetcher).toHaveBeenLastCalledWith({ limit: 100, offset: 2 });
    });

    it('keeps pages immutable', async () => {
      const page = await fetchPage(() => Promise.resolve({ items: [{ id: 'a' }] }), {
        limit: 1,
        offset: 0,
      });
      expect(Object.isFrozen(page.items)).toBe(true);
      expect(Object.isFrozen(page.paging)).toBe(true);
    });
  });

  describe('iteratePages', () => {
    it('yields every item of every page once and stops on the last page', async () => {
      const data = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
      const fetcher = fetcherOf<{ id: string }>(({ limit, offset }) => ({
        items: data.slice(offset, offset + limit),
        total: data.length,
      }));
      const items = await collect(iteratePages(() => fetchPage(fetcher, { limit: 2, offset: 0 })));
      expect(items.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(fetcher).toHaveBeenCalledTimes(3);
    });

    it('stops when a server ignores the offset and repeats the first page forever', async () => {
      const fetcher = fetcherOf<{ id: string }>(() => ({
        items: [{ id: 'a' }, { id: 'b' }],
      }));
      const items = await collect(iteratePages(() => fetchPage(fetcher, { limit: 2, offset: 0 })));
      expect(items.map((item) => item.id)).toEqual(['a', 'b']);
      expect(fetcher).toHaveBeenCalledTimes(2);
    });

    it('stops when a server cycles between two pages', async () => {
      const fetcher = fetcherOf<{ id: string }>(({ offset }) => ({
        items: (offset / 2) % 2 === 0 ? [{ id: 'a' }, { id: 'b' }] : [{ id: 'c' }, { id: 'd' }],
        total: 1_000_000,
      }));
      const items = await collect(iteratePages(() => fetchPage(fetcher, { limit: 2, offset: 0 })));
      expect(items.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
      expect(fetcher).toHaveBeenCalledTimes(3);
    });

    it('does not yield an item twice when the catalog shifts between pages', async () => {
      const pages = [[{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'c' }], [{ id: 'd' }]];
      const fetcher = fetcherOf<{ id: string }>(({ offset }) => ({
        items: pages[offset / 2] ?? [],
      }));
      const items = await collect(iteratePages(() => fetchPage(fetcher, { limit: 2, offset: 0 })));
      expect(items.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
    });

    it('fetches nothing until iteration starts, and throws the first page error then', async () => {
      const fetcher = vi.fn<PageFetcher<{ id: string }>>(() => Promise.reject(new Error('boom')));
      const iterator = iteratePages(() => fetchPage(fetcher, { limit: 2, offset: 0 }));
      expect(fetcher).not.toHaveBeenCalled();
      await expect(iterator.next()).rejects.toThrow('boom');
    });
  });
});

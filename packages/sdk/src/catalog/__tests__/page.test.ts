import { describe, expect, it, vi } from 'vitest';
import { fetchPage, type FetchedPage, type PageFetcher, type PageRequest } from '../page.js';

/** A fetcher that answers `answer(paging)`, recording its calls. */
function fetcherOf<T>(answer: (paging: PageRequest) => FetchedPage<T>) {
  return vi.fn<PageFetcher<T>>((paging) => Promise.resolve(answer(paging)));
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
});

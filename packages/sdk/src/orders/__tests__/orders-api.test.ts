import { describe, expect, it } from 'vitest';
import { json, recordingFetch, type Responder } from '../../__tests__/helpers.js';
import { createStoreClient } from '../../client/create-store-client.js';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { isStoreSystemError } from '../../http/errors/type-guards.js';

const tokens = {
  accessToken: { value: 'at_orders', expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_orders', role: 'member' as const },
};
const order = (id: string) => ({ id, number: `100${id}`, status: 'APPROVED' });

function setup(responder: Responder) {
  const recorder = recordingFetch(responder);
  const store = createStoreClient({ clientId: 'c1', fetch: recorder.fetch, tokens, retry: 0 });
  return { store, requests: recorder.requests };
}

describe('orders', () => {
  describe('search', () => {
    it('POSTs {search} to /ecom/v1/orders/search on the API host', async () => {
      const { store, requests } = setup(() =>
        json({ orders: [order('1')], metadata: { count: 1, cursors: {}, hasNext: false } }),
      );
      const page = await store.orders.search({
        filter: { status: 'APPROVED' },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        cursorPaging: { limit: 10 },
      });
      expect(page.items).toEqual([order('1')]);
      expect(page.hasNext()).toBe(false);
      expect(requests).toHaveLength(1);
      const [request] = requests;
      expect(request!.method).toBe('POST');
      expect(request!.url.href).toBe('https://www.wixapis.com/ecom/v1/orders/search');
      expect(request!.headers.get('authorization')).toBe('at_orders');
      expect(request!.headers.get('content-type')).toBe('application/json');
      expect(JSON.parse(request!.body)).toEqual({
        search: {
          filter: { status: 'APPROVED' },
          sort: [{ fieldName: 'createdDate', order: 'DESC' }],
          cursorPaging: { limit: 10 },
        },
      });
    });

    it('sends {search: {}} with no search', async () => {
      const { store, requests } = setup(() => json({ orders: [] }));
      const page = await store.orders.search();
      expect(page.items).toEqual([]);
      expect(JSON.parse(requests[0]!.body)).toEqual({ search: {} });
    });

    it('follows cursors.next with the page size only, and stops on the last page', async () => {
      const { store, requests } = setup((_request, index) =>
        json(
          index === 0
            ? { orders: [order('1'), order('2')], metadata: { cursors: { next: 'c2' } } }
            : { orders: [order('3')], metadata: { cursors: { prev: 'c1' } } },
        ),
      );
      const first = await store.orders.search({
        filter: { status: 'APPROVED' },
        cursorPaging: { limit: 2 },
      });
      expect(first.cursors).toEqual({ next: 'c2' });
      expect(first.hasNext()).toBe(true);
      const second = await first.next();
      expect(second.items).toEqual([order('3')]);
      expect(second.hasNext()).toBe(false);
      expect(JSON.parse(requests[1]!.body)).toEqual({
        search: { cursorPaging: { limit: 2, cursor: 'c2' } },
      });
      const past = await second.next();
      expect(past.items).toEqual([]);
      expect(requests).toHaveLength(2);
    });

    it('refuses a page size out of 1–100 before sending', async () => {
      const { store, requests } = setup(() => json({ orders: [] }));
      for (const limit of [0, 101, 2.5]) {
        const error: unknown = await store.orders
          .search({ cursorPaging: { limit } })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(StoreArgumentError);
        expect(error).toMatchObject({ argument: 'search.cursorPaging.limit' });
      }
      expect(requests).toHaveLength(0);
    });
  });

  describe('iterate', () => {
    it('walks every page, each order once, and stops on the last one', async () => {
      const pages = [
        { orders: [order('1'), order('2')], metadata: { cursors: { next: 'c2' } } },
        { orders: [order('2'), order('3')], metadata: { cursors: { next: 'c3' } } },
        { orders: [order('4')], metadata: { cursors: {} } },
      ];
      const { store, requests } = setup((_request, index) => json(pages[index]));
      const seen: string[] = [];
      for await (const o of store.orders.iterate({ cursorPaging: { limit: 2 } })) seen.push(o.id!);
      expect(seen).toEqual(['1', '2', '3', '4']);
      expect(requests.map((r) => JSON.parse(r.body))).toEqual([
        { search: { cursorPaging: { limit: 2 } } },
        { search: { cursorPaging: { limit: 2, cursor: 'c2' } } },
        { search: { cursorPaging: { limit: 2, cursor: 'c3' } } },
      ]);
    });

    it('stops with PAGING_STALLED on a cursor that repeats, even with new orders on every page (regression: it walked forever)', async () => {
      const { store, requests } = setup((_request, index) => {
        // A bound of the test's own, so that an endless walk fails instead of hanging.
        if (index > 50) throw new Error('still walking after 50 pages');
        return json({ orders: [order(`n${index}`)], metadata: { cursors: { next: 'same' } } });
      });
      const seen: string[] = [];
      const error = await (async () => {
        for await (const o of store.orders.iterate()) seen.push(o.id!);
      })().catch((e: unknown) => e);
      expect(isStoreSystemError(error)).toBe(true);
      expect(error).toMatchObject({ code: 'PAGING_STALLED', retryable: false });
      expect(String(error)).toContain('orders.iterate');
      expect(seen).toEqual(['n0', 'n1']);
      expect(requests).toHaveLength(2);
    });

    it('stops with PAGING_STALLED on a page that brings no order not already seen', async () => {
      const { store, requests } = setup((_request, index) =>
        json({ orders: [order('1'), order('2')], metadata: { cursors: { next: `c${index}` } } }),
      );
      const seen: string[] = [];
      const error = await (async () => {
        for await (const o of store.orders.iterate()) seen.push(o.id!);
      })().catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'StoreSystemError', code: 'PAGING_STALLED' });
      expect(seen).toEqual(['1', '2']);
      expect(requests).toHaveLength(2);
    });
  });

  describe('next', () => {
    it('rejects with PAGING_STALLED when a page names the cursor it was fetched with', async () => {
      const { store, requests } = setup(() =>
        json({ orders: [order('1')], metadata: { cursors: { next: 'same' } } }),
      );
      const page = await store.orders.search({ cursorPaging: { cursor: 'same' } });
      expect(page.hasNext()).toBe(true);
      await expect(page.next()).rejects.toMatchObject({ code: 'PAGING_STALLED' });
      expect(requests).toHaveLength(1);
    });
  });

  describe('get', () => {
    it('GETs /ecom/v1/orders/{id} and unwraps {order}', async () => {
      const { store, requests } = setup(() => json({ order: order('a b') }));
      await expect(store.orders.get('a b')).resolves.toEqual(order('a b'));
      expect(requests[0]!.method).toBe('GET');
      expect(requests[0]!.url.href).toBe('https://readonly.wixapis.com/ecom/v1/orders/a%20b');
    });

    it('refuses an empty id before sending', async () => {
      const { store, requests } = setup(() => json({}));
      await expect(store.orders.get(' ')).rejects.toMatchObject({ argument: 'id' });
      expect(requests).toHaveLength(0);
    });
  });
});

/**
 * Orders. The handback: a completed hosted checkout returns to `callbacks.thankYouPageUrl` with the
 * new order's id appended (`?orderId=…`, as the platform does after an eCommerce checkout), and
 * `GET /ecom/v1/orders/{id}` answers it to the API key only, as the platform's Orders API needs
 * an elevated credential. Search (`POST /ecom/v1/orders/search`, the official client's
 * `orders.searchOrders(search)`): the API key sees every order, a member only their own, newest
 * first, paged by cursor; a visitor is refused.
 */
import { describe, expect, it } from 'vitest';
import {
  buy,
  call,
  checkoutSession,
  lineItem,
  member,
  placeOrder as place,
  simpleProduct,
  start,
  visitor,
} from './helpers.js';
import type { Json } from './helpers.js';

type Emu = Awaited<ReturnType<typeof start>>;

async function checkout(emu: Emu, callbacks: Record<string, string>) {
  const { access_token } = await visitor(emu);
  const product = await simpleProduct(emu, access_token);
  await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
    token: access_token,
    body: { lineItems: [lineItem(product.id, 2)] },
  });
  const session = await checkoutSession(emu, access_token, callbacks);
  return { access_token, product, session };
}

describe('orders', () => {
  describe('callbacks.thankYouPageUrl', () => {
    it('returns to the thank-you page with the order id appended', async () => {
      const emu = await start();
      const { session, product, access_token } = await checkout(emu, {
        postFlowUrl: 'http://localhost:5173/',
        thankYouPageUrl: 'http://localhost:5173/callback',
      });
      const placed = await place(emu, session.body.redirectSession.fullUrl);
      expect(placed.status).toBe(303);
      const location = new URL(placed.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/callback');
      const orderId = location.searchParams.get('orderId')!;
      expect(emu.orders().map((o) => o.id)).toEqual([orderId]);

      const read = await call(emu, 'GET', `/ecom/v1/orders/${orderId}`, { token: emu.apiKey });
      expect(read.status).toBe(200);
      expect(read.body.order).toMatchObject({
        id: orderId,
        number: '10001',
        status: 'APPROVED',
        lineItems: [{ productName: { original: product.name }, quantity: 2 }],
        shippingInfo: { code: 'standard', destinationCountry: 'CA' },
      });
      // Canada's 5% on the subtotal and standard shipping.
      const summary = read.body.order.priceSummary;
      const subtotal = Number(summary.subtotal.amount);
      const shipping = Number(summary.shipping.amount);
      expect(Number(summary.tax.amount)).toBeCloseTo((subtotal + shipping) * 0.05, 2);

      // A shopper's own token cannot read it, as on the platform.
      const mine = await call(emu, 'GET', `/ecom/v1/orders/${orderId}`, { token: access_token });
      expect([mine.status, mine.body.details.applicationError.code]).toEqual([
        403,
        'PERMISSION_DENIED',
      ]);
      const unknown = await call(emu, 'GET', '/ecom/v1/orders/nope', { token: emu.apiKey });
      expect(unknown.status).toBe(404);
    });

    it('keeps orders closed to shoppers even with open writes', async () => {
      const emu = await start({ openWrites: true });
      const { access_token } = await visitor(emu);
      const reply = await call(emu, 'GET', '/ecom/v1/orders/anything', { token: access_token });
      expect(reply.status).toBe(403);
    });

    it('must be a registered redirect URI, matched exactly', async () => {
      const emu = await start();
      for (const url of ['http://localhost:5173/thanks', 'https://evil.example/callback']) {
        const { session } = await checkout(emu, { thankYouPageUrl: url });
        expect(session.status).toBe(400);
        expect(session.body.details.validationError.fieldViolations[0].field).toBe(
          'callbacks.thankYouPageUrl',
        );
      }
    });

    it('falls back to postFlowUrl without one', async () => {
      const emu = await start();
      const { session } = await checkout(emu, { postFlowUrl: 'http://127.0.0.1:4173/' });
      const placed = await place(emu, session.body.redirectSession.fullUrl);
      expect(placed.headers.get('location')).toBe('http://127.0.0.1:4173/');
    });
  });

  describe('POST /ecom/v1/orders/search', () => {
    const SEARCH = '/ecom/v1/orders/search';

    /** A member (or the visitor given) buys one unit of each product, one order each. */
    async function orders(emu: Emu, token: string, products: Json[]): Promise<string[]> {
      const ids: string[] = [];
      for (const product of products) {
        await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
          token,
          body: { lineItems: [lineItem(product.id, 1)] },
        });
        ids.push(await buy(emu, token));
      }
      return ids;
    }

    async function catalog(emu: Emu): Promise<Json[]> {
      const { access_token } = await visitor(emu);
      const reply = await call(emu, 'POST', '/stores-reader/v1/products/query-platformized', {
        token: access_token,
        body: { query: { filter: { manageVariants: false, productType: 'physical' } } },
      });
      return (reply.body.products as Json[]).filter((p) => p.stock.inStock).slice(0, 4);
    }

    it("answers a member their own orders only, newest first; another member's stay invisible", async () => {
      const emu = await start();
      const products = await catalog(emu);
      const ada = await member(emu, 'ada-orders@example.com');
      const bob = await member(emu, 'bob-orders@example.com');
      const shopper = (await visitor(emu)).access_token;
      const adas = await orders(emu, ada.access_token, products.slice(0, 2));
      const bobs = await orders(emu, bob.access_token, products.slice(2, 3));
      await orders(emu, shopper, products.slice(3, 4));

      const mine = await call(emu, 'POST', SEARCH, {
        token: ada.access_token,
        body: { search: {} },
      });
      expect(mine.status).toBe(200);
      expect(mine.body.orders.map((o: Json) => o.id)).toEqual([...adas].reverse());
      expect(mine.body.orders[0]).toMatchObject({
        buyerInfo: { memberId: ada.memberId, contactId: ada.memberId },
        lineItems: [{ productName: { original: products[1].name }, quantity: 1 }],
        status: 'APPROVED',
      });
      expect(mine.body.metadata).toEqual({ count: 2, cursors: {}, hasNext: false });

      // A filter naming another member's order, or member, finds nothing.
      for (const filter of [{ id: bobs[0] }, { 'buyerInfo.memberId': bob.memberId }]) {
        const other = await call(emu, 'POST', SEARCH, {
          token: ada.access_token,
          body: { search: { filter } },
        });
        expect(other.body.orders).toEqual([]);
      }
      // The API key sees every order, visitors' included.
      const all = await call(emu, 'POST', SEARCH, { token: emu.apiKey, body: { search: {} } });
      expect(all.body.orders).toHaveLength(4);
    });

    it("filters and sorts with the official client's field names, and pages by cursor", async () => {
      const emu = await start();
      const products = await catalog(emu);
      const ada = await member(emu, 'pager@example.com');
      const ids = await orders(emu, ada.access_token, products.slice(0, 3));
      const page = (body: unknown) => call(emu, 'POST', SEARCH, { token: ada.access_token, body });

      const oldestFirst = await page({
        search: {
          sort: [
            { fieldName: '_createdDate', order: 'ASC' },
            { fieldName: 'number', order: 'ASC' },
          ],
        },
      });
      expect(oldestFirst.body.orders.map((o: Json) => o.id)).toEqual(ids);
      const byId = await page({ search: { filter: { _id: { $eq: ids[1] } } } });
      expect(byId.body.orders.map((o: Json) => o.id)).toEqual([ids[1]]);

      const first = await page({ search: { cursorPaging: { limit: 2 } } });
      expect(first.body.orders.map((o: Json) => o.id)).toEqual([ids[2], ids[1]]);
      expect(first.body.metadata).toMatchObject({ count: 2, hasNext: true });
      const next = await page({
        search: { cursorPaging: { limit: 2, cursor: first.body.metadata.cursors.next } },
      });
      expect(next.body.orders.map((o: Json) => o.id)).toEqual([ids[0]]);
      expect(next.body.metadata).toMatchObject({ count: 1, hasNext: false });
      expect(next.body.metadata.cursors.prev).toEqual(expect.any(String));
    });

    it('pages back by the cursor to the page before: the same orders, none skipped or repeated', async () => {
      const emu = await start();
      const products = await catalog(emu);
      const ada = await member(emu, 'backwards@example.com');
      const bought = [...products, products[0]!];
      const ids = [...(await orders(emu, ada.access_token, bought))].reverse();
      const search = (cursorPaging: unknown) =>
        call(emu, 'POST', SEARCH, { token: ada.access_token, body: { search: { cursorPaging } } });
      const shown = (reply: Json) => reply.body.orders.map((o: Json) => o.id);
      for (const limit of [1, 2, 3]) {
        const pages = [await search({ limit })];
        while (pages.at(-1)!.body.metadata.cursors.next !== undefined)
          pages.push(await search({ limit, cursor: pages.at(-1)!.body.metadata.cursors.next }));
        // Which orders land on which page: newest first, `limit` a page.
        const expected = Array.from({ length: Math.ceil(ids.length / limit) }, (_, i) =>
          ids.slice(i * limit, (i + 1) * limit),
        );
        expect([limit, pages.map(shown)]).toEqual([limit, expected]);
        expect(pages[0]!.body.metadata.cursors.prev).toBeUndefined();
        for (let i = 1; i < pages.length; i += 1) {
          const back = await search({ limit, cursor: pages[i]!.body.metadata.cursors.prev });
          expect([limit, i, shown(back)]).toEqual([limit, i, expected[i - 1]]);
        }
      }
    });

    it('never answers a cursor that does not move on: every walk by cursor ends, each order once (regression: limit 0 answered hasNext with the same cursor forever)', async () => {
      const emu = await start();
      const products = await catalog(emu);
      const ada = await member(emu, 'walker@example.com');
      const ids = await orders(emu, ada.access_token, products.slice(0, 3));
      const search = (body: unknown) =>
        call(emu, 'POST', SEARCH, { token: ada.access_token, body: { search: body } });
      for (const limit of [1, 2, 3, 4]) {
        const seen: string[] = [];
        const cursors = new Set<string>();
        let reply = await search({ cursorPaging: { limit } });
        for (let pages = 1; ; pages += 1) {
          expect(reply.status).toBe(200);
          expect(pages).toBeLessThanOrEqual(3);
          seen.push(...reply.body.orders.map((o: Json) => o.id));
          const { next } = reply.body.metadata.cursors;
          expect(reply.body.metadata.hasNext).toBe(next !== undefined);
          if (next === undefined) break;
          expect(reply.body.orders.length).toBeGreaterThan(0);
          expect(cursors.has(next)).toBe(false);
          cursors.add(next);
          reply = await search({ cursorPaging: { limit, cursor: next } });
        }
        expect(seen).toEqual([...ids].reverse());
      }
    });

    it('refuses a visitor (403) and no credential (401)', async () => {
      const emu = await start();
      const shopper = (await visitor(emu)).access_token;
      const refused = await call(emu, 'POST', SEARCH, { token: shopper, body: { search: {} } });
      expect([refused.status, refused.body.details.applicationError.code]).toEqual([
        403,
        'PERMISSION_DENIED',
      ]);
      const anonymous = await call(emu, 'POST', SEARCH, { body: { search: {} } });
      expect(anonymous.status).toBe(401);
    });

    it('answers bad searches with 400 naming the field', async () => {
      const emu = await start();
      const cases: [unknown, string][] = [
        [{ search: { cursorPaging: { limit: 101 } } }, 'search.cursorPaging.limit'],
        [{ search: { cursorPaging: { limit: 0 } } }, 'search.cursorPaging.limit'],
        [
          { search: { cursorPaging: { limit: 0, cursor: 'eyJvZmZzZXQiOjB9' } } },
          'search.cursorPaging.limit',
        ],
        [{ search: { cursorPaging: { cursor: 'not-a-cursor' } } }, 'search.cursorPaging.cursor'],
        [{ search: { filter: { status: { $like: 'A' } } } }, 'search.filter.status.$like'],
        [{ search: { paging: { limit: 1 } } }, 'search.paging'],
        [{ query: {} }, 'query'],
      ];
      for (const [body, field] of cases) {
        const reply = await call(emu, 'POST', SEARCH, { token: emu.apiKey, body });
        expect(reply.status).toBe(400);
        expect(
          reply.body.details.validationError.fieldViolations.map((v: Json) => v.field),
        ).toContain(field);
      }
    });
  });
});

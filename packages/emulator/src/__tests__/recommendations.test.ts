/**
 * The Recommendations API for the stores catalog, at the paths the official client's
 * `recommendations` module sends (`POST /v1/recommendations/get`,
 * `GET /v1/recommendations/algorithms`) and their `/ecom` aliases: the four algorithms the
 * platform lists, the first algorithm meeting `minimumRecommendedItems`, and the platform's
 * application errors for unknown providers, algorithms and catalogs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from '../index.js';
import { buy, call, lineItem, member, products, start, visitor } from './helpers.js';
import type { Json } from './helpers.js';

type Emu = Awaited<ReturnType<typeof start>>;

const SIMILAR = '68ebce04-b96a-4c52-9329-08fc9d8c1253';
const BOUGHT_TOGETHER = 'd5aac1e1-2e53-4d11-85f7-7172710b4783';
const VIEWED_TOGETHER = '5dd69f67-9ab9-478e-ba7c-10c6c6e7285f';
const BEST_SELLERS = 'ba491fd2-b172-4552-9ea6-7202e01d1d3c';

const algorithm = (id: string) => ({ id, appId: STORES_APP_ID });
const item = (catalogItemId: string) => ({ catalogItemId, appId: STORES_APP_ID });

describe('recommendations', () => {
  let emu: Emu;
  let token: string;
  let catalog: Json[];
  const bySlug = (slug: string) => catalog.find((p) => p.slug === slug)!;
  const recommend = (body: unknown, path = '/v1/recommendations/get') =>
    call(emu, 'POST', path, { token, body });

  beforeAll(async () => {
    emu = await start();
    token = (await visitor(emu)).access_token;
    catalog = await products(emu, token, { paging: { limit: 100 } });
  });

  it('lists the stores catalog algorithms, on both paths', async () => {
    for (const path of ['/v1/recommendations/algorithms', '/ecom/v1/recommendations/algorithms']) {
      const reply = await call(emu, 'GET', path, { token });
      expect(reply.status).toBe(200);
      expect(
        reply.body.availableAlgorithms.map((a: Json) => [
          a.config.algorithmId,
          a.config.algorithmType,
          a.appId,
          a.catalogAppIds,
        ]),
      ).toEqual([
        [SIMILAR, 'RELATED_ITEMS', STORES_APP_ID, [STORES_APP_ID]],
        [BOUGHT_TOGETHER, 'RELATED_ITEMS', STORES_APP_ID, [STORES_APP_ID]],
        [VIEWED_TOGETHER, 'RELATED_ITEMS', STORES_APP_ID, [STORES_APP_ID]],
        [BEST_SELLERS, 'GLOBAL', STORES_APP_ID, [STORES_APP_ID]],
      ]);
    }
  });

  it('recommends products from the same collections first, never the items given', async () => {
    const mug = bySlug('stoneware-mug');
    for (const path of ['/v1/recommendations/get', '/ecom/v1/recommendations/get']) {
      const reply = await recommend(
        { algorithms: [algorithm(SIMILAR)], items: [item(mug.id)] },
        path,
      );
      expect(reply.status).toBe(200);
      const { items, algorithm: used } = reply.body.recommendation;
      expect(used).toEqual(algorithm(SIMILAR));
      expect(items).toHaveLength(16);
      expect(items.every((i: Json) => i.appId === STORES_APP_ID)).toBe(true);
      const ids = items.map((i: Json) => i.catalogItemId);
      expect(ids).not.toContain(mug.id);
      // The other nine products of Home & Kitchen come first.
      const kitchen = catalog.filter(
        (p) => p.collectionIds[0] === mug.collectionIds[0] && p.id !== mug.id,
      );
      expect(new Set(ids.slice(0, 9))).toEqual(new Set(kitchen.map((p) => p.id)));
    }
  });

  it('recommends what was bought together, and best sellers by units sold', async () => {
    const shop = await start();
    const shopper = (await member(shop, 'recommend@example.com')).access_token;
    const all = await products(shop, shopper, { paging: { limit: 100 } });
    const [a, b, c] = ['brass-ruler', 'washi-tape-trio', 'chef-knife'].map((slug) =>
      all.find((p) => p.slug === slug)!,
    );
    const order = async (lines: [Json, number][]) => {
      await call(shop, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: shopper,
        body: { lineItems: lines.map(([p, n]) => lineItem(p.id, n)) },
      });
      await buy(shop, shopper);
    };
    await order([
      [a, 1],
      [c, 2],
    ]);
    await order([[b, 5]]);
    const get = async (body: unknown) =>
      (
        await call(shop, 'POST', '/v1/recommendations/get', { token: shopper, body })
      ).body.recommendation.items.map((i: Json) => i.catalogItemId);

    const together = await get({ algorithms: [algorithm(BOUGHT_TOGETHER)], items: [item(a.id)] });
    expect(together[0]).toBe(c.id);
    expect(together).toHaveLength(16);
    const sellers = await get({ algorithms: [algorithm(BEST_SELLERS)] });
    expect(sellers.slice(0, 3)).toEqual([b.id, c.id, a.id]);
  });

  it('answers the first algorithm meeting the minimum, or no items', async () => {
    const mug = bySlug('stoneware-mug');
    // Related-items algorithms need items: without any they recommend nothing.
    const fallback = await recommend({
      algorithms: [algorithm(SIMILAR), algorithm(BEST_SELLERS)],
      minimumRecommendedItems: 1,
    });
    expect(fallback.body.recommendation.algorithm).toEqual(algorithm(BEST_SELLERS));
    const none = await recommend({
      algorithms: [algorithm(SIMILAR)],
      items: [item(mug.id)],
      minimumRecommendedItems: 17,
    });
    expect(none.body).toEqual({ recommendation: { items: [] } });
  });

  it.each([
    [
      'an algorithm of another app',
      { algorithms: [{ id: SIMILAR, appId: 'someone-else' }] },
      404,
      'RECOMMENDATIONS_PROVIDER_NOT_FOUND',
    ],
    [
      'an unknown algorithm',
      { algorithms: [algorithm('00000000-0000-4000-8000-000000000000')] },
      400,
      'ALGORITHM_NOT_SUPPORTED',
    ],
    [
      'an item of another catalog',
      {
        algorithms: [algorithm(SIMILAR)],
        items: [{ catalogItemId: 'x', appId: '13d21c63-b5ec-5912-8397-c3a5ddb27a97' }],
      },
      400,
      'ITEM_APP_ID_NOT_SUPPORTED',
    ],
  ])('answers %s with the platform application error', async (_name, body, status, code) => {
    const reply = await recommend(body);
    expect([reply.status, reply.body.details.applicationError.code]).toEqual([status, code]);
  });

  it.each([
    [{}, 'algorithms'],
    [{ algorithms: [] }, 'algorithms'],
    [{ algorithms: [{ id: SIMILAR }] }, 'algorithms[0].appId'],
    [{ algorithms: [algorithm(SIMILAR)], minimumRecommendedItems: 101 }, 'minimumRecommendedItems'],
  ])('answers a bad body with 400 naming the field (%j)', async (body, field) => {
    const reply = await recommend(body);
    expect(reply.status).toBe(400);
    expect(reply.body.details.validationError.fieldViolations[0].field).toBe(field);
  });

  it('answers any caller but no credential', async () => {
    const signedIn = (await member(emu, 'recommend-roles@example.com')).access_token;
    for (const caller of [token, signedIn, emu.apiKey]) {
      const reply = await call(emu, 'POST', '/v1/recommendations/get', {
        token: caller,
        body: { algorithms: [algorithm(BEST_SELLERS)] },
      });
      expect(reply.status).toBe(200);
    }
    const anonymous = await call(emu, 'GET', '/v1/recommendations/algorithms');
    expect(anonymous.status).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import { json, recordingFetch, type Responder } from '../../__tests__/helpers.js';
import { createStoreClient } from '../../client/create-store-client.js';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { STORES_APP_ID } from '../../models/cart.js';
import { STORES_RECOMMENDATION_ALGORITHMS } from '../../models/recommendations.js';

const tokens = {
  accessToken: { value: 'at_recommend', expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_recommend', role: 'visitor' as const },
};
const { fromSimilarCategories, bestSellers } = STORES_RECOMMENDATION_ALGORITHMS;

function setup(responder: Responder) {
  const recorder = recordingFetch(responder);
  const store = createStoreClient({ clientId: 'c1', fetch: recorder.fetch, tokens, retry: 0 });
  return { store, requests: recorder.requests };
}

describe('recommendations', () => {
  describe('get', () => {
    it("POSTs the official client's body to /v1/recommendations/get", async () => {
      const { store, requests } = setup(() =>
        json({
          recommendation: {
            items: [{ catalogItemId: 'p2', appId: STORES_APP_ID }],
            algorithm: fromSimilarCategories,
          },
        }),
      );
      const recommendation = await store.recommendations.get({
        algorithms: [fromSimilarCategories, bestSellers],
        items: [{ catalogItemId: 'p1', appId: STORES_APP_ID, options: { variantId: 'v1' } }],
        minimumRecommendedItems: 2,
      });
      expect(recommendation).toEqual({
        items: [{ catalogItemId: 'p2', appId: STORES_APP_ID }],
        algorithm: fromSimilarCategories,
      });
      const [request] = requests;
      expect(request!.method).toBe('POST');
      expect(request!.url.href).toBe('https://www.wixapis.com/v1/recommendations/get');
      expect(request!.headers.get('authorization')).toBe('at_recommend');
      expect(JSON.parse(request!.body)).toEqual({
        algorithms: [
          { id: '68ebce04-b96a-4c52-9329-08fc9d8c1253', appId: STORES_APP_ID },
          { id: 'ba491fd2-b172-4552-9ea6-7202e01d1d3c', appId: STORES_APP_ID },
        ],
        items: [{ catalogItemId: 'p1', appId: STORES_APP_ID, options: { variantId: 'v1' } }],
        minimumRecommendedItems: 2,
      });
    });

    it('answers {items: []} when no algorithm recommended enough', async () => {
      const { store } = setup(() => json({ recommendation: { items: [] } }));
      await expect(store.recommendations.get({ algorithms: [bestSellers] })).resolves.toEqual({
        items: [],
      });
    });

    it.each([
      [{ algorithms: [] }, 'algorithms'],
      [{ algorithms: [{ id: '', appId: STORES_APP_ID }] }, 'algorithms[0].id'],
      [
        { algorithms: [bestSellers], items: [{ catalogItemId: '', appId: 'a' }] },
        'items[0].catalogItemId',
      ],
      [{ algorithms: [bestSellers], minimumRecommendedItems: 101 }, 'minimumRecommendedItems'],
    ])('refuses %j before sending', async (input, argument) => {
      const { store, requests } = setup(() => json({}));
      const error: unknown = await store.recommendations
        .get(input as never)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreArgumentError);
      expect(error).toMatchObject({ argument });
      expect(requests).toHaveLength(0);
    });
  });

  describe('listAlgorithms', () => {
    it('GETs /v1/recommendations/algorithms from the read-only host', async () => {
      const algorithm = { config: { algorithmId: 'a1', algorithmType: 'GLOBAL' }, appId: 'x' };
      const { store, requests } = setup(() => json({ availableAlgorithms: [algorithm] }));
      await expect(store.recommendations.listAlgorithms()).resolves.toEqual([algorithm]);
      expect(requests[0]!.method).toBe('GET');
      expect(requests[0]!.url.href).toBe(
        'https://readonly.wixapis.com/v1/recommendations/algorithms',
      );
    });
  });
});

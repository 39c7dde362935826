/**
 * The platform's eCommerce Recommendations API, for the stores catalog's algorithms:
 * - `GET /v1/recommendations/algorithms` → `{availableAlgorithms}`;
 * - `POST /v1/recommendations/get` with `{algorithms: [{id, appId}], items?, minimumRecommendedItems?}`
 *   → `{recommendation: {items: [{catalogItemId, appId}], algorithm: {id, appId}}}`: the items of
 *   the first algorithm, in the order given, that recommends at least `minimumRecommendedItems`
 *   (0 by default), or `{recommendation: {items: []}}` when none does.
 * The official client sends these paths without a prefix (its URL map for the API host lists
 * `/v1/recommendations`); the `/ecom/v1/recommendations` aliases the same map lists are served
 * too. Any caller may ask: storefronts call it with a visitor's token.
 */
import { Hono } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.js';
import { readBody } from '../http/body.js';
import { applicationError } from '../http/errors.js';
import { arr, int, json, obj, optional, str } from '../http/schema.js';
import { allProducts } from '../catalog/store.js';
import { STORES_APP_ID } from '../catalog/model.js';
import { STORES_ALGORITHMS, availableAlgorithms } from './algorithms.js';

const id = () => str({ min: 1, max: 100 });

const getRecommendationBody = obj({
  algorithms: arr(obj({ id: id(), appId: id() }), { min: 1, max: 10 }),
  items: optional(
    arr(obj({ catalogItemId: id(), appId: id(), options: optional(json(6)) }), { max: 300 }),
  ),
  minimumRecommendedItems: optional(int({ min: 0, max: 100 })),
});

/** The recommendation routes, under both prefixes. */
export function recommendationRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const prefix of ['/v1/recommendations', '/ecom/v1/recommendations']) {
    app.get(`${prefix}/algorithms`, (c) => c.json({ availableAlgorithms: availableAlgorithms() }));

    app.post(`${prefix}/get`, async (c) => {
      const body = await readBody(c, getRecommendationBody);
      const items = body.items ?? [];
      if (body.algorithms.some((a) => a.appId !== STORES_APP_ID))
        throw applicationError(
          404,
          'RECOMMENDATIONS_PROVIDER_NOT_FOUND',
          'No installed app provides algorithms with this appId; the stores catalog is the only provider',
        );
      const unsupported = body.algorithms.filter((a) => !STORES_ALGORITHMS.has(a.id));
      if (unsupported.length > 0)
        throw applicationError(
          400,
          'ALGORITHM_NOT_SUPPORTED',
          'The provider has no algorithm with this id',
          {
            unsupportedAlgorithms: unsupported,
          },
        );
      const foreign = items.filter((item) => item.appId !== STORES_APP_ID);
      if (foreign.length > 0)
        throw applicationError(
          400,
          'ITEM_APP_ID_NOT_SUPPORTED',
          "The algorithms support only the stores catalog's items",
          { items: foreign, algorithms: body.algorithms },
        );
      const input = {
        products: allProducts(ctx),
        orders: Object.values(ctx.store.state.orders),
        itemIds: items.map((item) => item.catalogItemId),
      };
      const minimum = body.minimumRecommendedItems ?? 0;
      for (const algorithm of body.algorithms) {
        const recommended = STORES_ALGORITHMS.get(algorithm.id)!.run(input);
        if (recommended.length < minimum) continue;
        return c.json({
          recommendation: {
            items: recommended.map((catalogItemId) => ({ catalogItemId, appId: STORES_APP_ID })),
            algorithm: { id: algorithm.id, appId: algorithm.appId },
          },
        });
      }
      return c.json({ recommendation: { items: [] } });
    });
  }
  return app;
}

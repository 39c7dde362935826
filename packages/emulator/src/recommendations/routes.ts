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
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { jsonBody } from '../http/validate.js';
import { availableAlgorithms } from './algorithms.js';
import { getRecommendationBody } from './inputs.js';
import { recommend } from './service.js';

/** The recommendation routes, under both prefixes. */
export function recommendationRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const prefix of ['/v1/recommendations', '/ecom/v1/recommendations']) {
    app.get(`${prefix}/algorithms`, (c) => c.json({ availableAlgorithms: availableAlgorithms() }));
    app.post(`${prefix}/get`, jsonBody(getRecommendationBody), (c) =>
      c.json(recommend(ctx, c.req.valid('json'))),
    );
  }
  return app;
}

/**
 * The Data (CMS) API as the platform answers it for a site that has no data collections: the
 * emulator keeps none, so every item call names its collection and answers `404` with the
 * platform's `WDE0025` ("the collection does not exist"), which storefronts on the official
 * client catch to run without an optional collection (a `Menus` or `Pages` collection, say).
 * Listing the site's collections answers an empty list (docs/wire-conventions.md
 * "APIs the emulator does not run").
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { requireCaller } from '../http/auth.js';
import { readJsonObject } from '../http/body.js';
import { applicationError, fieldError } from '../http/errors.js';
import { decodeDotR } from '../http/query.js';
import { acceptsAnyQuery } from '../http/query-params.js';

/** The platform's code for a data collection that does not exist. */
export const COLLECTION_MISSING_CODE = 'WDE0025';

const BASE = '/wix-data/v2';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Collection ids are names (`Menus`) or an app's paths (`Stores/Products`, `@app/Items`). */
const COLLECTION_ID = /^[A-Za-z0-9_@/.-]{1,256}$/;

function checkedCollectionId(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '')
    throw fieldError(field, 'is required', 'REQUIRED_FIELD');
  if (typeof value !== 'string' || !COLLECTION_ID.test(value))
    throw fieldError(field, 'must be a data collection id', 'FORMAT');
  return value;
}

/** The collection an item call names: in its query string, its `.r` or its JSON body. */
async function namedCollection(c: Context<AppEnv>): Promise<string> {
  if (c.req.method === 'GET' || c.req.method === 'DELETE') {
    const direct = c.req.query('dataCollectionId');
    if (direct !== undefined) return checkedCollectionId(direct, 'dataCollectionId');
    const encoded = c.req.query('.r');
    const request = encoded === undefined ? {} : decodeDotR(encoded);
    return checkedCollectionId(request.dataCollectionId, 'dataCollectionId');
  }
  const body = await readJsonObject(c);
  return checkedCollectionId(body.dataCollectionId, 'dataCollectionId');
}

/** The platform's answer for a collection the site does not have. */
export function collectionMissing(collectionId: string) {
  return applicationError(
    404,
    COLLECTION_MISSING_CODE,
    `${COLLECTION_MISSING_CODE}: The ${collectionId} collection does not exist. You cannot work with a collection using the Data API before it is created in the Editor.`,
    { collectionId },
  );
}

/** The Data API routes of a site without data collections. */
export function dataRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(`${BASE}/*`, requireCaller());
  app.on(
    METHODS,
    [`${BASE}/items`, `${BASE}/items/*`, `${BASE}/bulk/*`],
    acceptsAnyQuery(),
    async (c) => {
      throw collectionMissing(await namedCollection(c));
    },
  );
  app.on(METHODS, `${BASE}/collections/:dataCollectionId`, acceptsAnyQuery(), (c) => {
    throw collectionMissing(
      checkedCollectionId(c.req.param('dataCollectionId'), 'dataCollectionId'),
    );
  });
  return app;
}

/**
 * Categories routes (platform-wire-v3.md "Categories"; every path of the official client's
 * `@wix/auto_sdk_categories_categories` meta.js). Reads are flat GETs (dotted names, `fields`
 * repeated, the path parameter repeated) or POSTs; writes take the API key (app.ts).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { acceptsQuery } from '../http/query-params.js';
import * as read from './category-service.js';
import * as items from './category-items-service.js';
import * as write from './category-write-service.js';
import { STORES_NAMESPACE } from './ids.js';
import type { CallHandler, FlatKind } from './requests.js';
import { flatPayload, jsonRoute, unflatten } from './requests.js';

const BASE = '/categories/v1/categories';
const BULK = '/categories/v1/bulk/categories';
const TREE: Record<string, FlatKind> = {
  'treeReference.appNamespace': 'string',
  'treeReference.treeKey': 'string',
};

/** A flat GET: its declared parameters, unflattened. */
function flatGet(
  app: Hono<AppEnv>,
  path: string,
  flat: Record<string, FlatKind>,
  answer: CallHandler,
) {
  app.get(path, acceptsQuery(...Object.keys(flat)), (c) =>
    c.json(answer(c, unflatten(flatPayload(c, flat))) as object),
  );
}

const id = (c: Context<AppEnv>) => c.req.param('categoryId') ?? '';

function readRoutes(ctx: EmulatorContext, app: Hono<AppEnv>) {
  jsonRoute(app, 'post', `${BASE}/query`, (c, b) =>
    read.findCategories(ctx, callerOf(c), b, 'query'),
  );
  jsonRoute(app, 'post', `${BASE}/search`, (c, b) =>
    read.findCategories(ctx, callerOf(c), b, 'search'),
  );
  jsonRoute(app, 'post', `${BASE}/count`, (c, b) => read.countCategories(ctx, callerOf(c), b));
  flatGet(app, `${BASE}/list-trees`, {}, () => ({ trees: [{ appNamespace: STORES_NAMESPACE }] }));
  const item = { ...TREE, 'item.catalogItemId': 'string', 'item.appId': 'string' } as const;
  flatGet(app, `${BASE}/list-categories-for-item`, item, (_c, b) =>
    read.listCategoriesForItem(ctx, b),
  );
  jsonRoute(app, 'post', `${BASE}/list-categories-for-item`, (_c, b) =>
    read.listCategoriesForItem(ctx, b),
  );
  flatGet(app, `${BASE}/list-categories-for-items`, TREE, (_c, b) =>
    read.listCategoriesForItems(ctx, b),
  );
  jsonRoute(app, 'post', `${BASE}/list-categories-for-items`, (_c, b) =>
    read.listCategoriesForItems(ctx, b),
  );
  const listing: Record<string, FlatKind> = {
    ...TREE,
    'cursorPaging.limit': 'string',
    'cursorPaging.cursor': 'string',
    useCategoryArrangement: 'boolean',
    includeItemsFromSubcategories: 'boolean',
  };
  flatGet(app, `${BASE}/:categoryId/list-items`, listing, (c, b) =>
    read.listItems(ctx, callerOf(c), id(c), b),
  );
  jsonRoute(app, 'post', `${BASE}/:categoryId/list-items`, (c, b) =>
    read.listItems(ctx, callerOf(c), id(c), b),
  );
  flatGet(app, `${BASE}/:categoryId/arranged-items`, TREE, (c, b) =>
    read.arrangedItems(ctx, callerOf(c), id(c), b),
  );
  const single = { ...TREE, fields: 'list' } as const;
  flatGet(app, `${BASE}/slug/:slug`, single, (c, b) =>
    read.getCategoryBySlug(ctx, callerOf(c), c.req.param('slug') ?? '', b),
  );
  flatGet(app, `${BASE}/:categoryId`, single, (c, b) =>
    read.getCategory(ctx, callerOf(c), id(c), b),
  );
}

function writeRoutes(ctx: EmulatorContext, app: Hono<AppEnv>) {
  jsonRoute(app, 'post', BASE, (c, b) => write.createCategory(ctx, callerOf(c), b));
  jsonRoute(app, 'patch', `${BASE}/visibility`, (c, b) => write.setVisibility(ctx, callerOf(c), b));
  jsonRoute(app, 'patch', `${BASE}/:categoryId`, (c, b) =>
    write.updateCategory(ctx, callerOf(c), id(c), b),
  );
  app.delete(`${BASE}/:categoryId`, acceptsQuery(...Object.keys(TREE)), async (c) =>
    c.json(await write.deleteCategory(ctx, callerOf(c), id(c), unflatten(flatPayload(c, TREE)))),
  );
  jsonRoute(app, 'post', `${BASE}/:categoryId/move`, (c, b) =>
    write.moveCategory(ctx, callerOf(c), id(c), b),
  );
  jsonRoute(app, 'post', `${BASE}/:categoryId/set-arranged-items`, (c, b) =>
    items.setArrangedItems(ctx, callerOf(c), id(c), b),
  );
  jsonRoute(app, 'post', `${BULK}/update`, (c, b) =>
    write.bulkUpdateCategories(ctx, callerOf(c), b),
  );
  jsonRoute(app, 'post', `${BULK}/show`, (c, b) => write.bulkShow(ctx, callerOf(c), b));
  jsonRoute(app, 'post', `${BULK}/add-item`, (c, b) =>
    items.bulkItemInCategories(ctx, callerOf(c), b, true),
  );
  jsonRoute(app, 'post', `${BULK}/remove-item`, (c, b) =>
    items.bulkItemInCategories(ctx, callerOf(c), b, false),
  );
  jsonRoute(app, 'post', `${BULK}/set-item-categories`, (c, b) =>
    items.setItemCategories(ctx, callerOf(c), b),
  );
  jsonRoute(app, 'post', `${BULK}/:categoryId/add-items`, (c, b) =>
    items.bulkItemsOfCategory(ctx, callerOf(c), id(c), b, true),
  );
  jsonRoute(app, 'post', `${BULK}/:categoryId/remove-items`, (c, b) =>
    items.bulkItemsOfCategory(ctx, callerOf(c), id(c), b, false),
  );
}

/** The Categories routes. */
export function categoryRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  readRoutes(ctx, app);
  writeRoutes(ctx, app);
  return app;
}

/**
 * Inventory items V3 and read-only variants V3 routes (every path of the official client's
 * `@wix/auto_sdk_stores_inventory-items-v-3` and `…_read-only-variants-v-3` meta.js). Reads are
 * open to any credential; writes take the API key (app.ts).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { acceptsQuery } from '../http/query-params.js';
import { isObject } from '../query/filter.js';
import * as many from './inventory-bulk-service.js';
import * as inventory from './inventory-service.js';
import { matchingProducts } from './product-bulk-service.js';
import { checkKeys, jsonRoute, readRoute } from './requests.js';
import { findVariants } from './variants-service.js';

const ITEMS = '/stores/v3/inventory-items';
const BULK = '/stores/v3/bulk/inventory-items';

function writeRoutes(ctx: EmulatorContext, app: Hono<AppEnv>) {
  jsonRoute(app, 'post', ITEMS, (c, b) => {
    checkKeys(b, ['inventoryItem']);
    const input = isObject(b.inventoryItem) ? b.inventoryItem : {};
    return ctx.store.transaction((tx) => ({
      inventoryItem: inventory.createItemIn(ctx, tx, callerOf(c), input, 'inventoryItem'),
    }));
  });
  app.delete(`${ITEMS}/:inventoryItemId`, async (c) =>
    c.json(
      await ctx.store.transaction((tx) => {
        inventory.deleteItemIn(ctx, tx, callerOf(c), c.req.param('inventoryItemId'));
        return {};
      }),
    ),
  );
  jsonRoute(app, 'patch', `${ITEMS}/:id`, (c, b) =>
    inventory.updateInventoryItem(ctx, callerOf(c), c.req.param('id') ?? '', b),
  );
  jsonRoute(app, 'post', `${BULK}/create`, (c, b) => many.bulkCreateItems(ctx, callerOf(c), b));
  jsonRoute(app, 'post', `${BULK}/update`, (c, b) =>
    many.bulkUpdateItems(ctx, callerOf(c), b, false),
  );
  jsonRoute(app, 'post', `${BULK}/upsert`, (c, b) =>
    many.bulkUpdateItems(ctx, callerOf(c), b, true),
  );
  jsonRoute(app, 'post', `${BULK}/delete`, (c, b) => many.bulkDeleteItems(ctx, callerOf(c), b));
  jsonRoute(app, 'post', `${BULK}/delete-by-filter`, (c, b) =>
    many.deleteItemsByFilter(ctx, callerOf(c), b),
  );
  jsonRoute(app, 'post', `${BULK}/update-by-filter`, (c, b) =>
    many.updateItemsByFilter(ctx, callerOf(c), b),
  );
  jsonRoute(app, 'post', `${BULK}/set-or-adjust-by-filter`, (c, b) =>
    many.adjustItemsByFilter(ctx, callerOf(c), b, 'adjustedInventoryAction'),
  );
  jsonRoute(app, 'post', `${BULK}/adjust-by-filter`, (c, b) =>
    many.adjustItemsByFilter(ctx, callerOf(c), b, 'adjustment'),
  );
  jsonRoute(app, 'post', `${BULK}/create-by-variant-filter`, (c, b) =>
    many.createItemsByVariantFilter(ctx, callerOf(c), b, matchingProducts(ctx, b)),
  );
  for (const [verb, sign] of [
    ['increment', 1],
    ['decrement', -1],
  ] as const) {
    jsonRoute(app, 'post', `${BULK}/${verb}`, (c, b) =>
      many.adjustItems(ctx, callerOf(c), b, sign, false),
    );
    jsonRoute(app, 'post', `${BULK}/${verb}-by-variant-and-location`, (c, b) =>
      many.adjustItems(ctx, callerOf(c), b, sign, true),
    );
  }
}

/** The inventory and variants routes. */
export function stockRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  jsonRoute(app, 'post', '/stores/v3/products/query-variants', (c, b) =>
    findVariants(ctx, callerOf(c), b, 'query'),
  );
  jsonRoute(app, 'post', '/stores/v3/products/search-variants', (c, b) =>
    findVariants(ctx, callerOf(c), b, 'search'),
  );
  readRoute(app, `${ITEMS}/query`, {}, (_c, b) => inventory.findInventoryItems(ctx, b, 'query'));
  readRoute(app, `${ITEMS}/search`, {}, (_c, b) => inventory.findInventoryItems(ctx, b, 'search'));
  readRoute(app, `${ITEMS}/count`, {}, (_c, b) => inventory.countInventoryItems(ctx, b));
  app.get(`${ITEMS}/:inventoryItemId`, acceptsQuery(), (c) =>
    c.json(inventory.getInventoryItem(ctx, c.req.param('inventoryItemId'))),
  );
  writeRoutes(ctx, app);
  return app;
}

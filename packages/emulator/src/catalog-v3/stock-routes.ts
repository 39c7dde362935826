/**
 * Inventory items V3 and read-only variants V3 routes (every path of the official client's
 * `@wix/auto_sdk_stores_inventory-items-v-3` and `…_read-only-variants-v-3` meta.js). Reads are
 * open to any credential; writes take the API key (app.ts).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { readJsonObject } from '../http/body.js';
import { fieldError } from '../http/errors.js';
import { withoutPathEchoes } from '../http/path-echoes.js';
import { acceptsQuery } from '../http/query-params.js';
import { randomId } from '../crypto/random.js';
import { isObject } from '../query/filter.js';
import { checkKeys } from './category-service.js';
import * as inventory from './inventory-service.js';
import { INVENTORY_SPEC } from './inventory-service.js';
import { parseV3Query, runV3Query } from './query.js';
import { readRoute, stringOf } from './requests.js';
import { findVariants } from './variants-service.js';

const ITEMS = '/stores/v3/inventory-items';
const BULK = '/stores/v3/bulk/inventory-items';

type Handler = (c: Context<AppEnv>, body: Record<string, unknown>) => unknown;

function post(app: Hono<AppEnv>, path: string, answer: Handler, method: 'post' | 'patch' = 'post') {
  app[method](path, async (c) => {
    const body = withoutPathEchoes(c.req.param(), await readJsonObject(c));
    return c.json((await answer(c, body)) as object);
  });
}

/** The ids of the items a by-filter call names. */
function itemIdsMatching(ctx: EmulatorContext, body: Record<string, unknown>): string[] {
  if (body.filter === undefined) throw fieldError('filter', 'is required', 'REQUIRED_FIELD');
  const query = parseV3Query({ filter: body.filter, search: body.search }, '', INVENTORY_SPEC, [
    'search',
  ]);
  query.limit = Number.MAX_SAFE_INTEGER;
  const every = inventory.findInventoryItems(
    ctx,
    { query: { cursorPaging: { limit: 1000 } } },
    'query',
  );
  const { matched } = runV3Query(
    every.inventoryItems,
    (x) => x,
    query,
    INVENTORY_SPEC.searchFields,
  );
  return matched.map((item) => String(item.id));
}

function writeRoutes(ctx: EmulatorContext, app: Hono<AppEnv>) {
  post(app, ITEMS, () => inventory.itemsFollowVariants());
  post(app, `${BULK}/create`, () => inventory.itemsFollowVariants());
  post(app, `${BULK}/create-by-variant-filter`, () => inventory.itemsFollowVariants());
  post(app, `${BULK}/delete`, () => inventory.itemsFollowVariants());
  post(app, `${BULK}/delete-by-filter`, () => inventory.itemsFollowVariants());
  app.delete(`${ITEMS}/:inventoryItemId`, () => inventory.itemsFollowVariants());
  post(
    app,
    `${ITEMS}/:id`,
    (c, b) => inventory.updateInventoryItem(ctx, callerOf(c), c.req.param('id') ?? '', b),
    'patch',
  );
  for (const [path, key] of [
    ['update', 'inventoryItems'],
    ['upsert', 'inventoryItems'],
  ] as const)
    post(app, `${BULK}/${path}`, (c, body) => {
      checkKeys(body, [key, 'returnEntity', 'reason']);
      const list = body[key];
      if (!Array.isArray(list) || list.length === 0 || list.length > 1000)
        throw fieldError(key, 'must hold 1 to 1000 items', 'MAX_SIZE');
      return ctx.store.transaction((tx) => {
        const results = list.map((masked: unknown, i) => {
          const item =
            isObject(masked) && isObject(masked.inventoryItem) ? masked.inventoryItem : {};
          try {
            const saved = inventory.updateItemIn(
              ctx,
              tx,
              callerOf(c),
              stringOf(item.id),
              item,
              `${key}[${i}].inventoryItem`,
            );
            return {
              itemMetadata: { id: String(saved.id), originalIndex: i, success: true },
              ...(body.returnEntity === true ? { item: saved } : {}),
            };
          } catch (error) {
            const b = (
              error as {
                body?: { message?: string; details?: { applicationError?: { code?: string } } };
              }
            ).body;
            if (!b) throw error;
            return {
              itemMetadata: {
                originalIndex: i,
                success: false,
                error: {
                  code: b.details?.applicationError?.code ?? 'INVALID_ARGUMENT',
                  description: b.message ?? '',
                },
              },
            };
          }
        });
        const ok = results.filter((r) => r.itemMetadata.success).length;
        return {
          results,
          bulkActionMetadata: {
            totalSuccesses: ok,
            totalFailures: results.length - ok,
            undetailedFailures: 0,
          },
        };
      });
    });
  post(app, `${BULK}/increment`, (c, b) => inventory.adjustItems(ctx, callerOf(c), b, 1));
  post(app, `${BULK}/decrement`, (c, b) => inventory.adjustItems(ctx, callerOf(c), b, -1));
  for (const [path, sign] of [
    ['increment-by-variant-and-location', 1],
    ['decrement-by-variant-and-location', -1],
  ] as const)
    post(app, `${BULK}/${path}`, (c, body) => {
      const key = sign > 0 ? 'incrementData' : 'decrementData';
      const data = Array.isArray(body[key]) ? (body[key] as unknown[]) : body[key];
      const byId = Array.isArray(data)
        ? data.map((raw) => {
            const { variantId, locationId, ...rest } = isObject(raw) ? raw : {};
            return {
              ...rest,
              inventoryItemId: inventory.itemIdOf(ctx, variantId, locationId) ?? '',
            };
          })
        : data;
      return inventory.adjustItems(ctx, callerOf(c), { ...body, [key]: byId }, sign);
    });
  const byFilter =
    (
      apply: (
        c: Context<AppEnv>,
        body: Record<string, unknown>,
        id: string,
        current: Record<string, unknown>,
      ) => Record<string, unknown>,
    ) =>
    (c: Context<AppEnv>, body: Record<string, unknown>) => {
      const ids = itemIdsMatching(ctx, body);
      return ctx.store.transaction((tx) => {
        for (const id of ids) {
          const current = inventory.getInventoryItem(ctx, id).inventoryItem;
          inventory.updateItemIn(
            ctx,
            tx,
            callerOf(c),
            id,
            { ...apply(c, body, id, current), revision: current.revision },
            'inventoryItem',
          );
        }
        return { jobId: randomId() };
      });
    };
  post(
    app,
    `${BULK}/update-by-filter`,
    byFilter((_c, body) => {
      checkKeys(body, ['filter', 'search', 'inventoryItem']);
      const item = isObject(body.inventoryItem) ? body.inventoryItem : {};
      const { quantity, inStock, trackQuantity } = item;
      return {
        ...(quantity !== undefined ? { quantity } : {}),
        ...(inStock !== undefined ? { inStock } : {}),
        ...(trackQuantity !== undefined ? { trackQuantity } : {}),
      };
    }),
  );
  for (const [path, key] of [
    ['set-or-adjust-by-filter', 'adjustedInventoryAction'],
    ['adjust-by-filter', 'adjustment'],
  ] as const)
    post(
      app,
      `${BULK}/${path}`,
      byFilter((_c, body, _id, current) => {
        checkKeys(body, ['filter', 'search', key, 'trackQuantity']);
        const action = isObject(body[key]) ? body[key] : {};
        const delta =
          typeof action.incrementBy === 'number'
            ? action.incrementBy
            : typeof action.decrementBy === 'number'
              ? -action.decrementBy
              : 0;
        return { quantity: (typeof current.quantity === 'number' ? current.quantity : 0) + delta };
      }),
    );
}

/** The inventory and variants routes. */
export function stockRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  post(app, '/stores/v3/products/query-variants', (c, b) =>
    findVariants(ctx, callerOf(c), b, 'query'),
  );
  post(app, '/stores/v3/products/search-variants', (c, b) =>
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

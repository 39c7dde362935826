/**
 * Products V3 write routes (every write path of the official client's
 * `@wix/auto_sdk_stores_products-v-3` meta.js); the API key is required by the app. By-filter
 * calls run at once and answer a `jobId`, as the platform's asynchronous jobs do.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { fieldError } from '../http/errors.js';
import { randomId } from '../crypto/random.js';
import { isObject } from '../query/filter.js';
import { changeMembership } from './category-items-service.js';
import { checkKeys, jsonRoute } from './requests.js';
import * as extra from './product-bulk-service.js';
import * as products from './product-write-service.js';

function byFilterRoutes(ctx: EmulatorContext, app: Hono<AppEnv>) {
  const bulk = '/stores/v3/bulk/products';
  jsonRoute(app, 'post', `${bulk}/update-by-filter`, (c, body) => {
    checkKeys(body, ['filter', 'search', 'product']);
    const ids = extra.matchingProducts(ctx, body);
    return ctx.store.transaction((tx) => {
      for (const id of ids) {
        const revision = String(ctx.store.state.products[id]?.revision ?? 1);
        products.updateIn(
          ctx,
          tx,
          callerOf(c),
          id,
          { ...(isObject(body.product) ? body.product : {}), id, revision },
          new Set(),
        );
      }
      return { jobId: randomId() };
    });
  });
  jsonRoute(app, 'post', `${bulk}/delete-by-filter`, (c, body) => {
    checkKeys(body, ['filter', 'search']);
    const ids = extra.matchingProducts(ctx, body);
    return ctx.store.transaction((tx) => {
      for (const id of ids) products.deleteIn(ctx, tx, callerOf(c), id);
      return { jobId: randomId() };
    });
  });
  for (const [path, add] of [
    ['add-to-categories-by-filter', true],
    ['remove-from-categories-by-filter', false],
  ] as const)
    jsonRoute(app, 'post', `${bulk}/${path}`, (c, body) => {
      checkKeys(body, ['filter', 'search', 'categoryIds']);
      const categoryIds = body.categoryIds;
      if (
        !Array.isArray(categoryIds) ||
        categoryIds.length === 0 ||
        !categoryIds.every((x) => typeof x === 'string')
      )
        throw fieldError('categoryIds', 'must hold at least one id', 'MIN_SIZE');
      const ids = extra.matchingProducts(ctx, body);
      return ctx.store.transaction((tx) => {
        for (const id of ids)
          for (const category of categoryIds)
            changeMembership(ctx, tx, callerOf(c), category, id, add);
        return { jobId: randomId() };
      });
    });
  for (const [verb, add] of [
    ['add', true],
    ['remove', false],
  ] as const) {
    jsonRoute(app, 'post', `${bulk}/${verb}-info-sections`, (c, b) =>
      extra.changeInfoSections(ctx, callerOf(c), b, add),
    );
    jsonRoute(app, 'post', `${bulk}/${verb}-info-sections-by-filter`, (c, b) =>
      extra.changeInfoSectionsByFilter(ctx, callerOf(c), b, add),
    );
  }
  jsonRoute(app, 'post', `${bulk}/update-tags`, (c, b) => extra.updateTags(ctx, callerOf(c), b));
  jsonRoute(app, 'post', `${bulk}/update-tags-by-filter`, (c, b) =>
    extra.updateTagsByFilter(ctx, callerOf(c), b),
  );
  jsonRoute(app, 'post', `${bulk}/update-variants-by-filter`, (c, b) =>
    extra.updateVariantsByFilter(ctx, callerOf(c), b),
  );
  jsonRoute(app, 'post', `${bulk}/adjust-variants-by-filter`, (c, b) =>
    extra.adjustVariantsByFilter(ctx, callerOf(c), b),
  );
}

/** The Products V3 write routes. */
export function productWriteRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const [base, withInventory] of [
    ['/stores/v3/products', false],
    ['/stores/v3/products-with-inventory', true],
  ] as const) {
    jsonRoute(app, 'post', base, (c, b) =>
      products.createProduct(ctx, callerOf(c), b, withInventory),
    );
    jsonRoute(app, 'patch', `${base}/:id`, (c, b) =>
      products.updateProduct(ctx, callerOf(c), c.req.param('id') ?? '', b, withInventory),
    );
  }
  app.delete('/stores/v3/products/:productId', async (c) =>
    c.json(await products.deleteProduct(ctx, callerOf(c), c.req.param('productId'))),
  );
  for (const [kind, withInventory] of [
    ['products', false],
    ['products-with-inventory', true],
  ] as const) {
    jsonRoute(app, 'post', `/stores/v3/bulk/${kind}/create`, (c, b) =>
      products.bulkCreate(ctx, callerOf(c), b, withInventory),
    );
    jsonRoute(app, 'post', `/stores/v3/bulk/${kind}/update`, (c, b) =>
      products.bulkUpdate(ctx, callerOf(c), b, withInventory),
    );
  }
  jsonRoute(app, 'post', '/stores/v3/bulk/products/delete', (c, b) =>
    products.bulkDelete(ctx, callerOf(c), b),
  );
  byFilterRoutes(ctx, app);
  return app;
}

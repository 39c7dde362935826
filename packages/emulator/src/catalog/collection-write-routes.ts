/**
 * Merchant-side collection writes: create, update, delete, and adding or removing products
 * (platform-wire.md "Catalog write"). Allowed for any valid token, like product writes.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { readBody } from '../http/body.js';
import type { FieldViolation } from '../http/errors.js';
import { fieldError, notFound, validationError } from '../http/errors.js';
import { randomId } from '../oauth/secrets.js';
import * as events from '../webhooks/events.js';
import { identityOf } from '../webhooks/publisher.js';
import {
  checkMediaUrl,
  collectionCreateBody,
  collectionUpdateBody,
  productIdsBody,
} from './inputs.js';
import type { CollectionRecord } from './model.js';
import { renderCollection } from './render.js';
import { slugify } from './seed.js';
import {
  allCollections,
  allProducts,
  editableProduct,
  getCollection,
  getProduct,
  productCount,
  saveProduct,
} from './store.js';

type C = Context<AppEnv>;

/** The collection write routes. */
export function collectionWriteRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const who = (c: C) => identityOf(callerOf(c));
  const requireCollection = (id: string): CollectionRecord => {
    const collection = getCollection(ctx, id);
    if (!collection) throw notFound('No collection has this id');
    return collection;
  };

  const collectionMembership = (mode: 'add' | 'remove') => async (c: C) => {
    const collectionId = c.req.param('id') ?? '';
    const body = await readBody(c, productIdsBody);
    requireCollection(collectionId);
    const v: FieldViolation[] = [];
    body.productIds.forEach((pid, i) => {
      if (!getProduct(ctx, pid))
        v.push({
          field: `productIds[${i}]`,
          description: 'is not a product id',
          violatedRule: 'VALIDATION',
        });
    });
    if (v.length > 0) throw validationError(v);
    for (const pid of new Set(body.productIds)) {
      const product = editableProduct(getProduct(ctx, pid)!);
      const has = product.collectionIds.includes(collectionId);
      if (mode === 'add' && !has) product.collectionIds.push(collectionId);
      if (mode === 'remove' && has)
        product.collectionIds = product.collectionIds.filter((x) => x !== collectionId);
      saveProduct(ctx, product);
    }
    await ctx.store.commit();
    ctx.webhooks.emit(events.collectionChanged(who(c), collectionId, ['productIds']));
    for (const pid of new Set(body.productIds))
      ctx.webhooks.emit(events.productChanged(who(c), pid, ['collectionIds']));
    return c.json({});
  };
  app.post('/stores/v1/collections/:id/productIds', collectionMembership('add'));
  app.post('/stores/v1/collections/:id/productIds/delete', collectionMembership('remove'));

  const collectionSlugTaken = (selfId: string, slug: string) =>
    allCollections(ctx).some((x) => x.slug === slug && x.id !== selfId);
  const mediaFromInput = (url: string | undefined, name: string, field: string) => {
    if (url === undefined) return undefined;
    const v: FieldViolation[] = [];
    if (!checkMediaUrl(url, field, v)) throw validationError(v);
    return { id: randomId(), url, width: 800, height: 800, title: name };
  };

  app.post('/stores/v1/collections', async (c) => {
    const { collection: input } = await readBody(c, collectionCreateBody);
    const id = randomId();
    let slug = input.slug ?? (slugify(input.name) || 'collection');
    if (collectionSlugTaken(id, slug)) {
      if (input.slug !== undefined)
        throw fieldError('collection.slug', 'is already used by another collection', 'VALIDATION');
      slug = `${slug}-${id.slice(0, 8)}`;
    }
    const media = mediaFromInput(
      input.media?.mainMedia?.image.url,
      input.name,
      'collection.media.mainMedia.image.url',
    );
    const collection: CollectionRecord = {
      id,
      name: input.name,
      slug,
      description: input.description ?? '',
      visible: input.visible ?? true,
      ...(media ? { media } : {}),
      createdDate: ctx.nowIso(),
    };
    ctx.store.state.collections[id] = collection;
    await ctx.store.commit();
    const wire = renderCollection(ctx.baseUrl, collection, 0);
    ctx.webhooks.emit(events.collectionCreated(who(c), id, collection.name, wire.media));
    return c.json({ collection: wire });
  });

  app.patch('/stores/v1/collections/:id', async (c) => {
    const id = c.req.param('id');
    const { collection: input } = await readBody(c, collectionUpdateBody);
    if (input.id !== undefined && input.id !== id)
      throw fieldError('collection.id', 'must match the id in the path', 'VALIDATION');
    const next = { ...requireCollection(id) };
    const changed: string[] = [];
    if (input.slug !== undefined && collectionSlugTaken(id, input.slug))
      throw fieldError('collection.slug', 'is already used by another collection', 'VALIDATION');
    const media = mediaFromInput(
      input.media?.mainMedia?.image.url,
      input.name ?? next.name,
      'collection.media.mainMedia.image.url',
    );
    if (input.name !== undefined) {
      next.name = input.name;
      changed.push('name');
    }
    if (input.description !== undefined) {
      next.description = input.description;
      changed.push('description');
    }
    if (input.slug !== undefined) {
      next.slug = input.slug;
      changed.push('slug');
    }
    if (input.visible !== undefined) {
      next.visible = input.visible;
      changed.push('visible');
    }
    if (media) {
      next.media = media;
      changed.push('media');
    }
    ctx.store.state.collections[id] = next;
    await ctx.store.commit();
    ctx.webhooks.emit(events.collectionChanged(who(c), id, changed));
    return c.json({ collection: renderCollection(ctx.baseUrl, next, productCount(ctx, id)) });
  });

  app.delete('/stores/v1/collections/:id', async (c) => {
    const id = c.req.param('id');
    requireCollection(id);
    delete ctx.store.state.collections[id];
    for (const product of allProducts(ctx)) {
      if (product.collectionIds.includes(id)) {
        saveProduct(ctx, {
          ...product,
          collectionIds: product.collectionIds.filter((x) => x !== id),
        });
      }
    }
    await ctx.store.commit();
    ctx.webhooks.emit(events.collectionDeleted(who(c), id));
    return c.json({});
  });

  return app;
}

/**
 * Merchant-side collection writes (platform-wire.md "Catalog write"): create, update, delete,
 * and adding or removing products. Each checks everything first, then changes the state in one
 * store transaction, which emits CollectionCreated, CollectionChanged or CollectionDeleted (and
 * ProductChanged for products that joined or left) once the change is on disk.
 */
import type { Caller } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import type { FieldViolation } from '../http/errors.js';
import { fieldError, notFound, validationError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import { randomId } from '../crypto/random.js';
import * as events from '../webhooks/events.js';
import { identityOf } from '../webhooks/identity.js';
import type { collectionCreateBody, collectionUpdateBody } from './inputs.js';
import { checkMediaUrl, mediaOfUrl } from './inputs.js';
import type { CollectionRecord, MediaRecord, WireCollection } from '../models/catalog.js';
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
} from './records.js';

type CollectionInput = Infer<typeof collectionCreateBody>['collection'];
type CollectionChanges = Infer<typeof collectionUpdateBody>['collection'];

const MEDIA_URL_FIELD = 'collection.media.mainMedia.image.url';

function requireCollection(ctx: EmulatorContext, id: string): Readonly<CollectionRecord> {
  const collection = getCollection(ctx, id);
  if (!collection) throw notFound('No collection has this id');
  return collection;
}

const slugTaken = (ctx: EmulatorContext, selfId: string, slug: string) =>
  allCollections(ctx).some((x) => x.slug === slug && x.id !== selfId);

/** The media record of a given image URL. @throws {ApiError} 400 when the URL is refused. */
function mediaFromInput(url: string | undefined, name: string): MediaRecord | undefined {
  if (url === undefined) return undefined;
  const v: FieldViolation[] = [];
  if (!checkMediaUrl(url, MEDIA_URL_FIELD, v)) throw validationError(v);
  return mediaOfUrl(url, name, randomId);
}

/**
 * Adds products to a collection (`add`) or takes them out (`remove`).
 * @throws {ApiError} 404 when there is no such collection; 400 naming unknown products.
 */
export function changeMembership(
  ctx: EmulatorContext,
  caller: Caller,
  collectionId: string,
  mode: 'add' | 'remove',
  productIds: readonly string[],
): Promise<void> {
  return ctx.store.transaction((tx) => {
    requireCollection(ctx, collectionId);
    const v: FieldViolation[] = [];
    productIds.forEach((pid, i) => {
      if (!getProduct(ctx, pid))
        v.push({
          field: `productIds[${i}]`,
          description: 'is not a product id',
          violatedRule: 'VALIDATION',
        });
    });
    if (v.length > 0) throw validationError(v);
    const distinct = new Set(productIds);
    for (const pid of distinct) {
      const product = editableProduct(getProduct(ctx, pid)!);
      const has = product.collectionIds.includes(collectionId);
      if (mode === 'add' && !has) product.collectionIds.push(collectionId);
      if (mode === 'remove' && has)
        product.collectionIds = product.collectionIds.filter((x) => x !== collectionId);
      saveProduct(ctx, tx, product);
    }
    const who = identityOf(caller);
    tx.emit(events.collectionChanged(who, collectionId, ['productIds']));
    for (const pid of distinct) tx.emit(events.productChanged(who, pid, ['collectionIds']));
  });
}

/**
 * Creates a collection; a slug taken by another gets the new id's start appended, unless the
 * slug was given. @throws {ApiError} 400 when a given slug is taken or the image URL is refused.
 */
export function createCollection(
  ctx: EmulatorContext,
  caller: Caller,
  input: CollectionInput,
): Promise<{ collection: WireCollection }> {
  return ctx.store.transaction((tx) => {
    const id = randomId();
    let slug = input.slug ?? (slugify(input.name) || 'collection');
    if (slugTaken(ctx, id, slug)) {
      if (input.slug !== undefined)
        throw fieldError('collection.slug', 'is already used by another collection', 'VALIDATION');
      slug = `${slug}-${id.slice(0, 8)}`;
    }
    const media = mediaFromInput(input.media?.mainMedia?.image.url, input.name);
    const collection: CollectionRecord = {
      id,
      name: input.name,
      slug,
      description: input.description ?? '',
      visible: input.visible ?? true,
      ...(media ? { media } : {}),
      createdDate: ctx.nowIso(),
    };
    tx.state.collections[id] = collection;
    const wire = renderCollection(ctx.baseUrl, collection, 0);
    tx.emit(events.collectionCreated(identityOf(caller), id, collection.name, wire.media));
    return { collection: wire };
  });
}

/** A collection with the given fields changed, and their names. */
function withChanges(
  collection: CollectionRecord,
  input: CollectionChanges,
  media: MediaRecord | undefined,
): { next: CollectionRecord; changed: string[] } {
  const next = { ...collection };
  const changed: string[] = [];
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
  return { next, changed };
}

/**
 * Updates the given fields of a collection and emits CollectionChanged naming them.
 * @throws {ApiError} 400 when the body's id is another's, the slug is taken or the image URL is
 *   refused; 404 when there is no such collection.
 */
export function updateCollection(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  input: CollectionChanges,
): Promise<{ collection: WireCollection }> {
  if (input.id !== undefined && input.id !== id)
    throw fieldError('collection.id', 'must match the id in the path', 'VALIDATION');
  return ctx.store.transaction((tx) => {
    const collection = requireCollection(ctx, id);
    if (input.slug !== undefined && slugTaken(ctx, id, input.slug))
      throw fieldError('collection.slug', 'is already used by another collection', 'VALIDATION');
    const media = mediaFromInput(input.media?.mainMedia?.image.url, input.name ?? collection.name);
    const { next, changed } = withChanges(collection, input, media);
    tx.state.collections[id] = next;
    tx.emit(events.collectionChanged(identityOf(caller), id, changed));
    return { collection: renderCollection(ctx.baseUrl, next, productCount(ctx, id)) };
  });
}

/** Deletes a collection, taking it off every product, and emits CollectionDeleted. */
export function deleteCollection(ctx: EmulatorContext, caller: Caller, id: string): Promise<void> {
  return ctx.store.transaction((tx) => {
    requireCollection(ctx, id);
    delete tx.state.collections[id];
    for (const product of allProducts(ctx)) {
      if (product.collectionIds.includes(id)) {
        saveProduct(ctx, tx, {
          ...product,
          collectionIds: product.collectionIds.filter((x) => x !== id),
        });
      }
    }
    tx.emit(events.collectionDeleted(identityOf(caller), id));
  });
}

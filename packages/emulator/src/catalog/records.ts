/**
 * The catalog's records in the state: lookups, storing a changed product, and the catalog's
 * version, which views computed from the catalog are kept by.
 *
 * Product records are never changed in place: every write stores a new object (so the object
 * itself keys a product's rendered views, product-view.ts).
 */
import type { EmulatorContext } from '../context.js';
import type { Transaction } from '../models/state.js';
import { notFound } from '../http/errors.js';
import type { CollectionRecord, ProductRecord, VariantRecord } from '../models/catalog.js';

/** Bumped on every catalog write, so views computed from the catalog know when to refresh. */
const versions = new WeakMap<object, number>();

let counter = 0;

/**
 * A number that changes whenever any product changes. Drawn from one counter for every state
 * object, so a reset or a reloaded state never reuses a number an older catalog had.
 */
export function catalogVersion(ctx: EmulatorContext): number {
  const state = ctx.store.state;
  let version = versions.get(state);
  if (version === undefined) {
    counter += 1;
    version = counter;
    versions.set(state, version);
  }
  return version;
}

function bump(ctx: EmulatorContext): void {
  counter += 1;
  versions.set(ctx.store.state, counter);
}

/**
 * Marks the catalog changed where no product record changed (a category's name, place or
 * arrangement), so views that show categories on products refresh.
 */
export function touchCatalog(ctx: EmulatorContext): void {
  bump(ctx);
}

/** Every product, in catalog order. */
export function allProducts(ctx: EmulatorContext): Readonly<ProductRecord>[] {
  return Object.values(ctx.store.state.products);
}

/** Every collection, in catalog order. */
export function allCollections(ctx: EmulatorContext): Readonly<CollectionRecord>[] {
  return Object.values(ctx.store.state.collections);
}

/** The product with this id. */
export function getProduct(ctx: EmulatorContext, id: string): Readonly<ProductRecord> | undefined {
  return Object.hasOwn(ctx.store.state.products, id) ? ctx.store.state.products[id] : undefined;
}

/** The product with this id. @throws {ApiError} 404 when there is none. */
export function requireProduct(ctx: EmulatorContext, id: string): Readonly<ProductRecord> {
  const product = getProduct(ctx, id);
  if (!product) throw notFound('No product has this id');
  return product;
}

/** The collection with this id. */
export function getCollection(
  ctx: EmulatorContext,
  id: string,
): Readonly<CollectionRecord> | undefined {
  return Object.hasOwn(ctx.store.state.collections, id)
    ? ctx.store.state.collections[id]
    : undefined;
}

/** The product that owns a variant id, with the variant. */
export function findVariant(
  ctx: EmulatorContext,
  variantId: string,
): { product: Readonly<ProductRecord>; variant: VariantRecord } | undefined {
  // The variants API names variants `{productId}-{variantId}`; a bare variant id is accepted too.
  for (const product of allProducts(ctx)) {
    const bare = variantId.startsWith(`${product.id}-`)
      ? variantId.slice(product.id.length + 1)
      : variantId;
    const variant = product.variants.find((v) => v.id === bare);
    if (variant) return { product, variant };
  }
  return undefined;
}

/** How many products list a collection. */
export function productCount(ctx: EmulatorContext, collectionId: string): number {
  return allProducts(ctx).filter((p) => p.collectionIds.includes(collectionId)).length;
}

/**
 * Stores a changed product (a new object, see the module note), stamps `lastUpdated` and bumps its
 * Catalog V3 `revision`.
 */
export function saveProduct(
  ctx: EmulatorContext,
  tx: Transaction,
  product: ProductRecord,
): ProductRecord {
  const stored = getProduct(ctx, product.id);
  const revision = (stored ? (stored.revision ?? 1) : 0) + 1;
  const next = { ...product, lastUpdated: ctx.nowIso(), revision };
  tx.state.products[next.id] = next;
  bump(ctx);
  return next;
}

/** Removes a product. */
export function deleteProduct(ctx: EmulatorContext, tx: Transaction, id: string): void {
  delete tx.state.products[id];
  bump(ctx);
}

/** A deep copy of a product to edit before {@link saveProduct}. */
export function editableProduct(product: Readonly<ProductRecord>): ProductRecord {
  return structuredClone(product);
}

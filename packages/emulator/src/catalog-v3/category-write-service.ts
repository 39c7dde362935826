/**
 * Categories writes to the tree (merchant side): create, update (one or many), delete, move,
 * visibility. Each checks everything first, then changes the collection records (and, for a
 * delete, products' `collectionIds`, the one record of membership) in one store transaction,
 * which emits the categories' domain events once the change is on disk. Items in and out and the
 * arrangement are in category-items-service.ts.
 */
import type { EmulatorContext } from '../context.js';
import type { Caller } from '../http/app-env.js';
import { applicationError, fieldError } from '../http/errors.js';
import { randomId } from '../crypto/random.js';
import { slugify } from '../catalog/seed.js';
import { allCollections, editableProduct, saveProduct, touchCatalog } from '../catalog/records.js';
import type { CollectionRecord } from '../models/catalog.js';
import type { Transaction } from '../models/state.js';
import { isObject } from '../query/filter.js';
import { V3_EVENT_TYPES } from '../webhooks/domain-events.js';
import { ancestorsOf, childrenOf, findCategory, renderCategory, subtreeIds } from './categories.js';
import { checkTree } from './category-service.js';
import { checkKeys } from './requests.js';
import { CATEGORY_FIELDS } from './categories.js';
import { parseFields } from './fields.js';
import { ALL_PRODUCTS_CATEGORY_ID } from './ids.js';
import { checkRevision } from './revision.js';
import { stringOf } from './requests.js';
import { categoryEvent, saveCategory, stored } from './category-records.js';
import { bulk, bulkIds, bulkList } from './bulk.js';
const EDITABLE = [
  'id',
  'revision',
  'name',
  'slug',
  'description',
  'visible',
  'parentCategory',
  'image',
  'createdDate',
  'updatedDate',
  'itemCounter',
  'treeReference',
  'breadcrumbsInfo',
  'managingAppId',
  'seoData',
  'richContentDescription',
  'extendedFields',
];

function str(value: unknown, field: string, max = 200): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max)
    throw fieldError(field, `must be a string of at most ${max} characters`);
  return value;
}

/** Applies a body's category fields to a record; the parent is checked against the tree. */
function applyFields(
  ctx: EmulatorContext,
  record: CollectionRecord,
  input: Record<string, unknown>,
  creating: boolean,
): string[] {
  for (const key of Object.keys(input))
    if (!EDITABLE.includes(key))
      throw fieldError(`category.${key}`, 'is not a field the emulator keeps', 'FIELD_NOT_ALLOWED');
  const changed: string[] = [];
  const name = str(input.name, 'category.name', 80);
  if (name !== undefined) {
    if (name.trim() === '') throw fieldError('category.name', 'must not be empty', 'MIN_LENGTH');
    record.name = name;
    changed.push('name');
  }
  const slug = str(input.slug, 'category.slug', 100);
  if (slug !== undefined || creating) {
    const wanted = slugify(slug ?? record.name) || randomId();
    if (
      allCollections(ctx).some((c) => c.slug === wanted && c.id !== record.id) ||
      wanted === 'all-products'
    )
      throw applicationError(409, 'SLUG_ALREADY_EXISTS', 'Another category has this slug');
    if (wanted !== record.slug) changed.push('slug');
    record.slug = wanted;
  }
  const description = str(input.description, 'category.description', 5000);
  if (description !== undefined) {
    record.description = description;
    changed.push('description');
  }
  if (input.visible !== undefined && input.visible !== null) {
    if (typeof input.visible !== 'boolean')
      throw fieldError('category.visible', 'must be a boolean');
    record.visible = input.visible;
    changed.push('visible');
  }
  if (isObject(input.parentCategory) && input.parentCategory.id !== undefined) {
    const parentId = str(input.parentCategory.id, 'category.parentCategory.id', 100);
    placeUnder(ctx, record, parentId === ALL_PRODUCTS_CATEGORY_ID ? undefined : parentId);
    changed.push('parentCategory');
  }
  return changed;
}

/** Puts a record under `parentId`, at the end of its children. @throws {ApiError} 400. */
function placeUnder(
  ctx: EmulatorContext,
  record: CollectionRecord,
  parentId: string | undefined,
): void {
  if (parentId !== undefined) {
    const parent = findCategory(ctx, parentId);
    if (!parent) throw fieldError('category.parentCategory.id', 'is not a category of this tree');
    if (subtreeIds(ctx, record.id).has(parentId))
      throw fieldError('category.parentCategory.id', 'is the category itself or below it');
    if (ancestorsOf(ctx, parent).length >= 4)
      throw fieldError('category.parentCategory.id', 'would make the tree deeper than 5 levels');
  }
  if (parentId === undefined) delete record.parentId;
  else record.parentId = parentId;
  record.position = childrenOf(ctx, parentId).filter((c) => c.id !== record.id).length;
}

/** `POST /categories`. */
export function createCategory(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['category', 'treeReference', 'fields']);
  checkTree(body.treeReference);
  const fields = parseFields(body.fields, CATEGORY_FIELDS, caller);
  if (!isObject(body.category)) throw fieldError('category', 'is required', 'REQUIRED_FIELD');
  const input = body.category;
  if (typeof input.name !== 'string')
    throw fieldError('category.name', 'is required', 'REQUIRED_FIELD');
  return ctx.store.transaction((tx) => {
    if (allCollections(ctx).length >= 1000)
      throw applicationError(400, 'MAX_CATEGORIES', 'The tree holds 1000 categories at most');
    const record: CollectionRecord = {
      id: randomId(),
      name: '',
      slug: '',
      description: '',
      visible: true,
      createdDate: ctx.nowIso(),
      revision: 0,
    };
    applyFields(ctx, record, { ...input, id: undefined, revision: undefined }, true);
    if (record.position === undefined) placeUnder(ctx, record, undefined);
    const saved = saveCategory(ctx, tx, record);
    const wire = renderCategory(ctx, saved, fields);
    categoryEvent(ctx, tx, caller, V3_EVENT_TYPES.categoryCreated, saved, {
      createdEvent: { entity: wire },
    });
    return { category: wire };
  });
}

/** `PATCH /categories/{category.id}` (and each item of the bulk update). */
export function updateCategory(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['category', 'treeReference', 'fields']);
  checkTree(body.treeReference);
  const fields = parseFields(body.fields, CATEGORY_FIELDS, caller);
  if (!isObject(body.category)) throw fieldError('category', 'is required', 'REQUIRED_FIELD');
  const input = body.category;
  if (input.id !== undefined && input.id !== id)
    throw fieldError('category.id', 'must be the same as the path parameter of the same name');
  return ctx.store.transaction((tx) => updateIn(ctx, tx, caller, id, input, fields));
}

function updateIn(
  ctx: EmulatorContext,
  tx: Transaction,
  caller: Caller,
  id: string,
  input: Record<string, unknown>,
  fields: Set<string>,
) {
  const record = stored(ctx, id);
  checkRevision(input.revision, record.revision, 'category.revision');
  const changed = applyFields(ctx, record, input, false);
  const saved = saveCategory(ctx, tx, record);
  const wire = renderCategory(ctx, saved, fields);
  categoryEvent(ctx, tx, caller, V3_EVENT_TYPES.categoryUpdated, saved, {
    updatedEvent: {
      currentEntity: wire,
      modifiedFields: Object.fromEntries(changed.map((f) => [f, wire[f]])),
    },
  });
  return { category: wire };
}

/** `POST /bulk/categories/update`. */
export function bulkUpdateCategories(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['categories', 'treeReference', 'returnEntity', 'fields']);
  checkTree(body.treeReference);
  const fields = parseFields(body.fields, CATEGORY_FIELDS, caller);
  const items = bulkList(body.categories, 'categories', 100, 'categories').map((masked, i) => {
    const category = isObject(masked) && isObject(masked.category) ? masked.category : undefined;
    if (!category || typeof category.id !== 'string')
      throw fieldError(`categories[${i}].category.id`, 'is required', 'REQUIRED_FIELD');
    return category;
  });
  return bulk(
    ctx,
    items,
    body.returnEntity === true,
    (tx, category) => updateIn(ctx, tx, caller, category.id as string, category, fields).category,
  );
}

/** `DELETE /categories/{categoryId}`: the category and those below it; products leave them. */
export function deleteCategory(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['treeReference']);
  checkTree(body.treeReference);
  return ctx.store.transaction((tx) => {
    stored(ctx, id);
    const gone = subtreeIds(ctx, id);
    for (const product of Object.values(ctx.store.state.products)) {
      if (!product.collectionIds.some((c) => gone.has(c))) continue;
      const copy = editableProduct(product);
      copy.collectionIds = copy.collectionIds.filter((c) => !gone.has(c));
      saveProduct(ctx, tx, copy);
    }
    for (const categoryId of gone) {
      const record = { ...ctx.store.state.collections[categoryId]! };
      delete tx.state.collections[categoryId];
      categoryEvent(
        ctx,
        tx,
        caller,
        V3_EVENT_TYPES.categoryDeleted,
        { ...record, revision: (record.revision ?? 1) + 1 },
        { deletedEvent: {} },
      );
    }
    touchCatalog(ctx);
    return {};
  });
}

/** `POST /categories/{categoryId}/move`. */
export function moveCategory(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
  body: Record<string, unknown>,
) {
  checkKeys(body, [
    'categoryId',
    'treeReference',
    'parentCategoryId',
    'position',
    'moveAfterCategoryId',
  ]);
  checkTree(body.treeReference);
  const position = body.position;
  if (position !== 'FIRST' && position !== 'LAST' && position !== 'AFTER')
    throw fieldError('position', 'must be one of FIRST, LAST, AFTER', 'INVALID_ENUM_VALUE');
  const parentId = str(body.parentCategoryId, 'parentCategoryId', 100);
  return ctx.store.transaction((tx) => {
    const record = stored(ctx, id);
    const parent = parentId === ALL_PRODUCTS_CATEGORY_ID ? undefined : parentId;
    placeUnder(ctx, record, parent);
    const siblings = childrenOf(ctx, parent)
      .filter((c) => c.id !== id)
      .map((c) => c.id);
    let at = position === 'FIRST' ? 0 : siblings.length;
    if (position === 'AFTER') {
      const after = siblings.indexOf(stringOf(body.moveAfterCategoryId));
      if (after < 0)
        throw fieldError('moveAfterCategoryId', 'is not a sibling of the moved category');
      at = after + 1;
    }
    siblings.splice(at, 0, id);
    siblings.forEach((siblingId, index) => {
      if (siblingId === id) record.position = index;
      else
        tx.state.collections[siblingId] = {
          ...ctx.store.state.collections[siblingId]!,
          position: index,
        };
    });
    const saved = saveCategory(ctx, tx, record);
    const wire = renderCategory(ctx, saved, new Set());
    categoryEvent(ctx, tx, caller, V3_EVENT_TYPES.categoryUpdated, saved, {
      updatedEvent: { currentEntity: wire },
    });
    return {
      ...(parent !== undefined ? { parentCategoryId: parent } : {}),
      categoriesAfterMove: siblings,
    };
  });
}

/** `PATCH /categories/visibility`. */
export function setVisibility(ctx: EmulatorContext, caller: Caller, body: Record<string, unknown>) {
  checkKeys(body, ['categoryId', 'visible', 'treeReference', 'revision', 'fields']);
  if (typeof body.categoryId !== 'string')
    throw fieldError('categoryId', 'is required', 'REQUIRED_FIELD');
  if (typeof body.visible !== 'boolean')
    throw fieldError('visible', 'is required', 'REQUIRED_FIELD');
  return updateCategory(ctx, caller, body.categoryId, {
    category: { revision: body.revision, visible: body.visible },
    treeReference: body.treeReference,
    ...(body.fields !== undefined ? { fields: body.fields } : {}),
  });
}

/** `POST /bulk/categories/show`. */
export function bulkShow(ctx: EmulatorContext, caller: Caller, body: Record<string, unknown>) {
  checkKeys(body, ['categoryIds', 'treeReference', 'returnEntity', 'fields']);
  checkTree(body.treeReference);
  const fields = parseFields(body.fields, CATEGORY_FIELDS, caller);
  const ids = bulkIds(body.categoryIds, 'categoryIds');
  return bulk(ctx, ids, body.returnEntity === true, (tx, id) => {
    const record = stored(ctx, id);
    return updateIn(
      ctx,
      tx,
      caller,
      id,
      { revision: String(record.revision ?? 1), visible: true },
      fields,
    ).category;
  });
}

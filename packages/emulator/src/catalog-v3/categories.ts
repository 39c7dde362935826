/**
 * The Stores category tree of a Catalog V3 store, read from the catalog's records: each
 * collection is a category (same id, name, slug), its `parentId` places it in the tree, and a
 * product's `collectionIds` are its direct categories. The system category `all-products` holds
 * every product; it is no record: it is drawn here, and no write changes it.
 */
import type { EmulatorContext } from '../context.js';
import { absoluteUrl } from '../catalog/render.js';
import { allCollections, allProducts, getCollection } from '../catalog/records.js';
import { SEED_DATE } from '../catalog/seed.js';
import type { CollectionRecord, ProductRecord } from '../models/catalog.js';
import { STORES_APP_ID } from '../models/catalog.js';
import { ALL_PRODUCTS_CATEGORY_ID, ALL_PRODUCTS_SLUG, STORES_NAMESPACE } from './ids.js';

/** A category as the tree sees it: a collection record, or the system category. */
export type CategoryNode = Readonly<CollectionRecord> & { system?: true };

/** The `all-products` system category. */
export function allProductsCategory(): CategoryNode {
  return {
    id: ALL_PRODUCTS_CATEGORY_ID,
    name: 'All Products',
    slug: ALL_PRODUCTS_SLUG,
    description: '',
    visible: true,
    createdDate: SEED_DATE,
    system: true,
  };
}

/** Sibling order: `position` first, then catalog order. */
function bySiblingOrder(nodes: CategoryNode[]): CategoryNode[] {
  return nodes
    .map((node, index) => ({ node, index }))
    .sort(
      (a, b) => (a.node.position ?? a.index) - (b.node.position ?? b.index) || a.index - b.index,
    )
    .map((entry) => entry.node);
}

/** Every category, the system one first, then the tree's top level and each one's children in order. */
export function allCategories(ctx: EmulatorContext): CategoryNode[] {
  const records = allCollections(ctx);
  const out: CategoryNode[] = [allProductsCategory()];
  const visit = (parentId: string | undefined) => {
    for (const node of bySiblingOrder(records.filter((c) => c.parentId === parentId))) {
      out.push(node);
      visit(node.id);
    }
  };
  visit(undefined);
  return out;
}

/** The category with this id (the system one included). */
export function findCategory(ctx: EmulatorContext, id: string): CategoryNode | undefined {
  if (id === ALL_PRODUCTS_CATEGORY_ID) return allProductsCategory();
  return getCollection(ctx, id);
}

/** The children of a category (`undefined`: the top level), in sibling order. */
export function childrenOf(ctx: EmulatorContext, parentId: string | undefined): CategoryNode[] {
  return bySiblingOrder(allCollections(ctx).filter((c) => c.parentId === parentId));
}

/** A category's ancestors, the root first. */
export function ancestorsOf(ctx: EmulatorContext, category: CategoryNode): CategoryNode[] {
  const chain: CategoryNode[] = [];
  let parentId = category.parentId;
  // The tree has at most 5 levels; the bound guards a cycle no write can make.
  for (let depth = 0; parentId !== undefined && depth < 10; depth += 1) {
    const parent = getCollection(ctx, parentId);
    if (!parent) break;
    chain.unshift(parent);
    parentId = parent.parentId;
  }
  return chain;
}

/** A category and every category below it. */
export function subtreeIds(ctx: EmulatorContext, id: string): Set<string> {
  const ids = new Set([id]);
  const records = allCollections(ctx);
  let grew = true;
  while (grew) {
    grew = false;
    for (const record of records)
      if (record.parentId !== undefined && ids.has(record.parentId) && !ids.has(record.id)) {
        ids.add(record.id);
        grew = true;
      }
  }
  return ids;
}

/** A product's direct categories: the system category, then its collections. */
export function directCategoryIds(product: Readonly<ProductRecord>): string[] {
  return [ALL_PRODUCTS_CATEGORY_ID, ...product.collectionIds];
}

/** A product's direct categories and their ancestors. */
export function allCategoryIds(ctx: EmulatorContext, product: Readonly<ProductRecord>): string[] {
  const ids = new Set(directCategoryIds(product));
  for (const id of product.collectionIds) {
    const category = getCollection(ctx, id);
    if (category) for (const ancestor of ancestorsOf(ctx, category)) ids.add(ancestor.id);
  }
  return [...ids];
}

/**
 * The products directly in a category, in its order: the merchant's arrangement first (when set),
 * then the rest in catalog order.
 */
export function productIdsIn(ctx: EmulatorContext, category: CategoryNode): string[] {
  const ids = allProducts(ctx)
    .filter((p) => category.system === true || p.collectionIds.includes(category.id))
    .map((p) => p.id);
  const arranged = (category.arrangedItemIds ?? []).filter((id) => ids.includes(id));
  return [...arranged, ...ids.filter((id) => !arranged.includes(id))];
}

/** A product's manual position in a category (set only where the merchant arranged it). */
export function indexIn(category: CategoryNode | undefined, productId: string): number | undefined {
  const index = category?.arrangedItemIds?.indexOf(productId) ?? -1;
  return index >= 0 ? index : undefined;
}

/** The `fields` a category read may ask for. */
export const CATEGORY_FIELDS = [
  'BREADCRUMBS_INFO',
  'DESCRIPTION',
  'RICH_CONTENT_DESCRIPTION',
] as const;

/** A category's wire shape, with what `fields` ask for. */
export function renderCategory(
  ctx: EmulatorContext,
  category: CategoryNode,
  fields: ReadonlySet<string>,
): Record<string, unknown> {
  const siblings = childrenOf(ctx, category.parentId);
  const index = category.system === true ? 0 : siblings.findIndex((s) => s.id === category.id);
  const out: Record<string, unknown> = {
    id: category.id,
    revision: String(category.revision ?? 1),
    createdDate: category.createdDate,
    updatedDate: category.updatedDate ?? category.createdDate,
    name: category.name,
    ...(category.media
      ? {
          image: {
            id: category.media.id,
            url: absoluteUrl(ctx.baseUrl, category.media.url),
            height: category.media.height,
            width: category.media.width,
            altText: category.media.title,
            filename: category.media.id,
          },
        }
      : {}),
    itemCounter: productIdsIn(ctx, category).length,
    visible: category.visible,
    parentCategory: {
      ...(category.parentId !== undefined ? { id: category.parentId } : {}),
      index: Math.max(0, index),
    },
    slug: category.slug,
    treeReference: { appNamespace: STORES_NAMESPACE },
    managingAppId: STORES_APP_ID,
  };
  if (fields.has('DESCRIPTION')) out.description = category.description;
  if (fields.has('RICH_CONTENT_DESCRIPTION'))
    out.richContentDescription = richText(category.description);
  if (fields.has('BREADCRUMBS_INFO'))
    out.breadcrumbsInfo = {
      breadcrumbs: ancestorsOf(ctx, category).map((a) => ({
        categoryId: a.id,
        categoryName: a.name,
        categorySlug: a.slug,
      })),
    };
  return out;
}

/** Plain text as the platform's rich content: one paragraph per line. */
export function richText(text: string): Record<string, unknown> {
  const plain = text.replace(/<[^>]*>/g, '');
  const lines = plain.split('\n').filter((line) => line.trim() !== '');
  return {
    nodes: lines.map((line, i) => ({
      type: 'PARAGRAPH',
      id: `p${i}`,
      nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: line, decorations: [] } }],
      paragraphData: {},
    })),
    metadata: { version: 1 },
  };
}

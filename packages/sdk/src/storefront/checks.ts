/**
 * The storefront reads' arguments, checked once at the public edge: a query's bounds, a
 * reference's id or slug. What passes is handed to the catalog sources as a checked value; what
 * does not is a `StoreArgumentError` naming the argument, and nothing is sent.
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import { describe } from '../internal/checks.js';
import { parseProductSortOrder, PRODUCT_SORT_ORDERS } from '../catalog/sort-orders.js';
import {
  MAX_STOREFRONT_LIMIT,
  type CheckedCategoryQuery,
  type CheckedProductQuery,
  type StorefrontCategoryQuery,
  type StorefrontCategorySort,
  type StorefrontProductQuery,
  type StorefrontRef,
} from './types.js';

const CATEGORY_SORTS: readonly StorefrontCategorySort[] = ['featured', 'name-asc', 'name-desc'];

/** Products or categories a page when the query does not say. */
export const DEFAULT_STOREFRONT_LIMIT = 50;

/** The longest search text sent (Catalog V3's search takes at most 100 characters). */
const MAX_TEXT = 100;

/** The longest cursor taken (Catalog V3's are at most 16,000 characters). */
const MAX_CURSOR = 16_000;

/** The longest id or slug taken. */
const MAX_REF = 200;

/**
 * A product query with its defaults, checked.
 * @throws {StoreArgumentError} for a query that is not an object, a limit out of 1–100, an unknown
 *   sort, an empty category id, or a cursor that is not a string of at most 16,000 characters.
 */
export function checkProductQuery(query: StorefrontProductQuery = {}): CheckedProductQuery {
  checkObject('query', query);
  const { text, categoryId, ribbon, ids, sort, cursor } = query;
  if (text !== undefined && typeof text !== 'string') {
    throw new StoreArgumentError('query.text', `must be a string, got ${describe(text)}`);
  }
  if (categoryId !== undefined) checkRefValue('query.categoryId', categoryId);
  if (ribbon !== undefined) checkRefValue('query.ribbon', ribbon);
  if (ids !== undefined) {
    if (!Array.isArray(ids) || ids.length > MAX_STOREFRONT_LIMIT) {
      throw new StoreArgumentError(
        'query.ids',
        `must be an array of at most ${MAX_STOREFRONT_LIMIT} ids, got ${describe(ids)}`,
      );
    }
    ids.forEach((id, index) => checkRefValue(`query.ids[${index}]`, id));
  }
  if (sort !== undefined && parseProductSortOrder(sort) !== sort) {
    throw new StoreArgumentError('query.sort', `must be one of ${PRODUCT_SORT_ORDERS.join(', ')}`);
  }
  const trimmed = text?.trim().slice(0, MAX_TEXT);
  return {
    text: trimmed === '' ? undefined : trimmed,
    categoryId,
    ribbon,
    ids: ids?.slice(),
    sort: sort ?? 'featured',
    limit: checkLimit('query.limit', query.limit),
    cursor: checkCursor('query.cursor', cursor),
  };
}

/** A category query with its defaults, checked. @throws {StoreArgumentError} as above. */
export function checkCategoryQuery(query: StorefrontCategoryQuery = {}): CheckedCategoryQuery {
  checkObject('query', query);
  const { sort = 'featured' } = query;
  if (!CATEGORY_SORTS.includes(sort)) {
    throw new StoreArgumentError('query.sort', `must be one of ${CATEGORY_SORTS.join(', ')}`);
  }
  return {
    sort,
    limit: checkLimit('query.limit', query.limit),
    cursor: checkCursor('query.cursor', query.cursor),
  };
}

/**
 * `{ id }` or `{ slug }`, each a non-blank string of at most 200 characters.
 * @throws {StoreArgumentError} naming `ref`, `ref.id` or `ref.slug`.
 */
export function checkRef(ref: StorefrontRef): StorefrontRef {
  checkObject('ref', ref);
  if ('id' in ref) {
    checkRefValue('ref.id', ref.id);
    return { id: ref.id };
  }
  if ('slug' in ref) {
    checkRefValue('ref.slug', ref.slug);
    return { slug: ref.slug };
  }
  throw new StoreArgumentError('ref', 'must be { id } or { slug }');
}

function checkObject(argument: string, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new StoreArgumentError(argument, `must be an object, got ${describe(value)}`);
  }
}

function checkRefValue(argument: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_REF) {
    throw new StoreArgumentError(
      argument,
      `must be a non-empty string of at most ${MAX_REF} characters`,
    );
  }
}

function checkLimit(argument: string, limit: unknown): number {
  if (limit === undefined) return DEFAULT_STOREFRONT_LIMIT;
  if (
    typeof limit !== 'number' ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > MAX_STOREFRONT_LIMIT
  ) {
    throw new StoreArgumentError(
      argument,
      `must be a whole number from 1 to ${MAX_STOREFRONT_LIMIT}`,
    );
  }
  return limit;
}

function checkCursor(argument: string, cursor: unknown): string | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (typeof cursor !== 'string' || cursor.length > MAX_CURSOR) {
    throw new StoreArgumentError(argument, `must be a page's nextCursor`);
  }
  return cursor;
}

/** A category list's order by name, as both catalogs sort it. */
export function byName(sort: Exclude<StorefrontCategorySort, 'featured'>) {
  return { fieldName: 'name', order: sort === 'name-asc' ? 'ASC' : 'DESC' } as const;
}

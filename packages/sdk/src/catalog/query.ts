/**
 * Typed catalog queries: filters with the platform's operators, sort and offset paging
 *. A filter names only fields the entity can be filtered on, and each
 * field takes only values and operators of its type.
 */
import { withDefaultPaging, type Paging } from '../http/paging.js';
import type { InventoryStatus, ProductType, SortOrder } from '../models/catalog.js';
import { checkQuantity } from '../internal/checks.js';

/** Operators that compare a field with values of its own type. */
export interface ComparisonOperators<V> {
  $eq?: V;
  $ne?: V;
  $gt?: V;
  $gte?: V;
  $lt?: V;
  $lte?: V;
  $in?: readonly V[];
  $nin?: readonly V[];
  /** `true`: the field is present; `false`: it is absent. */
  $exists?: boolean;
  /** `true`: the field is empty (`""`, `[]`, absent). */
  $isEmpty?: boolean;
}

/** Operators of text fields. */
export interface StringOperators {
  $startsWith?: string;
  $contains?: string;
}

/** Operators of list fields. */
export interface ArrayOperators<E> {
  /** The list holds at least one of these. */
  $hasSome?: readonly E[];
  /** The list holds all of these. */
  $hasAll?: readonly E[];
  $exists?: boolean;
  $isEmpty?: boolean;
}

/**
 * What a filter may say about one field of type `V`: a value (equals), or an object of the
 * operators that fit the type.
 */
export type FieldCondition<V> = [V] extends [readonly (infer E)[]]
  ? ArrayOperators<E>
  : [V] extends [string]
    ? V | (ComparisonOperators<V> & StringOperators)
    : V | ComparisonOperators<V>;

/** `$and`, `$or` and `$not`, combining filters. */
export interface LogicalOperators<F> {
  $and?: readonly Filter<F>[];
  $or?: readonly Filter<F>[];
  $not?: Filter<F>;
}

/**
 * A filter over the fields `F` (a map of field path → value type).
 *
 * @example
 * const filter: Filter<ProductFilterFields> = {
 *   'priceData.price': { $gte: 10, $lt: 50 },
 *   $or: [{ name: { $startsWith: 'Trail' } }, { ribbon: 'Sale' }],
 * };
 */
export type Filter<F> = { [K in keyof F]?: FieldCondition<F[K]> } & LogicalOperators<F>;

/** One sort key. */
export interface SortField<F> {
  fieldName: keyof F & string;
  /** @default 'ASC' */
  order?: SortOrder;
}

/**
 * A catalog query: `{ filter?, sort?, paging? }`. Paging defaults to `{ limit: 50, offset: 0 }`.
 *
 * @example
 * await store.products.query({
 *   filter: { 'collections.id': { $hasSome: [collectionId] }, visible: true },
 *   sort: [{ fieldName: 'priceData.price', order: 'ASC' }],
 *   paging: { limit: 12 },
 * });
 */
export interface CatalogQuery<F = Record<string, unknown>> {
  filter?: Filter<F>;
  sort?: readonly SortField<F>[];
  paging?: Paging;
}

/** A date field: an ISO string, or a `Date` (sent as an ISO string). */
export type DateValue = string | Date;

/** Fields products can be filtered and sorted on. */
export interface ProductFilterFields {
  id: string;
  name: string;
  description: string;
  slug: string;
  sku: string;
  numericId: string;
  productType: ProductType;
  visible: boolean;
  price: number;
  'priceData.price': number;
  'priceData.discountedPrice': number;
  'stock.inventoryStatus': InventoryStatus;
  'stock.inStock': boolean;
  ribbon: string;
  brand: string;
  'collections.id': string[];
  collectionIds: string[];
  lastUpdated: DateValue;
  createdDate: DateValue;
}

/** Fields collections can be filtered and sorted on. */
export interface CollectionFilterFields {
  id: string;
  name: string;
  slug: string;
  visible: boolean;
  description: string;
  numberOfProducts: number;
}

/** Fields variants can be filtered and sorted on. */
export interface VariantFilterFields {
  id: string;
  productId: string;
  variantId: string;
  variantName: string;
  productName: string;
  sku: string;
  managedVariant: boolean;
  'stock.inStock': boolean;
  'stock.quantity': number;
  'variant.priceData.price': number;
  'variant.visible': boolean;
  collectionIds: string[];
}

/** A product query. */
export type ProductQuery = CatalogQuery<ProductFilterFields>;
/** A collection query. */
export type CollectionQuery = CatalogQuery<CollectionFilterFields>;
/** A variant query. */
export type VariantQuery = CatalogQuery<VariantFilterFields>;

/** A query as sent: `{ filter?, sort?, paging }` with paging filled in. */
export interface WireQuery {
  filter?: unknown;
  sort?: unknown;
  paging: Required<Paging>;
}

/**
 * A query as sent, with the default paging (50 items from offset 0).
 *
 * @throws {StoreArgumentError} for a negative or fractional `paging.limit` or `paging.offset`.
 */
export function toWireQuery<F>(query: CatalogQuery<F> = {}): WireQuery {
  const paging = withDefaultPaging(query.paging);
  checkQuantity('paging.limit', paging.limit, 0);
  checkQuantity('paging.offset', paging.offset, 0);
  const wire: WireQuery = { paging };
  if (query.filter !== undefined) wire.filter = query.filter;
  if (query.sort !== undefined) wire.sort = query.sort;
  return wire;
}

/**
 * Products V3 reads (platform-wire-v3.md "Products V3, read"): by id, by slug, query, search and
 * count, and the all-products category. Visitors and members see visible products only; the API
 * key sees every product. Query and search answer no `variantsInfo` (get and get-by-slug do).
 */
import type { EmulatorContext } from '../context.js';
import type { Caller } from '../http/app-env.js';
import { applicationError, fieldError, notFound } from '../http/errors.js';
import { allProducts, catalogVersion, getProduct } from '../catalog/records.js';
import type { ProductRecord } from '../models/catalog.js';
import { isObject } from '../query/filter.js';
import { aggregate, checkAggregations } from './aggregations.js';
import { PRODUCT_FIELDS, parseFields } from './fields.js';
import { ALL_PRODUCTS_CATEGORY_ID, STORES_NAMESPACE } from './ids.js';
import { renderV3Product } from './product-render.js';
import type { QuerySpec } from './query.js';
import { countV3, parseV3Query, runV3Query } from './query.js';
import { checkKeys } from './requests.js';

const ALL = '*' as const;
const HAS = ['$hasSome', '$hasAll'] as const;
const PRICE_FIELDS = [
  'actualPriceRange.minValue.amount',
  'actualPriceRange.maxValue.amount',
  'compareAtPriceRange.minValue.amount',
  'compareAtPriceRange.maxValue.amount',
];

/** What product queries filter and sort on (the client's `V3ProductQuerySpec`). */
export const PRODUCT_QUERY_SPEC: QuerySpec = {
  filterable: {
    id: ALL,
    handle: ALL,
    createdDate: ALL,
    updatedDate: ALL,
    slug: ALL,
    visible: ALL,
    'options.id': HAS,
  },
  sortable: new Set(['createdDate', 'updatedDate', 'slug', 'visible']),
  maxLimit: 100,
};

/** The fields free-text search reads by default, and the names it takes for them. */
const SEARCH_FIELDS = [
  'name',
  'plainDescription',
  'variantsInfo.variants.sku',
  'variantsInfo.variants.barcode',
];
const SEARCH_ALIASES: Readonly<Record<string, string>> = {
  description: 'plainDescription',
  'minVariantPriceInfo.sku': 'variantsInfo.variants.sku',
  'directCategoryIdsInfo.categoryIds': 'directCategoriesInfo.categories.id',
};

/** What product searches filter and sort on (the client's `V3ProductSearchSpec`). */
export const PRODUCT_SEARCH_SPEC: QuerySpec = {
  filterable: {
    'allCategoriesInfo.categories': ['$matchItems'],
    'directCategoriesInfo.categories': ['$matchItems'],
    'variantsInfo.variants': ['$matchItems'],
    'allCategoriesInfo.categories.id': ['$hasSome', '$hasAll', '$in', '$eq'],
    'directCategoriesInfo.categories.id': ['$hasSome', '$hasAll', '$in', '$eq'],
    'infoSections.id': HAS,
    ...Object.fromEntries(
      [
        'id',
        'slug',
        'handle',
        'visible',
        'visibleInPos',
        'productType',
        'brand.id',
        'brand.name',
        'ribbon.id',
        'ribbon.name',
        'inventory.availabilityStatus',
        'inventory.preorderStatus',
        'name',
        'createdDate',
        'updatedDate',
        ...PRICE_FIELDS,
      ].map((f) => [f, ALL]),
    ),
  },
  filterablePrefixes: {
    'options.': HAS,
    'modifiers.': HAS,
    'additionalRibbons.': HAS,
    'tags.': HAS,
  },
  sortable: new Set(['name', 'createdDate', 'updatedDate', ...PRICE_FIELDS]),
  maxLimit: 100,
  numeric: new Set(PRICE_FIELDS),
  searchFields: SEARCH_FIELDS,
};

const EVERY_FIELD = new Set<string>(PRODUCT_FIELDS);
const docs = new WeakMap<
  Readonly<ProductRecord>,
  { version: number; doc: Record<string, unknown> }
>();

/** The document queries filter on: every field, prices as numbers. Treat it as read-only. */
export function productDocument(
  ctx: EmulatorContext,
  product: Readonly<ProductRecord>,
): Record<string, unknown> {
  const version = catalogVersion(ctx);
  const cached = docs.get(product);
  if (cached?.version === version) return cached.doc;
  const doc = renderV3Product(ctx, product, { fields: EVERY_FIELD, variants: true });
  for (const name of ['actualPriceRange', 'compareAtPriceRange']) {
    const range = doc[name] as Record<string, { amount: string }>;
    doc[name] = {
      minValue: { amount: Number(range.minValue!.amount) },
      maxValue: { amount: Number(range.maxValue!.amount) },
    };
  }
  docs.set(product, { version, doc });
  return doc;
}

/** The products a caller may read: every one for the API key, visible ones for tokens. */
function readable(ctx: EmulatorContext, caller: Caller): Readonly<ProductRecord>[] {
  const all = allProducts(ctx);
  return caller.role === 'app' ? all : all.filter((p) => p.visible);
}

function requireReadable(caller: Caller, product: Readonly<ProductRecord> | undefined) {
  if (!product || (!product.visible && caller.role !== 'app'))
    throw notFound('No product has this id');
  return product;
}

/** A product by id. @throws {ApiError} 404; 400 for unknown fields. */
export function getV3Product(ctx: EmulatorContext, caller: Caller, id: string, rawFields: unknown) {
  const fields = parseFields(rawFields, PRODUCT_FIELDS, caller);
  const product = requireReadable(caller, getProduct(ctx, id));
  return { product: renderV3Product(ctx, product, { fields, variants: true }) };
}

/** A product by slug. @throws {ApiError} 404; 400 for unknown fields. */
export function getV3ProductBySlug(
  ctx: EmulatorContext,
  caller: Caller,
  slug: string,
  rawFields: unknown,
) {
  const fields = parseFields(rawFields, PRODUCT_FIELDS, caller);
  const product = allProducts(ctx).find((p) => p.slug === slug);
  if (!product || (!product.visible && caller.role !== 'app'))
    throw notFound('No product has this slug');
  return { product: renderV3Product(ctx, product, { fields, variants: true }) };
}

/** `query`: a page of products. @throws {ApiError} 400 naming what the request gets wrong. */
export function queryV3Products(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['query', 'fields']);
  const fields = parseFields(body.fields, PRODUCT_FIELDS, caller);
  const query = parseV3Query(body.query, 'query', PRODUCT_QUERY_SPEC);
  const { page, pagingMetadata } = runV3Query(
    readable(ctx, caller),
    (p) => productDocument(ctx, p),
    query,
  );
  return {
    products: page.map((p) => renderV3Product(ctx, p, { fields, variants: false })),
    pagingMetadata,
  };
}

/** The search with its field names as the documents hold them. */
function searchOf(raw: unknown): unknown {
  if (!isObject(raw) || !Array.isArray(raw.fields)) return raw;
  return {
    ...raw,
    fields: (raw.fields as unknown[]).map((f) =>
      typeof f === 'string' && Object.hasOwn(SEARCH_ALIASES, f) ? SEARCH_ALIASES[f] : f,
    ),
  };
}

/** `search`: a page of products, and aggregations. @throws {ApiError} 400. */
export function searchV3Products(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['search', 'fields']);
  const fields = parseFields(body.fields, PRODUCT_FIELDS, caller);
  const raw = isObject(body.search)
    ? { ...body.search, search: searchOf(body.search.search) }
    : body.search;
  const query = parseV3Query(raw, 'search', PRODUCT_SEARCH_SPEC, [
    'search',
    'aggregations',
    'timeZone',
  ]);
  const aggregations = checkAggregations(
    isObject(raw) ? raw.aggregations : undefined,
    'search.aggregations',
  );
  const { page, matched, pagingMetadata } = runV3Query(
    readable(ctx, caller),
    (p) => productDocument(ctx, p),
    query,
    SEARCH_FIELDS,
  );
  return {
    products: page.map((p) => renderV3Product(ctx, p, { fields, variants: false })),
    pagingMetadata,
    ...(aggregations.length > 0
      ? {
          aggregationData: aggregate(
            matched.map((p) => productDocument(ctx, p)),
            aggregations,
          ),
        }
      : {}),
  };
}

/**
 * `count`: how many products match; hidden ones only with `returnNonVisibleProducts` and the API key.
 * @throws {ApiError} 400; 403 when a token asks for hidden products.
 */
export function countV3Products(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
) {
  checkKeys(body, ['filter', 'search', 'returnNonVisibleProducts']);
  const hidden = body.returnNonVisibleProducts;
  if (hidden !== undefined && hidden !== null && typeof hidden !== 'boolean')
    throw fieldError('returnNonVisibleProducts', 'must be a boolean', 'VALIDATION');
  if (hidden === true && caller.role !== 'app')
    throw applicationError(403, 'PERMISSION_DENIED', 'Counting hidden products needs the API key');
  const products = allProducts(ctx).filter((p) => hidden === true || p.visible);
  const count = countV3(
    products.map((p) => productDocument(ctx, p)),
    body.filter,
    searchOf(body.search),
    PRODUCT_SEARCH_SPEC,
  );
  return { count };
}

/** `all-products-category`: the system category's id in the Stores tree. */
export function allProductsCategoryAnswer() {
  return {
    categoryId: ALL_PRODUCTS_CATEGORY_ID,
    treeReference: { appNamespace: STORES_NAMESPACE, treeKey: null },
  };
}

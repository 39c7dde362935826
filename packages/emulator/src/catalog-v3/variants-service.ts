/**
 * Read-only variants V3 (platform-wire-v3.md "Read-only variants V3"): every variant of every
 * product as its own entity, `{variantId, optionChoices, price, inventoryStatus, productData}`,
 * queried and searched with plain POSTs (up to 1000 a page).
 */
import type { EmulatorContext } from '../context.js';
import type { Caller } from '../http/app-env.js';
import { allProducts } from '../catalog/records.js';
import type { ProductRecord, VariantRecord } from '../models/catalog.js';
import { STORE_CURRENCY } from '../models/catalog.js';
import { isObject } from '../query/filter.js';
import { aggregate, checkAggregations } from './aggregations.js';
import { checkKeys } from './requests.js';
import { VARIANT_FIELDS, parseFields } from './fields.js';
import { renderV3Variant } from './product-render.js';
import type { QuerySpec } from './query.js';
import { parseV3Query, runV3Query } from './query.js';

const ALL = '*' as const;
const FIELDS = [
  'id',
  'variantId',
  'visible',
  'sku',
  'barcode',
  'productData.productId',
  'productData.name',
  'productData.slug',
  'productData.visible',
  'productData.visibleInPos',
  'productData.productType',
  'productData.handle',
  'productData.updatedDate',
  'inventoryStatus.inStock',
  'inventoryStatus.preorderEnabled',
  'optionChoices.optionChoiceIds.choiceId',
  'optionChoices.optionChoiceIds.optionId',
  'price.actualPrice.amount',
  'price.compareAtPrice.amount',
];

/** What variant queries and searches filter and sort on. */
export const VARIANT_SPEC: QuerySpec = {
  filterable: Object.fromEntries(FIELDS.map((f) => [f, ALL])),
  sortable: new Set(FIELDS),
  maxLimit: 1000,
  numeric: new Set(['price.actualPrice.amount', 'price.compareAtPrice.amount']),
  searchFields: ['productData.name', 'sku'],
};

/** A variant as read-only variants answer it. */
export function renderReadOnlyVariant(
  ctx: EmulatorContext,
  product: Readonly<ProductRecord>,
  variant: VariantRecord,
  fields: ReadonlySet<string>,
): Record<string, unknown> {
  const { id, choices, ...rest } = renderV3Variant(
    ctx,
    product,
    variant,
    new Set([...fields, 'VARIANT_OPTION_CHOICE_NAMES']),
  );
  return {
    ...rest,
    id: `${product.id}-${String(id)}`,
    variantId: id,
    optionChoices: choices,
    productData: {
      productId: product.id,
      name: product.name,
      productType: product.productType === 'physical' ? 'PHYSICAL' : 'DIGITAL',
      slug: product.slug,
      handle: product.slug,
      visible: product.visible,
      visibleInPos: product.visible,
      mainCategoryId: product.collectionIds[0],
      ...(fields.has('CURRENCY') ? { currency: STORE_CURRENCY } : {}),
      revision: String(product.revision ?? 1),
      updatedDate: product.lastUpdated,
    },
  };
}

function documents(ctx: EmulatorContext, caller: Caller) {
  const entries: { product: Readonly<ProductRecord>; variant: VariantRecord }[] = [];
  for (const product of allProducts(ctx))
    if (product.visible || caller.role === 'app')
      for (const variant of product.variants) entries.push({ product, variant });
  const numeric = (wire: Record<string, unknown>) => {
    const price = wire.price as Record<string, { amount: string } | undefined>;
    return {
      ...wire,
      price: Object.fromEntries(
        Object.entries(price).map(([k, v]) => [k, { amount: Number(v?.amount) }]),
      ),
    };
  };
  return entries.map((e) => ({
    e,
    doc: numeric(renderReadOnlyVariant(ctx, e.product, e.variant, new Set())),
  }));
}

/** `query-variants` and `search-variants`. */
export function findVariants(
  ctx: EmulatorContext,
  caller: Caller,
  body: Record<string, unknown>,
  root: 'query' | 'search',
) {
  checkKeys(body, [root, 'fields']);
  const fields = parseFields(body.fields, VARIANT_FIELDS, caller);
  const keys = root === 'search' ? ['search', 'aggregations', 'timeZone'] : [];
  const query = parseV3Query(body[root], root, VARIANT_SPEC, keys);
  const aggregations =
    root === 'search' && isObject(body.search)
      ? checkAggregations(body.search.aggregations, 'search.aggregations')
      : [];
  const { page, matched, pagingMetadata } = runV3Query(
    documents(ctx, caller),
    (d) => d.doc,
    query,
    VARIANT_SPEC.searchFields,
  );
  return {
    variants: page.map((d) => renderReadOnlyVariant(ctx, d.e.product, d.e.variant, fields)),
    pagingMetadata,
    ...(aggregations.length > 0
      ? {
          aggregationData: aggregate(
            matched.map((d) => d.doc),
            aggregations,
          ),
        }
      : {}),
  };
}

/**
 * Catalog reads (platform-wire.md "Catalog read"): products, collections and variants, by id,
 * by slug and by query. Reads change no state; product queries' answers are kept per catalog
 * version, since storefronts ask the same few queries again and again.
 */
import type { EmulatorContext } from '../context.js';
import { fieldError, notFound } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import type {
  ProductRecord,
  VariantRecord,
  WireCollection,
  WireProduct,
} from '../models/catalog.js';
import { parsePagedQuery } from '../query/paged.js';
import type {
  availabilityBody,
  collectionQueryRequest,
  productQueryRequest,
  productVariantsBody,
  variantQueryRequest,
} from './read-inputs.js';
import { runQuery } from '../query/run.js';
import type { RenderOptions } from './render.js';
import {
  mediaItem,
  renderCollection,
  renderProductVariant,
  renderVariant,
  trimProduct,
  variantFullCents,
  variantImage,
  variantInStock,
} from './render.js';
import {
  allCollections,
  allProducts,
  catalogVersion,
  findVariant,
  getCollection,
  productCount,
  requireProduct,
} from './records.js';
import { productView, wholeProductView } from './product-view.js';

/**
 * Field names the platform accepts as shorthands in product queries. `price`, the price field the
 * platform documents for product filters and sorts (beside `priceData.price`), is the list price:
 * an item on sale is placed by its price before the discount. `discountedPrice` is the price the
 * shopper pays (docs/wire-conventions.md "Sorting by price").
 */
export const PRODUCT_ALIASES: Readonly<Record<string, string>> = {
  _id: 'id',
  price: 'priceData.price',
  discountedPrice: 'priceData.discountedPrice',
  formattedPrice: 'priceData.formatted.price',
  collections: 'collectionIds',
  'collections.id': 'collectionIds',
  inStock: 'stock.inStock',
  inventoryStatus: 'stock.inventoryStatus',
  _createdDate: 'createdDate',
  _updatedDate: 'lastUpdated',
};

const COLLECTION_ALIASES: Readonly<Record<string, string>> = { _id: 'id' };

const VARIANT_ALIASES: Readonly<Record<string, string>> = {
  _id: 'id',
  price: 'variant.priceData.price',
  discountedPrice: 'variant.priceData.discountedPrice',
  sku: 'variant.sku',
  visible: 'variant.visible',
  inStock: 'stock.inStock',
};

/** How many product query answers are kept; the oldest goes first. */
const ANSWER_CACHE_SIZE = 200;

/** Each emulator's product query answers, by request, with the catalog version they are of. */
const answerCaches = new WeakMap<EmulatorContext, Map<string, { version: number; json: string }>>();

const view = (ctx: EmulatorContext, merchant: boolean, variants: boolean): RenderOptions => ({
  baseUrl: ctx.baseUrl,
  merchant,
  variants,
});

/** A collection by id. @throws {ApiError} 404. */
export function collectionById(ctx: EmulatorContext, id: string): { collection: WireCollection } {
  const collection = getCollection(ctx, id);
  if (!collection) throw notFound('No collection has this id');
  return { collection: renderCollection(ctx.baseUrl, collection, productCount(ctx, id)) };
}

/** A collection by slug. @throws {ApiError} 404. */
export function collectionBySlug(
  ctx: EmulatorContext,
  slug: string,
): { collection: WireCollection } {
  const collection = allCollections(ctx).find((c) => c.slug === slug);
  if (!collection) throw notFound('No collection has this slug');
  return collectionById(ctx, collection.id);
}

/**
 * The page a query call's `query` asks of `entities` (made once the query is known to be valid,
 * each in the shape the query's fields name), with its `metadata` and `totalResults`.
 * @throws {ApiError} 400 naming what the query gets wrong.
 */
function queryPage<T>(
  query: unknown,
  aliases: Readonly<Record<string, string>>,
  entities: () => readonly T[],
) {
  const paged = parsePagedQuery(query, aliases);
  const page = runQuery(entities(), paged.query);
  return { items: page.items, metadata: paged.metadata(page), totalResults: page.total };
}

/** A page of collections. @throws {ApiError} 400 naming what the query gets wrong. */
export function queryCollections(
  ctx: EmulatorContext,
  request: Infer<typeof collectionQueryRequest>,
) {
  const { items, ...page } = queryPage(request.query, COLLECTION_ALIASES, () =>
    allCollections(ctx).map((col) => renderCollection(ctx.baseUrl, col, productCount(ctx, col.id))),
  );
  return { collections: items, ...page };
}

/**
 * A page of products, as JSON text. Query Products Platformized (the official client's
 * `queryProducts()`) takes no `includeVariants` and answers every product with its variants
 * (`variantsByDefault`); the older Query Products includes them when asked (docs/wire-conventions.md
 * "Product queries and variants").
 * @throws {ApiError} 400 naming what the query gets wrong.
 */
export function queryProducts(
  ctx: EmulatorContext,
  request: Infer<typeof productQueryRequest>,
  variantsByDefault: boolean,
): string {
  let answers = answerCaches.get(ctx);
  if (!answers) {
    answers = new Map();
    answerCaches.set(ctx, answers);
  }
  // Only valid requests get here, so a cached answer skips nothing that could fail.
  const key = `${variantsByDefault}${JSON.stringify(request)}`;
  const version = catalogVersion(ctx);
  const cached = answers.get(key);
  if (cached?.version === version) return cached.json;
  const json = JSON.stringify(answerProductQuery(ctx, request, variantsByDefault));
  answers.delete(key);
  answers.set(key, { version, json });
  if (answers.size > ANSWER_CACHE_SIZE) answers.delete(answers.keys().next().value!);
  return json;
}

function answerProductQuery(
  ctx: EmulatorContext,
  request: Infer<typeof productQueryRequest>,
  variantsByDefault: boolean,
) {
  const hidden = request.includeHiddenProducts ?? false;
  // Filters see the whole product (variants and costs included); answers hold what was asked.
  const { items, ...page } = queryPage(request.query, PRODUCT_ALIASES, () =>
    allProducts(ctx)
      .filter((p) => hidden || p.visible)
      .map((p) => wholeProductView(p, ctx.baseUrl)),
  );
  const asked = {
    merchant: request.includeMerchantSpecificData ?? false,
    variants: request.includeVariants ?? variantsByDefault,
  };
  return { products: items.map((whole) => trimProduct(whole, asked)), ...page };
}

/** A product by id, with its variants; merchant-only data when asked. @throws {ApiError} 404. */
export function productById(
  ctx: EmulatorContext,
  id: string,
  merchant: boolean,
): { product: WireProduct } {
  return { product: productView(requireProduct(ctx, id), view(ctx, merchant, true)) };
}

/** The variants whose choices include every given option (by choice name or value). */
function matchingVariants(
  product: ProductRecord,
  choices: Record<string, string>,
  field: string,
): VariantRecord[] {
  const wanted: Record<string, string> = {};
  for (const [name, given] of Object.entries(choices)) {
    const option = product.productOptions.find((o) => o.name === name);
    if (!option)
      throw fieldError(`${field}.${name}`, 'is not an option of this product', 'VALIDATION');
    const choice = option.choices.find((c) => c.description === given || c.value === given);
    if (!choice)
      throw fieldError(`${field}.${name}`, 'is not a choice of this option', 'VALIDATION');
    wanted[name] = choice.description;
  }
  return product.variants.filter((v) =>
    Object.entries(wanted).every(([k, c]) => v.choices[k] === c),
  );
}

/** The `selectedVariant` of an availability answer. */
function selectedVariantOf(product: ProductRecord, variant: VariantRecord) {
  const data = renderProductVariant(product, variant, false).variant.priceData;
  return {
    id: variant.id,
    choices: { ...variant.choices },
    price: data,
    convertedPrice: data,
    formattedPrice: data.formatted.discountedPrice,
    formattedConvertedPrice: data.formatted.discountedPrice,
    fullPrice: variantFullCents(product, variant) / 100,
    weight: variant.weight ?? product.weight,
    sku: variant.sku,
    visible: variant.visible,
    inStock: variantInStock(variant),
    ...(variant.trackQuantity ? { quantity: variant.quantity } : {}),
  };
}

/**
 * `productOptionsAvailability`: the variant the chosen options name (when they name one), whether
 * it can be bought, and for every choice whether some variant with it is in stock and visible.
 * @throws {ApiError} 400 naming an unknown option or choice.
 */
export function optionsAvailability(
  ctx: EmulatorContext,
  product: ProductRecord,
  selected: NonNullable<Infer<typeof availabilityBody>['options']>,
) {
  const matching = matchingVariants(product, selected, 'options');
  const complete = product.productOptions.every((o) => Object.hasOwn(selected, o.name));
  const variant =
    complete && matching.length === 1
      ? matching[0]
      : product.productOptions.length === 0
        ? product.variants[0]
        : undefined;
  const wire = productView(product, view(ctx, false, false));
  const productOptions = wire.productOptions.map((option) => ({
    ...option,
    choices: option.choices.map((choice) => {
      const others = Object.fromEntries(
        Object.entries(selected).filter(([k]) => k !== option.name),
      );
      const candidates = matchingVariants(
        product,
        { ...others, [option.name]: choice.description },
        'options',
      );
      return {
        ...choice,
        inStock: candidates.some(variantInStock),
        visible: candidates.some((v) => v.visible),
      };
    }),
  }));
  const image = variant ? variantImage(product, variant) : undefined;
  return {
    selectedVariant: variant ? selectedVariantOf(product, variant) : null,
    availableForPurchase:
      variant !== undefined && product.visible && variant.visible && variantInStock(variant),
    productOptions,
    media: image
      ? { mainMedia: mediaItem(ctx.baseUrl, image), items: [mediaItem(ctx.baseUrl, image)] }
      : wire.media,
  };
}

/** A page of one product's variants, by choices and ids. @throws {ApiError} 400 for unknown choices. */
export function productVariants(
  product: ProductRecord,
  request: Infer<typeof productVariantsBody>,
) {
  let variants = request.choices
    ? matchingVariants(product, request.choices, 'choices')
    : product.variants;
  if (request.variantIds) {
    const ids = new Set(request.variantIds);
    variants = variants.filter((v) => ids.has(v.id));
  }
  const offset = request.paging?.offset ?? 0;
  const limit = request.paging?.limit ?? 100;
  const pageItems = variants.slice(offset, offset + limit);
  return {
    variants: pageItems.map((v) =>
      renderProductVariant(product, v, request.includeMerchantSpecificData ?? false),
    ),
    metadata: { count: pageItems.length, offset, total: variants.length },
    totalResults: variants.length,
  };
}

/** A page of every product's variants. @throws {ApiError} 400 naming what the query gets wrong. */
export function queryVariants(ctx: EmulatorContext, request: Infer<typeof variantQueryRequest>) {
  const merchant = request.includeMerchantSpecificData ?? false;
  const { items, ...page } = queryPage(request.query, VARIANT_ALIASES, () =>
    allProducts(ctx).flatMap((p) =>
      p.variants.map((v) => renderVariant(ctx.baseUrl, p, v, merchant)),
    ),
  );
  return { variants: items, ...page };
}

/** A variant by id (`{productId}-{variantId}` or bare). @throws {ApiError} 404. */
export function variantById(ctx: EmulatorContext, id: string) {
  const found = findVariant(ctx, id);
  if (!found) throw notFound('No variant has this id');
  return { variant: renderVariant(ctx.baseUrl, found.product, found.variant, false) };
}

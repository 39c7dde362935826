/**
 * Catalog reads: products, collections and variants (platform-wire.md "Catalog read").
 * Every path needs an access token of any role.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.js';
import * as v from 'valibot';
import { readBody } from '../http/body.js';
import { fieldError, notFound } from '../http/errors.js';
import { readQueryRequest } from '../http/query.js';
import { acceptsQuery } from '../http/query-params.js';
import { arr, bool, int, obj, optional, parseOrThrow, record, str } from '../http/schema.js';
import type { ProductRecord, VariantRecord, WireCollection } from './model.js';
import { parsePagedQuery } from './paged-query.js';
import { runQuery } from './query.js';
import {
  mediaItem,
  renderCollection,
  renderProductVariant,
  renderVariant,
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
  getProduct,
  productCount,
  productView,
} from './store.js';

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

const JSON_TYPE = { 'Content-Type': 'application/json' };
const ANSWER_CACHE_SIZE = 200;

const COLLECTION_ALIASES: Readonly<Record<string, string>> = { _id: 'id' };

const VARIANT_ALIASES: Readonly<Record<string, string>> = {
  _id: 'id',
  price: 'variant.priceData.price',
  discountedPrice: 'variant.priceData.discountedPrice',
  sku: 'variant.sku',
  visible: 'variant.visible',
  inStock: 'stock.inStock',
};

/** The query itself is compiled by `parseQuery`, which names its own fields. */
const queryField = optional(v.unknown());
const collectionQueryRequest = obj({ query: queryField });
const productQueryRequest = obj({
  query: queryField,
  includeVariants: optional(bool()),
  includeHiddenProducts: optional(bool()),
  includeMerchantSpecificData: optional(bool()),
});
const variantQueryRequest = obj({
  query: queryField,
  includeMerchantSpecificData: optional(bool()),
});

function collectionView(ctx: EmulatorContext, id: string): { collection: WireCollection } {
  const collection = getCollection(ctx, id);
  if (!collection) throw notFound('No collection has this id');
  return { collection: renderCollection(ctx.baseUrl, collection, productCount(ctx, id)) };
}

function collectionBySlug(ctx: EmulatorContext, slug: string): { collection: WireCollection } {
  const collection = allCollections(ctx).find((c) => c.slug === slug);
  if (!collection) throw notFound('No collection has this slug');
  return collectionView(ctx, collection.id);
}

function requireProduct(ctx: EmulatorContext, id: string): ProductRecord {
  const product = getProduct(ctx, id);
  if (!product) throw notFound('No product has this id');
  return product;
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

const availabilityBody = obj({ options: optional(record(str({ max: 100 }), { maxKeys: 20 })) });
const productVariantsBody = obj({
  choices: optional(record(str({ max: 100 }), { maxKeys: 20 })),
  variantIds: optional(arr(str({ min: 1, max: 100 }), { max: 1000 })),
  paging: optional(
    obj({
      limit: optional(int({ min: 1, max: 100 })),
      offset: optional(int({ min: 0, max: 1_000_000 })),
    }),
  ),
  includeMerchantSpecificData: optional(bool()),
});

/** The catalog read routes. */
export function catalogReadRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const view = (merchant: boolean, variants: boolean) => ({
    baseUrl: ctx.baseUrl,
    merchant,
    variants,
  });

  const queryCollections = async (c: Context<AppEnv>) => {
    const body = parseOrThrow(collectionQueryRequest, await readQueryRequest(c));
    const paged = parsePagedQuery(body.query, COLLECTION_ALIASES);
    const wires = allCollections(ctx).map((col) =>
      renderCollection(ctx.baseUrl, col, productCount(ctx, col.id)),
    );
    const page = runQuery(wires, paged.query);
    return c.json({
      collections: page.items,
      metadata: paged.metadata(page),
      totalResults: page.total,
    });
  };
  app.get('/v2/collections/query', acceptsQuery('.r'), queryCollections);
  app.post('/v2/collections/query', queryCollections);
  app.get('/stores-reader/v1/collections/query', acceptsQuery('.r'), queryCollections);
  app.post('/stores-reader/v1/collections/query', queryCollections);
  app.get('/v2/collections/slug/:slug', (c) => c.json(collectionBySlug(ctx, c.req.param('slug'))));
  app.get('/v2/collections/:id', (c) => c.json(collectionView(ctx, c.req.param('id'))));
  app.get('/stores-reader/v1/collections/slug/:slug', (c) =>
    c.json(collectionBySlug(ctx, c.req.param('slug'))),
  );
  app.get('/stores-reader/v1/collections/:id', (c) =>
    c.json(collectionView(ctx, c.req.param('id'))),
  );

  // Answers of product queries by request, for the current catalog version: storefronts ask the
  // same few queries again and again. Bounded; the oldest entry goes first.
  const answers = new Map<string, { version: number; json: string }>();
  // Query Products Platformized, the call behind the official client's `queryProducts()`, takes
  // no `includeVariants` and answers every product with its variants (docs/wire-conventions.md
  // "Product queries and variants"); the older Query Products includes them when asked.
  const queryProducts = (variantsByDefault: boolean) => async (c: Context<AppEnv>) => {
    // Read within the size and depth limits; only answers to valid requests are cached, so a
    // hit skips nothing that could fail.
    const raw = await readQueryRequest(c);
    const key = `${variantsByDefault}${JSON.stringify(raw)}`;
    const version = catalogVersion(ctx);
    const cached = answers.get(key);
    if (cached?.version === version) return c.body(cached.json, 200, JSON_TYPE);
    const body = parseOrThrow(productQueryRequest, raw);
    const merchant = body.includeMerchantSpecificData ?? false;
    const withVariants = body.includeVariants ?? variantsByDefault;
    const hidden = body.includeHiddenProducts ?? false;
    const paged = parsePagedQuery(body.query, PRODUCT_ALIASES);
    const candidates = allProducts(ctx).filter((p) => hidden || p.visible);
    // Filters see the full entity (variants and costs included); answers hold what was asked.
    const full = candidates.map((p) => ({ record: p, wire: productView(p, view(true, true)) }));
    const page = runQuery(
      full.map((f) => f.wire),
      paged.query,
    );
    const byId = new Map(full.map((f) => [f.wire.id, f.record]));
    const products = page.items.map((w) =>
      productView(byId.get(w.id)!, view(merchant, withVariants)),
    );
    const json = JSON.stringify({
      products,
      metadata: paged.metadata(page),
      totalResults: page.total,
    });
    answers.delete(key);
    answers.set(key, { version, json });
    if (answers.size > ANSWER_CACHE_SIZE) answers.delete(answers.keys().next().value!);
    return c.body(json, 200, JSON_TYPE);
  };
  const platformized = queryProducts(true);
  const legacy = queryProducts(false);
  app.get('/stores-reader/v1/products/query-platformized', acceptsQuery('.r'), platformized);
  app.post('/stores-reader/v1/products/query-platformized', platformized);
  app.get('/stores-reader/v1/products/query', acceptsQuery('.r'), legacy);
  app.post('/stores-reader/v1/products/query', legacy);

  app.get('/stores-reader/v1/products/:id', acceptsQuery('includeMerchantSpecificData'), (c) => {
    const merchantParam = c.req.query('includeMerchantSpecificData');
    if (merchantParam !== undefined && merchantParam !== 'true' && merchantParam !== 'false') {
      throw fieldError('includeMerchantSpecificData', 'must be true or false', 'VALIDATION');
    }
    const product = requireProduct(ctx, c.req.param('id'));
    return c.json({ product: productView(product, view(merchantParam === 'true', true)) });
  });

  app.post('/stores-reader/v1/products/:id/productOptionsAvailability', async (c) => {
    const product = requireProduct(ctx, c.req.param('id'));
    const body = await readBody(c, availabilityBody);
    const selected = body.options ?? {};
    const matching = matchingVariants(product, selected, 'options');
    const complete = product.productOptions.every((o) => Object.hasOwn(selected, o.name));
    const variant =
      complete && matching.length === 1
        ? matching[0]
        : product.productOptions.length === 0
          ? product.variants[0]
          : undefined;
    const wire = productView(product, view(false, false));
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
    let selectedVariant: Record<string, unknown> | null = null;
    if (variant) {
      const data = renderProductVariant(product, variant, false).variant.priceData;
      selectedVariant = {
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
    const image = variant ? variantImage(product, variant) : undefined;
    return c.json({
      selectedVariant,
      availableForPurchase:
        variant !== undefined && product.visible && variant.visible && variantInStock(variant),
      productOptions,
      media: image
        ? { mainMedia: mediaItem(ctx.baseUrl, image), items: [mediaItem(ctx.baseUrl, image)] }
        : wire.media,
    });
  });

  app.post('/stores-reader/v1/products/:id/variants/query', async (c) => {
    const product = requireProduct(ctx, c.req.param('id'));
    const body = await readBody(c, productVariantsBody);
    let variants = body.choices
      ? matchingVariants(product, body.choices, 'choices')
      : product.variants;
    if (body.variantIds) {
      const ids = new Set(body.variantIds);
      variants = variants.filter((v) => ids.has(v.id));
    }
    const offset = body.paging?.offset ?? 0;
    const limit = body.paging?.limit ?? 100;
    const pageItems = variants.slice(offset, offset + limit);
    return c.json({
      variants: pageItems.map((v) =>
        renderProductVariant(product, v, body.includeMerchantSpecificData ?? false),
      ),
      metadata: { count: pageItems.length, offset, total: variants.length },
      totalResults: variants.length,
    });
  });

  const queryVariants = async (c: Context<AppEnv>) => {
    const body = parseOrThrow(variantQueryRequest, await readQueryRequest(c));
    const merchant = body.includeMerchantSpecificData ?? false;
    const paged = parsePagedQuery(body.query, VARIANT_ALIASES);
    const wires = allProducts(ctx).flatMap((p) =>
      p.variants.map((v) => renderVariant(ctx.baseUrl, p, v, merchant)),
    );
    const page = runQuery(wires, paged.query);
    return c.json({
      variants: page.items,
      metadata: paged.metadata(page),
      totalResults: page.total,
    });
  };
  app.get('/stores-reader/v1/variants/query', acceptsQuery('.r'), queryVariants);
  app.post('/stores-reader/v1/variants/query', queryVariants);

  app.get('/stores-reader/v1/variants/:id', (c) => {
    const found = findVariant(ctx, c.req.param('id'));
    if (!found) throw notFound('No variant has this id');
    return c.json({ variant: renderVariant(ctx.baseUrl, found.product, found.variant, false) });
  });

  return app;
}

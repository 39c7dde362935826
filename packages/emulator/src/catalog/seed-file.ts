/**
 * Seed files (`--seed catalog.json`): collections and products written like merchant create
 * bodies, so a seed is easy to write by hand. Validated with the same rules as the API.
 *
 * ```json
 * { "collections": [{ "id": "shoes", "name": "Shoes" }],
 *   "products": [{ "name": "Runner", "priceData": { "price": 90 }, "collectionIds": ["shoes"],
 *                  "productOptions": [{ "name": "Size", "choices": [{ "description": "42" }] }],
 *                  "stock": { "trackInventory": true, "quantity": 10 } }] }
 * ```
 */
import { readFileSync } from 'node:fs';
import { arr, bool, json, obj, optional, parseOrThrow, str } from '../http/schema.js';
import type { ApiError } from '../http/errors.js';
import { randomId } from '../crypto/random.js';
import { applyProductInput, blankProduct, productCreateBody, uniqueSlug } from './inputs.js';
import type { CollectionRecord, ProductRecord } from '../models/catalog.js';
import type { SeedCatalog } from '../models/catalog.js';
import { drawnMedia, drawnMediaId } from './media-files.js';
import { SEED_DATE, defaultSeed, slugify } from './seed.js';

const seedFile = obj({
  collections: optional(
    arr(
      obj({
        id: optional(str({ min: 1, max: 100 })),
        name: str({ min: 1, max: 50 }),
        slug: optional(str({ min: 1, max: 100 })),
        description: optional(str({ max: 600 })),
        visible: optional(bool()),
      }),
      { max: 1000 },
    ),
  ),
  products: optional(arr(json(12), { max: 10_000 })),
});

function describe(error: unknown): string {
  const body = (error as ApiError).body as ApiError['body'] | undefined;
  return body?.message ?? String(error);
}

/** Builds a catalog from a parsed seed file. @throws {Error} naming the first bad field. */
export function seedFromJson(json: unknown): SeedCatalog {
  let parsed;
  try {
    parsed = parseOrThrow(seedFile, json);
  } catch (error) {
    throw new Error(`Invalid seed file: ${describe(error)}`);
  }
  const collections: CollectionRecord[] = (parsed.collections ?? []).map((c) => {
    const id = c.id ?? randomId();
    const slug = c.slug ?? slugify(c.name);
    return {
      id,
      name: c.name,
      slug,
      description: c.description ?? '',
      visible: c.visible ?? true,
      media: drawnMedia(drawnMediaId(`collection-${slug}`), c.name),
      createdDate: SEED_DATE,
    };
  });
  const products: ProductRecord[] = [];
  (parsed.products ?? []).forEach((raw, i) => {
    const { id, collectionIds, ...fields } = (
      typeof raw === 'object' && raw !== null ? raw : {}
    ) as Record<string, unknown>;
    const path = `products[${i}]`;
    try {
      const input = parseOrThrow(productCreateBody, { product: fields }).product;
      if (id !== undefined && typeof id !== 'string')
        throw new Error(`${path}.id must be a string`);
      if (
        collectionIds !== undefined &&
        (!Array.isArray(collectionIds) || !collectionIds.every((x) => typeof x === 'string'))
      ) {
        throw new Error(`${path}.collectionIds must be an array of strings`);
      }
      const productId = id ?? randomId();
      const taken = (slug: string) => products.some((p) => p.slug === slug);
      const product = blankProduct(productId, SEED_DATE, String(1001 + i));
      applyProductInput(product, input, path, taken);
      if (!product.slug) product.slug = uniqueSlug(product.name, taken);
      if (product.productOptions.length === 0)
        product.variants = product.variants.map((v) => ({ ...v, sku: product.sku }));
      product.media = [drawnMedia(drawnMediaId(product.slug), product.name)];
      product.collectionIds = (collectionIds ?? []).map(
        (ref) => collections.find((c) => c.id === ref || c.slug === ref)?.id ?? ref,
      );
      products.push(product);
    } catch (error) {
      throw new Error(
        `Invalid seed file at ${path}: ${error instanceof Error && !('body' in error) ? error.message : describe(error)}`,
      );
    }
  });
  return { collections, products };
}

/** The catalog to start from: the default, an object, or a seed file path. */
export function loadSeed(seed: string | SeedCatalog | undefined): SeedCatalog {
  if (seed === undefined) return defaultSeed();
  if (typeof seed !== 'string') return seed;
  return seedFromJson(JSON.parse(readFileSync(seed, 'utf8')) as unknown);
}

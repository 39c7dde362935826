import type {
  Collection,
  Product,
  StorefrontCategory,
  StorefrontProductDetail,
} from '@vitrine/sdk';
import { json, type Route } from './helpers.js';

// The catalog as a Catalog V1 store sends it (what the SDK's V1 source reads for
// `store.storefront`), and what the hooks then show: the storefront model. Each pair is written
// out in full, so a test compares whole objects.

export const PRODUCT_QUERY = 'GET /stores-reader/v1/products/query-platformized';
export const COLLECTION_QUERY = 'GET /v2/collections/query';

/** A V1 product of a grid: a name, a slug, one price. */
export function wireProduct(id: string, name = `Product ${id}`, price = 30): Product {
  return { id, slug: `slug-${id}`, name, priceData: { currency: 'USD', price } };
}

/** {@link wireProduct} as the storefront model shows it. */
export function shownProduct(id: string, name = `Product ${id}`, price = 30) {
  return {
    id,
    slug: `slug-${id}`,
    name,
    currency: 'USD',
    price: { min: price, max: price },
    stock: { status: 'IN_STOCK' },
  };
}

/** {@link wireProduct} as a product page shows it (no options, no variants). */
export function shownDetail(id: string, name = `Product ${id}`, price = 30) {
  return {
    ...shownProduct(id, name, price),
    images: [],
    options: [],
    variants: [],
    customFields: [],
    infoSections: [],
  };
}

/**
 * A tee of V1 with its variants: Size (M, XL) × Color (Black, White), XL Black sold out, XL at
 * 100, M at 9; `sku` tells two platforms apart.
 */
export function wireTee(sku = 'TEE'): Product {
  const sizes = ['M', 'XL'];
  const colors = ['Black', 'White'];
  return {
    id: 'tee',
    slug: 'tee',
    name: 'Tee',
    priceData: { currency: 'USD', price: 9 },
    stock: { inStock: true, inventoryStatus: 'PARTIALLY_OUT_OF_STOCK' },
    productOptions: [
      {
        name: 'Size',
        optionType: 'drop_down',
        choices: sizes.map((s) => ({ value: s, description: s })),
      },
      {
        name: 'Color',
        optionType: 'drop_down',
        choices: colors.map((c) => ({ value: c, description: c })),
      },
    ],
    variants: sizes.flatMap((size) =>
      colors.map((color) => ({
        id: `${size}-${color}`,
        choices: { Size: size, Color: color },
        variant: {
          priceData: { currency: 'USD', price: size === 'XL' ? 100 : 9 },
          visible: true,
          sku: `${sku}-${size}-${color}`,
        },
        stock: {
          trackQuantity: true,
          quantity: size === 'XL' && color === 'Black' ? 0 : 7,
          inStock: !(size === 'XL' && color === 'Black'),
        },
      })),
    ),
  };
}

/** One variant of {@link wireTee} as the storefront model shows it. */
export function shownTeeVariant(size: 'M' | 'XL', color: 'Black' | 'White', sku = 'TEE') {
  const soldOut = size === 'XL' && color === 'Black';
  return {
    id: `${size}-${color}`,
    choices: { Size: size, Color: color },
    price: { amount: size === 'XL' ? 100 : 9 },
    stock: { inStock: !soldOut, quantity: soldOut ? 0 : 7 },
    visible: true,
    sku: `${sku}-${size}-${color}`,
  };
}

/** {@link wireTee} as a product page shows it. */
export function shownTee(sku = 'TEE'): StorefrontProductDetail {
  const choice = (name: string) => ({ id: name, name, inStock: true, visible: true });
  return {
    id: 'tee',
    slug: 'tee',
    name: 'Tee',
    currency: 'USD',
    price: { min: 9, max: 100 },
    stock: { status: 'PARTIALLY_OUT_OF_STOCK' },
    images: [],
    options: [
      { id: 'Size', name: 'Size', kind: 'text', choices: ['M', 'XL'].map(choice) },
      { id: 'Color', name: 'Color', kind: 'text', choices: ['Black', 'White'].map(choice) },
    ],
    variants: [
      shownTeeVariant('M', 'Black', sku),
      shownTeeVariant('M', 'White', sku),
      shownTeeVariant('XL', 'Black', sku),
      shownTeeVariant('XL', 'White', sku),
    ],
    customFields: [],
    infoSections: [],
  };
}

/** A V1 collection. */
export function wireCollection(id: string, name = `Collection ${id}`): Collection {
  return { id, slug: `slug-${id}`, name, visible: true };
}

/** {@link wireCollection} as a category of the storefront model. */
export function shownCategory(id: string, name = `Collection ${id}`): StorefrontCategory {
  return { id, slug: `slug-${id}`, name };
}

/** The paging a V1 query asked for (its `.r` body). */
export function pagingOf(request: { body: unknown }): { limit: number; offset: number } {
  return (request.body as { query: { paging: { limit: number; offset: number } } }).query.paging;
}

/** A V1 query answer: `key`'s list, with the total the platform counts. */
export function queryAnswer(key: string, items: unknown[], offset = 0, total = items.length) {
  return json({ [key]: items, metadata: { count: items.length, offset, total } });
}

/** A V1 product query answered with the page it asks for, out of `total` products. */
export function productPages(total: number): Route {
  return (request) => {
    const { limit, offset } = pagingOf(request);
    const count = Math.max(0, Math.min(limit, total - offset));
    const products = Array.from({ length: count }, (_, i) => wireProduct(`p${offset + i}`));
    return queryAnswer('products', products, offset, total);
  };
}

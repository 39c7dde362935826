/**
 * A product's wire shape as each reader asks for it. A record is rendered once per base URL, whole
 * (merchant data and variants included: what queries filter on), and that whole view is trimmed to
 * what a reader asked for (render.ts `trimProduct`). Product records are never changed in place,
 * so the record itself keys its views, and reads of an unchanged catalog render nothing.
 */
import type { ProductRecord, WireProduct } from '../models/catalog.js';
import type { RenderOptions } from './render.js';
import { renderProduct, trimProduct } from './render.js';

const cache = new WeakMap<Readonly<ProductRecord>, Map<string, WireProduct>>();

function cached(
  product: Readonly<ProductRecord>,
  key: string,
  make: () => WireProduct,
): WireProduct {
  let views = cache.get(product);
  if (!views) {
    views = new Map();
    cache.set(product, views);
  }
  let view = views.get(key);
  if (!view) {
    view = make();
    views.set(key, view);
  }
  return view;
}

/** The whole view of a product: with merchant data and variants. Treat it as read-only. */
export function wholeProductView(product: Readonly<ProductRecord>, baseUrl: string): WireProduct {
  return cached(product, `${baseUrl}|whole`, () =>
    renderProduct(product, { baseUrl, merchant: true, variants: true }),
  );
}

/** A product's wire shape as `options` ask for it. Treat the result as read-only. */
export function productView(product: Readonly<ProductRecord>, options: RenderOptions): WireProduct {
  const whole = wholeProductView(product, options.baseUrl);
  if (options.merchant && options.variants) return whole;
  return cached(product, `${options.baseUrl}|${options.merchant}|${options.variants}`, () =>
    trimProduct(whole, options),
  );
}

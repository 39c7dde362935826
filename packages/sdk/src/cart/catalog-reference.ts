/** Helpers to point a cart line at a product of the platform's stores catalog. */
import { STORES_APP_ID, type CatalogReference, type LineItemInput } from '../models/cart.js';

/** Which variant of a stores product: by id, or by its choices. */
export interface StoresItemOptions {
  /** The variant's id (`product.variants[i].id`). */
  variantId?: string;
  /** Option name → choice, e.g. `{ Size: 'L', Color: 'Red' }`, for products without managed variants. */
  options?: Record<string, string>;
  /** Custom text field title → the shopper's text. */
  customTextFields?: Record<string, string>;
}

/**
 * A catalog reference to a product of the stores catalog (`appId` {@link STORES_APP_ID}).
 *
 * @example
 * storesCatalogReference('0614…', { variantId: '00000000-…' });
 * // { catalogItemId: '0614…', appId: '215238eb-…', options: { variantId: '00000000-…' } }
 */
export function storesCatalogReference(
  productId: string,
  item: StoresItemOptions = {},
): CatalogReference {
  const options: Record<string, unknown> = {};
  if (item.variantId !== undefined) options.variantId = item.variantId;
  if (item.options !== undefined) options.options = item.options;
  if (item.customTextFields !== undefined) options.customTextFields = item.customTextFields;
  const reference: CatalogReference = { catalogItemId: productId, appId: STORES_APP_ID };
  if (Object.keys(options).length > 0) reference.options = options;
  return reference;
}

/**
 * A line to add for a product of the stores catalog.
 *
 * @example
 * await store.cart.addItems({ lineItems: [storesLineItem(productId, 2, { options: { Size: 'L' } })] });
 */
export function storesLineItem(
  productId: string,
  quantity = 1,
  item: StoresItemOptions = {},
): LineItemInput {
  return { catalogReference: storesCatalogReference(productId, item), quantity };
}

/**
 * The Catalog V3 ids the catalog's records do not keep: derived from the product's id and the
 * names they stand for (crypto/hash.ts `derivedId`), so they are the same on every start and
 * need no storage. An option's id follows its name, a choice's its option's and its own name, an
 * inventory item's its variant; renaming an option or a choice gives it a new id, as a new
 * option would have.
 */
import { derivedId } from '../crypto/hash.js';

/** The Stores tree's namespace (`treeReference.appNamespace`). */
export const STORES_NAMESPACE = '@wix/stores';

/** The system category holding every product (`GET /stores/v3/all-products-category`). */
export const ALL_PRODUCTS_CATEGORY_ID = derivedId('category', 'all-products');

/** Its slug, as the platform names it. */
export const ALL_PRODUCTS_SLUG = 'all-products';

/** The store's one inventory location (every inventory item is at it). */
export const DEFAULT_LOCATION_ID = derivedId('location', 'default');

/** The id of a product's option. */
export function optionId(productId: string, optionName: string): string {
  return derivedId('option', productId, optionName);
}

/** The id of a choice of a product's option. */
export function choiceId(productId: string, optionName: string, choiceName: string): string {
  return derivedId('choice', productId, optionName, choiceName);
}

/** The id of a product's free-text modifier (a V1 custom text field). */
export function modifierId(productId: string, title: string): string {
  return derivedId('modifier', productId, title);
}

/** The id of a product's info section (a V1 additional info section). */
export function infoSectionId(productId: string, title: string): string {
  return derivedId('info-section', productId, title);
}

/** The id of a variant's inventory item at the store's location. */
export function inventoryItemId(productId: string, variantId: string): string {
  return derivedId('inventory-item', productId, variantId);
}

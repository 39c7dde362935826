/**
 * What the shop's forms post, checked once at the edge: each server action reads its fields
 * here and gets typed values, or a `StoreArgumentError` naming the field. A form post is a
 * request of anyone's making, so every field is bounded.
 */
// The lite entry: the browser's forms read their fields with the same rules as the actions.
import { StoreArgumentError, storesLineItem } from '@vitrine/sdk/lite';
import type { LineItemInput } from '@vitrine/sdk';
import type { PostedPurchase } from './purchase.js';

const MAX_ID = 200;
const MAX_TEXT = 500;
const MAX_OPTIONS = 20;

/**
 * The form a server action was posted. Invoked by its id, an action gets whatever a request
 * sends (a string, a list, nothing): anything but a form is refused by name.
 * @throws {StoreArgumentError} (`form`) for anything but a `FormData`.
 */
export function formOf(value: unknown): FormData {
  if (!(value instanceof FormData)) {
    throw new StoreArgumentError('form', "must be the form a page's form posts");
  }
  return value;
}

/** A required id-like field (a product's, a line's). */
export function idField(form: FormData, name: string): string {
  const value = form.get(name);
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_ID) {
    throw new StoreArgumentError(name, `must be an id of 1 to ${MAX_ID} characters`);
  }
  return value;
}

/** A whole number field within bounds; `fallback` when the field is absent. */
export function countField(
  form: FormData,
  name: string,
  { min, max, fallback }: { min: number; max: number; fallback?: number },
): number {
  const value = form.get(name);
  if (value === null && fallback !== undefined) return fallback;
  const count = typeof value === 'string' && /^\d{1,6}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(count) || count < min || count > max) {
    throw new StoreArgumentError(name, `must be a whole number from ${min} to ${max}`);
  }
  return count;
}

/** An optional text field, trimmed, at most `max` characters. */
export function textField(form: FormData, name: string, max = MAX_TEXT): string | undefined {
  const value = form.get(name);
  if (value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > max) {
    throw new StoreArgumentError(name, `must be a text of at most ${max} characters`);
  }
  return value.trim() === '' ? undefined : value.trim();
}

/** A required text field, trimmed, at most `max` characters. */
export function requiredTextField(form: FormData, name: string, max = MAX_TEXT): string {
  const value = textField(form, name, max);
  if (value === undefined) throw new StoreArgumentError(name, 'must be filled in');
  return value;
}

/** The fields named `<prefix><key>` as a record (`option.Size` → `{ Size: 'L' }`). */
function prefixedFields(form: FormData, prefix: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (!name.startsWith(prefix)) continue;
    const key = name.slice(prefix.length);
    if (key === '' || key.length > MAX_ID || typeof value !== 'string' || value.length > MAX_TEXT) {
      throw new StoreArgumentError(name, `must be a text of at most ${MAX_TEXT} characters`);
    }
    if (value !== '') found[key] = value;
  }
  if (Object.keys(found).length > MAX_OPTIONS) {
    throw new StoreArgumentError(prefix, `holds at most ${MAX_OPTIONS} fields`);
  }
  return found;
}

/** The form field names of a product form: `option.<option name>`, `text.<custom field key>`. */
export const PRODUCT_FORM_FIELDS = {
  productId: 'productId',
  variantId: 'variantId',
  quantity: 'quantity',
  optionPrefix: 'option.',
  textPrefix: 'text.',
} as const;

/** What a product form posts: product, quantity, the variant or the chosen options, custom texts. */
export function purchaseOf(form: FormData): PostedPurchase {
  const fields = PRODUCT_FORM_FIELDS;
  const variant = form.get(fields.variantId);
  return {
    productId: idField(form, fields.productId),
    quantity: countField(form, fields.quantity, { min: 1, max: 999, fallback: 1 }),
    // A variant the page's script found wins; without scripts, the options chosen name it.
    ...(typeof variant === 'string' && variant !== ''
      ? { variantId: idField(form, fields.variantId) }
      : {}),
    selection: prefixedFields(form, fields.optionPrefix),
    customText: prefixedFields(form, fields.textPrefix),
  };
}

/**
 * The cart line a product form posts, as it stands (for a form that was not handed its product:
 * the options by name when no variant is posted, which a Catalog V3 store may refuse).
 */
export function lineItemOf(form: FormData): LineItemInput {
  const { productId, quantity, variantId, selection, customText } = purchaseOf(form);
  return storesLineItem(productId, quantity, {
    ...(variantId !== undefined
      ? { variantId }
      : Object.keys(selection).length > 0
        ? { options: { ...selection } }
        : {}),
    ...(Object.keys(customText).length > 0 ? { customTextFields: { ...customText } } : {}),
  });
}

/**
 * The `fields` of Catalog V3 reads: each value adds data that is otherwise left out
 * (platform-wire-v3.md "`fields` values"). Unknown values are refused naming them; merchant data
 * is the API key's alone, as the platform keeps it for admin scopes.
 */
import type { Caller } from '../http/app-env.js';
import { applicationError, fieldError } from '../http/errors.js';

/** Every `fields` value of product reads (the client's `RequestedFields`). */
export const PRODUCT_FIELDS = [
  'URL',
  'CURRENCY',
  'INFO_SECTION',
  'MERCHANT_DATA',
  'PLAIN_DESCRIPTION',
  'INFO_SECTION_PLAIN_DESCRIPTION',
  'SUBSCRIPTION_PRICES_INFO',
  'BREADCRUMBS_INFO',
  'WEIGHT_MEASUREMENT_UNIT_INFO',
  'VARIANT_OPTION_CHOICE_NAMES',
  'MEDIA_ITEMS_INFO',
  'DESCRIPTION',
  'DIRECT_CATEGORIES_INFO',
  'ALL_CATEGORIES_INFO',
  'INFO_SECTION_DESCRIPTION',
  'THUMBNAIL',
  'PRODUCT_CHOICES_MEDIA_REFERENCES',
  'PRODUCT_CHOICES_DISPLAY_IMAGE',
  'MIN_PRICE_VARIANT',
  'DISCOUNT_INFO',
] as const;

/** Every `fields` value of read-only variant reads. */
export const VARIANT_FIELDS = [
  'CURRENCY',
  'MERCHANT_DATA',
  'SUBSCRIPTION_PRICES_INFO',
  'WEIGHT_MEASUREMENT_UNIT_INFO',
] as const;

/**
 * A request's `fields` as a set.
 * @throws {ApiError} 400 naming a value that is not one of `allowed`; 403
 *   `NO_PERMISSION_TO_READ_MERCHANT_DATA` for merchant data asked with a token.
 */
export function parseFields(
  raw: unknown,
  allowed: readonly string[],
  caller: Caller,
  path = 'fields',
): Set<string> {
  if (raw === undefined || raw === null) return new Set();
  const list = Array.isArray(raw) ? (raw as unknown[]) : [raw];
  if (list.length > 100) throw fieldError(path, 'must have at most 100 values', 'MAX_SIZE');
  list.forEach((value, i) => {
    if (typeof value !== 'string' || !allowed.includes(value))
      throw fieldError(
        `${path}[${i}]`,
        `must be one of ${allowed.join(', ')}`,
        'INVALID_ENUM_VALUE',
      );
  });
  const fields = new Set(list as string[]);
  if (fields.has('MERCHANT_DATA') && caller.role !== 'app')
    throw applicationError(
      403,
      'NO_PERMISSION_TO_READ_MERCHANT_DATA',
      'MERCHANT_DATA needs an admin credential: send the API key',
    );
  return fields;
}

/**
 * What the two catalogs' sources and mappings into the storefront model share. Only they import
 * it, so it loads with either catalog's code, never on a first load.
 */
import { isStoreApiError } from '../http/errors/type-guards.js';
import type { StorefrontImage } from '../models/storefront.js';

/** The currency of a price the platform sent without one. */
export const DEFAULT_CURRENCY = 'USD';

/** The entity, or `null` when the platform answers 404. */
export async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isStoreApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** A product's pictures, the main one first, each once. */
export function uniqueImages(
  images: readonly (StorefrontImage | undefined)[],
  main: StorefrontImage | undefined,
): StorefrontImage[] {
  const seen = new Set<string>();
  const unique: StorefrontImage[] = [];
  for (const image of [main, ...images]) {
    if (image === undefined || seen.has(image.url)) continue;
    seen.add(image.url);
    unique.push(image);
  }
  return unique;
}

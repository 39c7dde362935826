/** Price arithmetic of the storefront model, shared by the catalogs' mappings and the product page. */
import type { StorefrontPrice, StorefrontPriceRange } from '../models/storefront.js';

/**
 * The range of some prices (at least one): what the cheapest and the dearest pay, and, when any
 * is on sale, the range of the prices before the discount.
 */
export function priceRangeOf(prices: readonly StorefrontPrice[]): StorefrontPriceRange {
  let min = Infinity;
  let max = -Infinity;
  let compareAtMin = Infinity;
  let compareAtMax = -Infinity;
  let onSale = false;
  for (const price of prices) {
    min = Math.min(min, price.amount);
    max = Math.max(max, price.amount);
    const before = price.compareAt ?? price.amount;
    if (price.compareAt !== undefined) onSale = true;
    compareAtMin = Math.min(compareAtMin, before);
    compareAtMax = Math.max(compareAtMax, before);
  }
  if (prices.length === 0) return { min: 0, max: 0 };
  return onSale ? { min, max, compareAtMin, compareAtMax } : { min, max };
}

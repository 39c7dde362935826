/**
 * The line above a product grid that says how many products it shows, of how many. Catalog V1
 * counts the products a query finds; Catalog V3 does not, so the grid says what it knows.
 */
import { pluralize } from '@vitrine/shop-ui/lib/format';

/**
 * "Showing 12 of 60 products" when the total is known, "Showing 12 products" while more pages
 * are to come and it is not, "60 products" once every page is in.
 * @example countText(12, undefined, true) // 'Showing 12 products'
 */
export function countText(shown: number, total: number | undefined, hasMore: boolean): string {
  if (total !== undefined && shown < total) {
    return `Showing ${shown} of ${pluralize(total, 'product')}`;
  }
  if (hasMore) return `Showing ${pluralize(shown, 'product')}`;
  return pluralize(shown, 'product');
}

/**
 * The "Sort by" menu of both shops: the SDK's product sort orders (`PRODUCT_SORT_ORDERS`;
 * `parseProductSortOrder` reads an address's `?sort=`) with the shops' label for each.
 */
import { PRODUCT_SORT_ORDERS, type ProductSortOrder } from '@vitrine/sdk';

/** The label of each sort order. `price` is the list price, as the platform sorts it. */
const LABELS: Record<ProductSortOrder, string> = {
  featured: 'Featured',
  'price-asc': 'List price: low to high',
  'price-desc': 'List price: high to low',
  'name-asc': 'Name: A to Z',
  'name-desc': 'Name: Z to A',
};

/** The choices of the "Sort by" menu, in the SDK's menu order. */
export const SORT_OPTIONS = PRODUCT_SORT_ORDERS.map((value) => ({ value, label: LABELS[value] }));

/**
 * The product sort orders a shop offers shoppers, by name, and the catalog sort each one sends.
 * `price` is the list price, as the platform sorts it: an item on sale is placed by its price
 * before the discount (say "list price" where the order is named).
 */
import type { ProductQuery } from './query.js';

/** The names of the sort orders, in the order a menu lists them. */
export const PRODUCT_SORT_ORDERS = [
  'featured',
  'price-asc',
  'price-desc',
  'name-asc',
  'name-desc',
] as const;

/** A sort order's name. `featured` is the store's own order. */
export type ProductSortOrder = (typeof PRODUCT_SORT_ORDERS)[number];

/**
 * The sort order named `value`, or `featured` for anything else (an address's `?sort=`).
 * @example parseProductSortOrder('price-asc') // 'price-asc'; parseProductSortOrder('x') // 'featured'
 */
export function parseProductSortOrder(value: unknown): ProductSortOrder {
  return PRODUCT_SORT_ORDERS.find((order) => order === value) ?? 'featured';
}

/**
 * The catalog sort of a sort order (`undefined`: the store's own order).
 * @example store.products.query({ sort: productSortQuery('price-asc') })
 */
export function productSortQuery(order: ProductSortOrder): ProductQuery['sort'] {
  switch (order) {
    case 'featured':
      return undefined;
    case 'price-asc':
      return [{ fieldName: 'price', order: 'ASC' }];
    case 'price-desc':
      return [{ fieldName: 'price', order: 'DESC' }];
    case 'name-asc':
      return [{ fieldName: 'name', order: 'ASC' }];
    case 'name-desc':
      return [{ fieldName: 'name', order: 'DESC' }];
  }
}

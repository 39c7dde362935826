import { describe, expect, it } from 'vitest';
import { PRODUCT_SORT_ORDERS, parseProductSortOrder, productSortQuery } from '../sort-orders.js';

describe('sort orders', () => {
  it('reads an order by name, and anything else as the store’s own order', () => {
    for (const order of PRODUCT_SORT_ORDERS) expect(parseProductSortOrder(order)).toBe(order);
    for (const other of ['', 'price', 'PRICE-ASC', null, 3]) {
      expect(parseProductSortOrder(other)).toBe('featured');
    }
  });

  it('sends each order as the platform sorts it', () => {
    expect(PRODUCT_SORT_ORDERS.map((order) => productSortQuery(order))).toEqual([
      undefined,
      [{ fieldName: 'price', order: 'ASC' }],
      [{ fieldName: 'price', order: 'DESC' }],
      [{ fieldName: 'name', order: 'ASC' }],
      [{ fieldName: 'name', order: 'DESC' }],
    ]);
  });
});

/** The sort orders a shopper can pick, and the catalog sort each one sends. */
import type { ProductQuery } from '@vitrine/sdk';

/** The choices of the "Sort by" menu, in menu order. */
export const SORT_OPTIONS = [
  { value: 'featured', label: 'Featured' },
  { value: 'price-asc', label: 'List price: low to high' },
  { value: 'price-desc', label: 'List price: high to low' },
  { value: 'name-asc', label: 'Name: A to Z' },
  { value: 'name-desc', label: 'Name: Z to A' },
] as const;

/** A value of the "Sort by" menu. */
export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

/** The menu value of a `?sort=` parameter; anything unknown is `featured`. */
export function parseSort(value: string | null | undefined): SortValue {
  return SORT_OPTIONS.find((option) => option.value === value)?.value ?? 'featured';
}

/**
 * The catalog sort of a menu value (`undefined`: the store's own order). `price` is the list
 * price, as the platform sorts it: an item on sale is placed by its price before the discount,
 * which is why the menu says "List price" (docs/wire-conventions.md "Sorting by price").
 */
export function sortQuery(value: SortValue): ProductQuery['sort'] {
  switch (value) {
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

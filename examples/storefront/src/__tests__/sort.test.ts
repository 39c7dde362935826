import { describe, expect, it } from 'vitest';
import { parseSort, sortQuery } from '../lib/sort';

describe('sort', () => {
  it('maps menu values to catalog sorts', () => {
    expect(parseSort('price-desc')).toBe('price-desc');
    expect(parseSort('bogus')).toBe('featured');
    expect(parseSort(null)).toBe('featured');
    expect(sortQuery('featured')).toBeUndefined();
    expect(sortQuery('price-asc')).toEqual([{ fieldName: 'price', order: 'ASC' }]);
    expect(sortQuery('name-desc')).toEqual([{ fieldName: 'name', order: 'DESC' }]);
  });
});

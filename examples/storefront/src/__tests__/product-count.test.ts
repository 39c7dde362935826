import { describe, expect, it } from 'vitest';
import { countText } from '../lib/product-count';

describe('product-count', () => {
  describe('countText', () => {
    it('says how many of the total when the store counts them (Catalog V1)', () => {
      expect(countText(12, 60, true)).toBe('Showing 12 of 60 products');
      expect(countText(60, 60, false)).toBe('60 products');
    });

    it('says how many so far when the store does not count them (Catalog V3)', () => {
      expect(countText(12, undefined, true)).toBe('Showing 12 products');
      expect(countText(60, undefined, false)).toBe('60 products');
      expect(countText(1, undefined, false)).toBe('1 product');
    });

    it("takes a collection's own count while the pages give none", () => {
      expect(countText(12, 15, true)).toBe('Showing 12 of 15 products');
    });
  });
});

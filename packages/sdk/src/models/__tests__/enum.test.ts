import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineEnum, type EnumValue } from '../enum.js';

describe('enum', () => {
  describe('defineEnum', () => {
    const SortOrder = defineEnum(['ASC', 'DESC']);
    type SortOrder = EnumValue<typeof SortOrder>;

    it('maps each value to itself and lists the values in order', () => {
      expect(SortOrder.ASC).toBe('ASC');
      expect(SortOrder.values).toEqual(['ASC', 'DESC']);
      expectTypeOf<SortOrder>().toEqualTypeOf<'ASC' | 'DESC'>();
    });

    it('tells members from other values', () => {
      expect(SortOrder.includes('DESC')).toBe(true);
      expect(SortOrder.includes('desc')).toBe(false);
      expect(SortOrder.includes(undefined)).toBe(false);
    });

    it('cannot be changed at run time', () => {
      expect(Object.isFrozen(SortOrder)).toBe(true);
      expect(Object.isFrozen(SortOrder.values)).toBe(true);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { hintOf, knownToHaveNoCart, parseShopperHint, shopperHintValue } from '../cookies.js';

const HINT = {
  itemCount: 3,
  role: 'member',
  identity: 'id:with/odd chars',
  clientId: 'client.1',
} as const;

describe('shared/cookies', () => {
  describe('shopperHintValue', () => {
    it('round-trips through parseShopperHint, odd characters included', () => {
      expect(parseShopperHint(shopperHintValue(HINT))).toEqual(HINT);
    });
  });

  describe('parseShopperHint', () => {
    it.each([
      ['nothing', undefined],
      ['the old "no cart" hint', 'none.abc'],
      ['a negative count', '-1:visitor:a:b'],
      ['a count that is not a number', 'x:visitor:a:b'],
      ['an unknown role', '1:admin:a:b'],
      ['no identity', '1:visitor::b'],
      ['a part too many', '1:visitor:a:b:c'],
      ['a broken escape', '1:visitor:%E0%A4%A:b'],
      ['a value too long', `1:visitor:${'a'.repeat(2000)}:b`],
    ])('refuses %s', (_, value) => {
      expect(parseShopperHint(value)).toBeUndefined();
    });
  });

  describe('hintOf', () => {
    it("takes a hint of the session's identity only", () => {
      const value = shopperHintValue({ ...HINT, itemCount: 0 });
      expect(hintOf(value, HINT.identity)).toEqual({ ...HINT, itemCount: 0 });
      expect(hintOf(value, 'someone else')).toBeUndefined();
      expect(knownToHaveNoCart(value, HINT.identity)).toBe(true);
      expect(knownToHaveNoCart(shopperHintValue(HINT), HINT.identity)).toBe(false);
    });
  });
});

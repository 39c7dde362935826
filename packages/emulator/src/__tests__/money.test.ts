import { describe, expect, it } from 'vitest';
import { decimalString, formatCents, money } from '../catalog/money.js';

describe('money', () => {
  describe('formatCents', () => {
    it('matches Intl en-US USD formatting', () => {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
      for (const cents of [
        0, 1, 9, 10, 99, 100, 599, 4800, 123_456, 100_000_000, 99_999_999_999, -1, -4800, -123_456,
      ]) {
        expect(formatCents(cents)).toBe(intl.format(cents / 100));
      }
    });
  });

  describe('decimalString', () => {
    it('writes the platform decimal strings without trailing zeros', () => {
      expect([0, 5, 50, 500, 1999, 2400, -250].map(decimalString)).toEqual([
        '0',
        '0.05',
        '0.5',
        '5',
        '19.99',
        '24',
        '-2.5',
      ]);
      expect(money(1050)).toEqual({
        amount: '10.5',
        convertedAmount: '10.5',
        formattedAmount: '$10.50',
        formattedConvertedAmount: '$10.50',
      });
    });
  });
});

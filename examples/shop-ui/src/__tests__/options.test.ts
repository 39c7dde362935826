import { describe, expect, it } from 'vitest';
import type { ProductVariant } from '@vitrine/sdk';
import { choiceAvailability, matchingVariants, selectionPrice } from '../lib/options';

/** A tee like the emulator's: XL costs $4 more, and XL in black is sold out. */
function variant(size: string, color: string, inStock = true): ProductVariant {
  const price = size === 'XL' ? 28 : 24;
  return {
    id: `${size}-${color}`,
    choices: { Size: size, Color: color },
    variant: { priceData: { currency: 'USD', price }, visible: true },
    stock: { trackQuantity: true, quantity: inStock ? 10 : 0, inStock },
  };
}

const tee = {
  variants: [
    variant('M', 'Black'),
    variant('M', 'White'),
    variant('XL', 'Black', false),
    variant('XL', 'White'),
  ],
};

describe('options', () => {
  describe('matchingVariants', () => {
    it('keeps the variants with every choice made so far', () => {
      expect(matchingVariants(tee.variants, { Size: 'XL' }).map((v) => v.id)).toEqual([
        'XL-Black',
        'XL-White',
      ]);
      expect(matchingVariants(tee.variants, {})).toHaveLength(4);
      expect(matchingVariants(tee.variants, { Size: '' })).toHaveLength(4);
    });
  });

  describe('choiceAvailability', () => {
    it('marks a colour sold out in the size chosen, before it is picked', () => {
      const black = { description: 'Black', inStock: true };
      expect(choiceAvailability(tee, { Size: 'XL' }, 'Color', black)).toBe('sold-out');
      expect(choiceAvailability(tee, { Size: 'M' }, 'Color', black)).toBe('available');
      expect(choiceAvailability(tee, {}, 'Color', black)).toBe('available');
    });

    it('marks a size sold out in the colour chosen, whatever size is chosen now', () => {
      const xl = { description: 'XL' };
      expect(choiceAvailability(tee, { Size: 'M', Color: 'Black' }, 'Size', xl)).toBe('sold-out');
      expect(choiceAvailability(tee, { Size: 'M', Color: 'White' }, 'Size', xl)).toBe('available');
    });

    it('says when no variant has the combination at all', () => {
      expect(choiceAvailability(tee, { Size: 'M' }, 'Color', { description: 'Red' })).toBe(
        'unavailable',
      );
    });

    it("uses the choice's own stock while the variants are not known", () => {
      expect(choiceAvailability({}, {}, 'Color', { description: 'Black', inStock: false })).toBe(
        'sold-out',
      );
      expect(choiceAvailability({}, {}, 'Color', { description: 'White' })).toBe('available');
    });
  });

  describe('selectionPrice', () => {
    it('is "From" the lowest price until the choices settle on one price', () => {
      expect(selectionPrice(tee, {})).toEqual({ current: '$24.00', from: true });
      expect(selectionPrice(tee, { Size: 'XL' })).toEqual({ current: '$28.00', from: false });
      expect(selectionPrice(tee, { Size: 'M' })).toEqual({ current: '$24.00', from: false });
    });

    it('shows a sale price with the price before it', () => {
      const sale: ProductVariant = {
        id: 'sale',
        choices: { Size: 'M' },
        variant: { priceData: { currency: 'USD', price: 79, discountedPrice: 64 } },
      };
      expect(selectionPrice({ variants: [sale] }, { Size: 'M' })).toEqual({
        current: '$64.00',
        was: '$79.00',
        from: false,
      });
    });

    it('is undefined without variant prices', () => {
      expect(selectionPrice({}, { Size: 'M' })).toBeUndefined();
      expect(selectionPrice(tee, { Size: 'S' })).toBeUndefined();
    });
  });
});

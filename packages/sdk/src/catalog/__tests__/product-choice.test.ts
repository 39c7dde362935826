import { describe, expect, it } from 'vitest';
import type { ProductVariant } from '../../models/catalog.js';
import {
  choiceAvailability,
  chosenVariant,
  initialSelection,
  matchingVariants,
  pickableOptions,
  selectionPrices,
} from '../product-choice.js';

/** A tee: XL costs $100 (more digits than $9, so a text comparison would rank it lower), XL in Black is sold out. */
function variant(size: string, color: string, inStock = true, visible = true): ProductVariant {
  const price = size === 'XL' ? 100 : 9;
  return {
    id: `${size}-${color}`,
    choices: { Size: size, Color: color },
    variant: { priceData: { currency: 'USD', price }, visible },
    stock: { trackQuantity: true, quantity: inStock ? 10 : 0, inStock },
  };
}

const tee = {
  productOptions: [
    { name: 'Size', choices: [{ description: 'M' }, { description: 'XL' }] },
    { name: 'Color', choices: [{ description: 'Black' }, { description: 'White' }] },
    { name: 'Engraving', choices: [] },
    { choices: [{ description: 'nameless' }] },
  ],
  variants: [
    variant('M', 'Black'),
    variant('M', 'White'),
    variant('XL', 'Black', false),
    variant('XL', 'White'),
    variant('XL', 'Red', true, false),
  ],
};

describe('product choice', () => {
  describe('pickableOptions', () => {
    it('keeps the options with a name and choices, in order', () => {
      expect(pickableOptions(tee).map((option) => option.name)).toEqual(['Size', 'Color']);
      expect(pickableOptions({})).toEqual([]);
    });
  });

  describe('initialSelection', () => {
    it('chooses the options that have one choice only', () => {
      const ruler = {
        productOptions: [
          { name: 'Material', choices: [{ description: 'Brass' }] },
          { name: 'Length', choices: [{ description: '15 cm' }, { description: '30 cm' }] },
        ],
      };
      expect(initialSelection(ruler)).toEqual({ Material: 'Brass' });
      expect(initialSelection(tee)).toEqual({});
    });
  });

  describe('matchingVariants', () => {
    it('keeps the visible variants with every choice made so far', () => {
      expect(matchingVariants(tee.variants, { Size: 'XL' }).map((v) => v.id)).toEqual([
        'XL-Black',
        'XL-White',
      ]);
      expect(matchingVariants(tee.variants, {})).toHaveLength(4);
      expect(matchingVariants(tee.variants, { Size: '' })).toHaveLength(4);
    });
  });

  describe('chosenVariant', () => {
    it('names the variant of a full choice, and none while an option is left', () => {
      expect(chosenVariant(tee, { Size: 'XL', Color: 'White' })?.id).toBe('XL-White');
      expect(chosenVariant(tee, { Size: 'M', Color: 'Black' })?.id).toBe('M-Black');
      expect(chosenVariant(tee, { Size: 'XL' })).toBeUndefined();
      expect(chosenVariant(tee, { Size: 'XL', Color: 'Red' })).toBeUndefined(); // hidden
      expect(chosenVariant(tee, { Size: 'S', Color: 'White' })).toBeUndefined();
    });

    it("names a product without options' one variant", () => {
      const mug = { variants: [{ id: 'default', choices: {} }] };
      expect(chosenVariant(mug, {})?.id).toBe('default');
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

    it('says when no visible variant has the combination', () => {
      expect(choiceAvailability(tee, { Size: 'M' }, 'Color', { description: 'Red' })).toBe(
        'unavailable',
      );
      expect(choiceAvailability(tee, { Size: 'XL' }, 'Color', { description: 'Red' })).toBe(
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

  describe('selectionPrices', () => {
    it('spans the prices the choices allow, compared as numbers, until they settle on one', () => {
      expect(selectionPrices(tee, {})).toEqual({
        cheapest: { currency: 'USD', price: 9 },
        min: 9,
        max: 100,
      });
      expect(selectionPrices(tee, { Size: 'XL' })).toMatchObject({ min: 100, max: 100 });
      expect(selectionPrices(tee, { Size: 'M', Color: 'White' })).toMatchObject({ min: 9, max: 9 });
    });

    it('counts the sale price, and keeps the cheapest variant’s price data', () => {
      const variants: ProductVariant[] = [
        { id: 'a', variant: { priceData: { currency: 'USD', price: 79, discountedPrice: 64 } } },
        { id: 'b', variant: { priceData: { currency: 'USD', price: 70 } } },
      ];
      expect(selectionPrices({ variants }, {})).toEqual({
        cheapest: { currency: 'USD', price: 79, discountedPrice: 64 },
        min: 64,
        max: 70,
      });
    });

    it('is undefined without variant prices', () => {
      expect(selectionPrices({}, { Size: 'M' })).toBeUndefined();
      expect(selectionPrices(tee, { Size: 'S' })).toBeUndefined();
    });
  });
});

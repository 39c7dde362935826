import { describe, expect, it } from 'vitest';
import type {
  StorefrontChoice,
  StorefrontOption,
  StorefrontVariant,
} from '../../models/storefront.js';
import {
  choiceAvailability,
  chosenVariant,
  initialSelection,
  matchingVariants,
  pickableOptions,
  selectionPrices,
} from '../product-choice.js';

/** A tee: XL costs $100 (more digits than $9, so a text comparison would rank it lower), XL in Black is sold out. */
function variant(size: string, color: string, inStock = true, visible = true): StorefrontVariant {
  return {
    id: `${size}-${color}`,
    choices: { Size: size, Color: color },
    price: { amount: size === 'XL' ? 100 : 9 },
    stock: { inStock, quantity: inStock ? 10 : 0 },
    visible,
  };
}

function choice(name: string, inStock = true): StorefrontChoice {
  return { id: name, name, inStock, visible: true };
}

function option(name: string, choices: string[]): StorefrontOption {
  return { id: name, name, kind: 'text', choices: choices.map((each) => choice(each)) };
}

const tee = {
  options: [
    option('Size', ['M', 'XL']),
    option('Color', ['Black', 'White']),
    option('Engraving', []),
    option('', ['nameless']),
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
      expect(pickableOptions(tee).map((each) => each.name)).toEqual(['Size', 'Color']);
      expect(pickableOptions({ options: [] })).toEqual([]);
    });
  });

  describe('initialSelection', () => {
    it('chooses the options that have one choice only', () => {
      const ruler = {
        options: [option('Material', ['Brass']), option('Length', ['15 cm', '30 cm'])],
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
      const mug = {
        options: [],
        variants: [
          {
            id: 'default',
            choices: {},
            price: { amount: 5 },
            stock: { inStock: true },
            visible: true,
          },
        ],
      };
      expect(chosenVariant(mug, {})?.id).toBe('default');
    });
  });

  describe('choiceAvailability', () => {
    it('marks a colour sold out in the size chosen, before it is picked', () => {
      const black = choice('Black');
      expect(choiceAvailability(tee, { Size: 'XL' }, 'Color', black)).toBe('sold-out');
      expect(choiceAvailability(tee, { Size: 'M' }, 'Color', black)).toBe('available');
      expect(choiceAvailability(tee, {}, 'Color', black)).toBe('available');
    });

    it('marks a size sold out in the colour chosen, whatever size is chosen now', () => {
      const xl = choice('XL');
      expect(choiceAvailability(tee, { Size: 'M', Color: 'Black' }, 'Size', xl)).toBe('sold-out');
      expect(choiceAvailability(tee, { Size: 'M', Color: 'White' }, 'Size', xl)).toBe('available');
    });

    it('says when no visible variant has the combination', () => {
      expect(choiceAvailability(tee, { Size: 'M' }, 'Color', choice('Red'))).toBe('unavailable');
      expect(choiceAvailability(tee, { Size: 'XL' }, 'Color', choice('Red'))).toBe('unavailable');
    });

    it("uses the choice's own stock while the variants are not known", () => {
      const none = { variants: [] };
      expect(choiceAvailability(none, {}, 'Color', choice('Black', false))).toBe('sold-out');
      expect(choiceAvailability(none, {}, 'Color', choice('White'))).toBe('available');
    });
  });

  describe('selectionPrices', () => {
    it('spans the prices the choices allow, compared as numbers, until they settle on one', () => {
      expect(selectionPrices(tee, {})).toEqual({ cheapest: { amount: 9 }, min: 9, max: 100 });
      expect(selectionPrices(tee, { Size: 'XL' })).toMatchObject({ min: 100, max: 100 });
      expect(selectionPrices(tee, { Size: 'M', Color: 'White' })).toMatchObject({ min: 9, max: 9 });
    });

    it('counts the sale price, and keeps the cheapest variant’s price', () => {
      const variants: StorefrontVariant[] = [
        { ...variant('A', 'x'), id: 'a', price: { amount: 64, compareAt: 79 } },
        { ...variant('B', 'x'), id: 'b', price: { amount: 70 } },
      ];
      expect(selectionPrices({ variants }, {})).toEqual({
        cheapest: { amount: 64, compareAt: 79 },
        min: 64,
        max: 70,
      });
    });

    it('is undefined without variants', () => {
      expect(selectionPrices({ variants: [] }, {})).toBeUndefined();
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { ProductChoice } from '@vitrine/react/lite';
import type { Product, ProductVariant } from '@vitrine/sdk';
import { choicePrice, choiceStock, selectionPrice } from '../lib/options';

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

const tee: Product = {
  id: 'tee',
  priceData: { currency: 'USD', price: 24 },
  priceRange: { minValue: 24, maxValue: 28 },
  stock: { inStock: true },
  variants: [
    variant('M', 'Black'),
    variant('M', 'White'),
    variant('XL', 'Black', false),
    variant('XL', 'White'),
  ],
};

/** A choice as `useProductChoice` would answer it for the tee. */
function choiceOf(selection: Record<string, string>, picked?: ProductVariant): ProductChoice {
  const allChosen = Boolean(selection.Size && selection.Color);
  return {
    options: [
      { name: 'Size', choices: [{ description: 'M' }, { description: 'XL' }] },
      { name: 'Color', choices: [{ description: 'Black' }, { description: 'White' }] },
    ],
    selection,
    choose: () => {},
    allChosen,
    variant: picked,
    availabilityOf: () => 'available',
    prices: undefined,
    inStock: picked?.stock?.inStock !== false,
    quantity: picked?.stock?.quantity,
    canBuy: allChosen && picked?.stock?.inStock !== false && picked !== undefined,
  };
}

describe('options', () => {
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

  describe('choicePrice and choiceStock', () => {
    it("say the chosen variant's price and stock once every option is chosen", () => {
      const xlWhite = tee.variants![3]!;
      expect(choicePrice(tee, choiceOf({ Size: 'XL', Color: 'White' }, xlWhite))).toEqual({
        current: '$28.00',
        from: false,
      });
      expect(choiceStock(tee, choiceOf({ Size: 'XL', Color: 'White' }, xlWhite))).toEqual({
        text: 'In stock',
        tone: 'ok',
      });
      const xlBlack = tee.variants![2]!;
      expect(choiceStock(tee, choiceOf({ Size: 'XL', Color: 'Black' }, xlBlack))).toEqual({
        text: 'Sold out',
        tone: 'out',
      });
    });

    it("say what the choices allow before, and the product's stock", () => {
      expect(choicePrice(tee, choiceOf({}))).toEqual({ current: '$24.00', from: true });
      expect(choiceStock(tee, choiceOf({}))).toEqual({ text: 'In stock', tone: 'ok' });
    });

    it('say when no variant has the combination', () => {
      expect(choiceStock(tee, choiceOf({ Size: 'XL', Color: 'Red' }))).toEqual({
        text: 'This combination is not available',
        tone: 'out',
      });
    });
  });
});

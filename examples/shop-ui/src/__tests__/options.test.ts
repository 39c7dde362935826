import { describe, expect, it } from 'vitest';
import type { ProductChoice } from '@vitrine/react/lite';
import type { StorefrontProductDetail, StorefrontVariant } from '@vitrine/sdk';
import { choicePrice, choiceStock, selectionPrice } from '../lib/options';

/** A tee like the emulator's: XL costs $4 more, and XL in black is sold out. */
function variant(size: string, color: string, inStock = true): StorefrontVariant {
  return {
    id: `${size}-${color}`,
    choices: { Size: size, Color: color },
    price: { amount: size === 'XL' ? 28 : 24 },
    stock: { inStock, quantity: inStock ? 10 : 0 },
    visible: true,
  };
}

const choice = (name: string) => ({ id: name, name, inStock: true, visible: true });

const tee: StorefrontProductDetail = {
  id: 'tee',
  slug: 'classic-crew-tee',
  name: 'Classic Crew Tee',
  currency: 'USD',
  price: { min: 24, max: 28 },
  stock: { status: 'PARTIALLY_OUT_OF_STOCK', quantity: 30 },
  images: [],
  options: [
    { id: 'Size', name: 'Size', kind: 'text', choices: [choice('M'), choice('XL')] },
    { id: 'Color', name: 'Color', kind: 'color', choices: [choice('Black'), choice('White')] },
  ],
  variants: [
    variant('M', 'Black'),
    variant('M', 'White'),
    variant('XL', 'Black', false),
    variant('XL', 'White'),
  ],
  customFields: [],
  infoSections: [],
};

/** A choice as `useProductChoice` would answer it for the tee. */
function choiceOf(selection: Record<string, string>, picked?: StorefrontVariant): ProductChoice {
  const allChosen = Boolean(selection.Size && selection.Color);
  return {
    options: tee.options,
    selection,
    choose: () => {},
    allChosen,
    variant: picked,
    availabilityOf: () => 'available',
    prices: undefined,
    inStock: picked?.stock.inStock !== false,
    quantity: picked?.stock.quantity,
    canBuy: allChosen && picked?.stock.inStock !== false && picked !== undefined,
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
      const sale: StorefrontVariant = {
        ...variant('M', 'Black'),
        price: { amount: 64, compareAt: 79 },
      };
      expect(selectionPrice({ currency: 'USD', variants: [sale] }, { Size: 'M' })).toEqual({
        current: '$64.00',
        was: '$79.00',
        from: false,
      });
    });

    it("formats in the product's currency", () => {
      expect(selectionPrice({ ...tee, currency: 'EUR' }, { Size: 'XL' })).toEqual({
        current: '€28.00',
        from: false,
      });
    });

    it('is undefined when no variant has the choices', () => {
      expect(selectionPrice({ currency: 'USD', variants: [] }, { Size: 'M' })).toBeUndefined();
      expect(selectionPrice(tee, { Size: 'S' })).toBeUndefined();
    });
  });

  describe('choicePrice and choiceStock', () => {
    it("say the chosen variant's price and stock once every option is chosen", () => {
      const xlWhite = tee.variants[3]!;
      expect(choicePrice(tee, choiceOf({ Size: 'XL', Color: 'White' }, xlWhite))).toEqual({
        current: '$28.00',
        from: false,
      });
      expect(choiceStock(tee, choiceOf({ Size: 'XL', Color: 'White' }, xlWhite))).toEqual({
        text: 'In stock',
        tone: 'ok',
      });
      const xlBlack = tee.variants[2]!;
      expect(choiceStock(tee, choiceOf({ Size: 'XL', Color: 'Black' }, xlBlack))).toEqual({
        text: 'Sold out',
        tone: 'out',
      });
    });

    it("say what the choices allow before, and the product's stock", () => {
      expect(choicePrice(tee, choiceOf({}))).toEqual({ current: '$24.00', from: true });
      expect(choiceStock(tee, choiceOf({}))).toEqual({ text: 'Some sold out', tone: 'low' });
    });

    it("fall back to the product's range when no variant has the choices", () => {
      expect(choicePrice(tee, choiceOf({ Size: 'S' }))).toEqual({ current: '$24.00', from: true });
    });

    it('say when no variant has the combination', () => {
      expect(choiceStock(tee, choiceOf({ Size: 'XL', Color: 'Red' }))).toEqual({
        text: 'This combination is not available',
        tone: 'out',
      });
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  shippingCostText,
  shippingOptionsOf,
  couponSummary,
  formatCartMoney,
  formatMoney,
  lineAvailability,
  lineOptions,
  lineSlug,
  lineTotal,
  pluralize,
  priceLabel,
  productAvailability,
  plainText,
  productImage,
  productPriceLabel,
  variantAvailability,
} from '../lib/format';

describe('format', () => {
  describe('formatMoney', () => {
    it('formats amounts in their currency', () => {
      expect(formatMoney(24, 'USD')).toBe('$24.00');
      expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    });

    it('falls back to dollars for an unknown currency code', () => {
      expect(formatMoney(5, 'NOT A CURRENCY')).toBe('$5.00');
    });
  });

  describe('formatCartMoney', () => {
    it("prefers the platform's own formatting", () => {
      expect(formatCartMoney({ amount: '12.5', formattedAmount: '$12.50' })).toBe('$12.50');
      expect(formatCartMoney({ amount: '12.5' })).toBe('$12.50');
      expect(formatCartMoney(undefined)).toBe('');
      expect(formatCartMoney({ amount: 'abc' })).toBe('');
    });
  });

  describe('priceLabel', () => {
    it('shows a discount with the price before it', () => {
      expect(priceLabel({ amount: 71.2, compareAt: 89 }, 'USD')).toEqual({
        current: '$71.20',
        was: '$89.00',
        from: false,
      });
    });

    it("formats in the product's currency", () => {
      expect(priceLabel({ amount: 1234.5 }, 'EUR')).toEqual({ current: '€1,234.50', from: false });
    });

    it('is a "from" price when variants cost more', () => {
      expect(priceLabel({ amount: 24 }, 'USD', { min: 24, max: 28 })).toEqual({
        current: '$24.00',
        from: true,
      });
      expect(priceLabel({ amount: 24 }, 'USD', { min: 24, max: 24 })?.from).toBe(false);
    });

    it('shows no price before a discount that is not one', () => {
      expect(priceLabel({ amount: 24, compareAt: 24 }, 'USD')).toEqual({
        current: '$24.00',
        from: false,
      });
    });

    it('is undefined without a price', () => {
      expect(priceLabel(undefined, 'USD')).toBeUndefined();
      expect(priceLabel({ amount: Number.NaN }, 'USD')).toBeUndefined();
    });
  });

  describe('productPriceLabel', () => {
    it('is a product\'s lowest price, "From" when its variants differ', () => {
      expect(productPriceLabel({ currency: 'USD', price: { min: 24, max: 28 } })).toEqual({
        current: '$24.00',
        from: true,
      });
    });

    it('shows the lowest price before the discount of a product on sale', () => {
      expect(
        productPriceLabel({
          currency: 'USD',
          price: { min: 64, max: 64, compareAtMin: 79, compareAtMax: 79 },
        }),
      ).toEqual({ current: '$64.00', was: '$79.00', from: false });
    });
  });

  describe('productAvailability', () => {
    it('reads the stock a shopper cares about', () => {
      expect(productAvailability({ stock: { status: 'OUT_OF_STOCK' } })).toEqual({
        text: 'Sold out',
        tone: 'out',
      });
      expect(productAvailability({ stock: { status: 'IN_STOCK', quantity: 3 } }).text).toBe(
        'Only 3 left',
      );
      expect(
        productAvailability({ stock: { status: 'PARTIALLY_OUT_OF_STOCK', quantity: 40 } }).text,
      ).toBe('Some sold out');
      expect(productAvailability({ stock: { status: 'IN_STOCK' } }).text).toBe('In stock');
      expect(productAvailability({ stock: { status: 'IN_STOCK', quantity: 9 } }).text).toBe(
        'In stock',
      );
    });

    it('reads a variant', () => {
      expect(variantAvailability(false, 10).tone).toBe('out');
      expect(variantAvailability(true, 2).text).toBe('Only 2 left');
      expect(variantAvailability(true, undefined).text).toBe('In stock');
    });
  });

  describe('couponSummary', () => {
    const priced = {
      subtotal: { amount: '72.00', formattedAmount: '$72.00' },
      currency: 'USD',
      appliedDiscounts: [
        { coupon: { id: 'c1', code: 'WELCOME10', amount: { amount: '7.2', formattedAmount: '' } } },
      ],
    };

    it("takes the coupon's amount off the subtotal", () => {
      expect(couponSummary(priced)).toEqual({
        code: 'WELCOME10',
        discount: '−$7.20',
        beforeShipping: '$64.80',
      });
    });

    it('is undefined without a coupon the store has priced', () => {
      expect(couponSummary({ ...priced, appliedDiscounts: [] })).toBeUndefined();
      expect(
        couponSummary({
          ...priced,
          appliedDiscounts: [{ coupon: { id: 'c1', code: 'WELCOME10' } }],
        }),
      ).toBeUndefined();
      const { subtotal: _subtotal, ...unpriced } = priced;
      expect(couponSummary(unpriced)).toBeUndefined();
    });

    it('never goes below zero', () => {
      const coupon = { id: 'c1', code: 'ALL', amount: { amount: '80' } };
      expect(couponSummary({ ...priced, appliedDiscounts: [{ coupon }] })?.beforeShipping).toBe(
        '$0.00',
      );
    });
  });

  describe('cart lines', () => {
    it('summarises options', () => {
      expect(
        lineOptions({
          descriptionLines: [
            { name: { original: 'Size' }, plainText: { original: 'M' } },
            { name: { original: 'Color' }, colorInfo: { original: 'Black', code: '#000' } },
            { name: { original: 'Empty' } },
          ],
        }),
      ).toBe('Size: M · Color: Black');
    });

    it('totals a line from its unit price and the quantity shown', () => {
      expect(lineTotal({ quantity: 3, price: { amount: '0.1' } })).toBe('$0.30');
      expect(lineTotal({ quantity: 2, lineItemPrice: { formattedAmount: '$9.00' } })).toBe('$9.00');
    });

    it('warns about availability only when it matters', () => {
      expect(
        lineAvailability({ quantity: 1, availability: { status: 'AVAILABLE' } }),
      ).toBeUndefined();
      expect(
        lineAvailability({
          quantity: 5,
          availability: { status: 'PARTIALLY_AVAILABLE', quantityAvailable: 3 },
        }),
      ).toMatch(/Only 3 available/);
      expect(lineAvailability({ quantity: 1, availability: { status: 'NOT_AVAILABLE' } })).toMatch(
        /Sold out/,
      );
    });

    it("finds the product page's slug", () => {
      expect(lineSlug({ url: { relativePath: '/product-page/classic-crew-tee' } })).toBe(
        'classic-crew-tee',
      );
      expect(lineSlug({ url: { relativePath: '/' } })).toBeUndefined();
      expect(lineSlug({})).toBeUndefined();
    });
  });

  it('pluralizes', () => {
    expect(pluralize(1, 'item')).toBe('1 item');
    expect(pluralize(0, 'item')).toBe('0 items');
    expect(pluralize(2, 'box', 'boxes')).toBe('2 boxes');
  });

  it("picks a product's main image", () => {
    expect(
      productImage({ image: { url: 'http://x/mug.svg', alt: 'Mug', width: 400, height: 400 } }),
    ).toEqual({ url: 'http://x/mug.svg', alt: 'Mug' });
    expect(productImage({})).toBeUndefined();
    expect(productImage({ image: { url: '', alt: 'Mug' } })).toBeUndefined();
  });

  it("reads a description's text without its markup", () => {
    expect(plainText('Soft and warm')).toBe('Soft and warm');
    expect(plainText('<p>Soft &amp; warm</p><p>Machine&nbsp;washable</p>')).toBe(
      'Soft & warm Machine washable',
    );
    expect(plainText('<b>5 &lt; 6</b> &quot;quoted&quot; &#39;single&#39;')).toBe(
      `5 < 6 "quoted" 'single'`,
    );
  });

  it('prices a shipping option, free when it costs nothing', () => {
    expect(shippingCostText({ amount: '14.99' }, 'USD')).toBe('$14.99');
    expect(shippingCostText({ amount: '0' }, 'USD')).toBe('Free');
    expect(shippingCostText(undefined, 'USD')).toBe('Free');
  });

  it("lists every carrier's shipping options with the carrier's id", () => {
    const standard = { code: 'standard', title: 'Standard' };
    const express = { code: 'express', title: 'Express' };
    expect(
      shippingOptionsOf({
        shippingInfo: {
          carrierServiceOptions: [
            { carrierId: 'a', shippingOptions: [standard] },
            { carrierId: 'b', shippingOptions: [express] },
          ],
        },
      }),
    ).toEqual([
      { carrierId: 'a', option: standard },
      { carrierId: 'b', option: express },
    ]);
    expect(shippingOptionsOf(undefined)).toEqual([]);
  });
});

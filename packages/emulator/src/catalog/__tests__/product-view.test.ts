/**
 * A product is rendered once, whole, and trimmed to what a reader asks for: the trimmed view must be
 * the very answer rendering for those options gives, byte for byte (field order included).
 */
import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '../../models/catalog.js';
import { productView, wholeProductView } from '../product-view.js';
import { renderProduct } from '../render.js';
import { defaultSeed } from '../seed.js';

const BASE = 'http://127.0.0.1:4010';

/** Every seeded product, and one with a unit price, a sale and variant costs of its own. */
function products(): ProductRecord[] {
  const seeded = defaultSeed().products;
  const first = structuredClone(seeded.find((p) => p.variants.length > 1)!);
  first.pricePerUnitData = {
    totalQuantity: 500,
    totalMeasurementUnit: 'G',
    baseQuantity: 100,
    baseMeasurementUnit: 'G',
  };
  first.discount = { type: 'PERCENT', value: 15 };
  first.variants[0]!.cost = 3.25;
  first.variants[1]!.price = 99.99;
  return [...seeded, first];
}

describe('productView', () => {
  it.each([
    [false, false],
    [false, true],
    [true, false],
    [true, true],
  ])(
    'answers with merchant %s, variants %s what rendering answers, byte for byte',
    (merchant, variants) => {
      for (const product of products()) {
        const options = { baseUrl: BASE, merchant, variants };
        expect(JSON.stringify(productView(product, options))).toBe(
          JSON.stringify(renderProduct(product, options)),
        );
      }
    },
  );

  it('renders a record once per base URL, and keeps views of two base URLs apart', () => {
    const [product] = products();
    const whole = wholeProductView(product!, BASE);
    expect(wholeProductView(product!, BASE)).toBe(whole);
    expect(productView(product!, { baseUrl: BASE, merchant: true, variants: true })).toBe(whole);
    const other = wholeProductView(product!, 'https://static.example');
    expect(other).not.toBe(whole);
    expect(JSON.stringify(other)).toContain('https://static.example/media/');
    expect(JSON.stringify(whole)).not.toContain('https://static.example');
  });
});

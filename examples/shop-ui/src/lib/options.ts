/**
 * What a product page shows of the shopper's choice of options (`useProductChoice` of
 * `@vitrine/react`, whose rules are the SDK's): the price tag and the stock line, in both shops.
 * Pure functions, unit-tested in `src/__tests__/options.test.ts`.
 */
import { selectionPrices, type OptionSelection } from '@vitrine/sdk/lite';
import type { ProductChoice } from '@vitrine/react/lite';
import type { Product } from '@vitrine/sdk';
import {
  priceLabel,
  productAvailability,
  variantAvailability,
  type AvailabilityLabel,
  type PriceLabel,
} from './format';

/**
 * The price tag of what is chosen so far: one price once the choices narrow the variants to one
 * price ("XL" of a tee whose XLs all cost $28), else "From" the lowest they allow. `undefined`
 * without the variants' prices.
 */
export function selectionPrice(
  product: Pick<Product, 'variants'>,
  selection: OptionSelection,
): PriceLabel | undefined {
  const prices = selectionPrices(product, selection);
  if (prices === undefined) return undefined;
  return priceLabel(prices.cheapest, { minValue: prices.min, maxValue: prices.max });
}

/** The price tag of a product page: the chosen variant's, else what the choices allow. */
export function choicePrice(product: Product, choice: ProductChoice): PriceLabel | undefined {
  return (
    priceLabel(choice.variant?.variant?.priceData) ??
    selectionPrice(product, choice.selection) ??
    priceLabel(
      product.priceData ?? product.price,
      choice.allChosen && choice.options.length > 0 ? undefined : product.priceRange,
    )
  );
}

/** The stock line of a product page: the chosen variant's, else the product's. */
export function choiceStock(product: Product, choice: ProductChoice): AvailabilityLabel {
  if (choice.variant !== undefined && choice.options.length > 0) {
    return variantAvailability(choice.inStock, choice.quantity);
  }
  if (choice.allChosen && choice.options.length > 0 && !choice.canBuy) {
    return { text: 'This combination is not available', tone: 'out' };
  }
  return productAvailability(product);
}

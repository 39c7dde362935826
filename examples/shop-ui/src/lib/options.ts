/**
 * What a product page shows of the shopper's choice of options (`useProductChoice` of
 * `@vitrine/react`, whose rules are the SDK's): the price tag and the stock line, in both shops,
 * from the storefront model's product (either catalog). Pure functions, unit-tested in
 * `src/__tests__/options.test.ts`.
 */
import { selectionPrices, type OptionSelection } from '@vitrine/sdk/lite';
import type { ProductChoice } from '@vitrine/react/lite';
import type { StorefrontProductDetail } from '@vitrine/sdk';
import {
  priceLabel,
  productAvailability,
  productPriceLabel,
  variantAvailability,
  type AvailabilityLabel,
  type PriceLabel,
} from './format';

/**
 * The price tag of what is chosen so far: one price once the choices narrow the variants to one
 * price ("XL" of a tee whose XLs all cost $28), else "From" the lowest they allow. `undefined`
 * when no variant has the choices.
 */
export function selectionPrice(
  product: Pick<StorefrontProductDetail, 'variants' | 'currency'>,
  selection: OptionSelection,
): PriceLabel | undefined {
  const prices = selectionPrices(product, selection);
  if (prices === undefined) return undefined;
  return priceLabel(prices.cheapest, product.currency, { min: prices.min, max: prices.max });
}

/**
 * The price tag of a product page: the chosen variant's, else what the choices allow, else the
 * product's own range.
 */
export function choicePrice(
  product: Pick<StorefrontProductDetail, 'variants' | 'currency' | 'price'>,
  choice: Pick<ProductChoice, 'variant' | 'selection'>,
): PriceLabel | undefined {
  return (
    priceLabel(choice.variant?.price, product.currency) ??
    selectionPrice(product, choice.selection) ??
    productPriceLabel(product)
  );
}

/** The stock line of a product page: the chosen variant's, else the product's. */
export function choiceStock(
  product: Pick<StorefrontProductDetail, 'stock'>,
  choice: Pick<
    ProductChoice,
    'variant' | 'options' | 'allChosen' | 'canBuy' | 'inStock' | 'quantity'
  >,
): AvailabilityLabel {
  if (choice.variant !== undefined && choice.options.length > 0) {
    return variantAvailability(choice.inStock, choice.quantity);
  }
  if (choice.allChosen && choice.options.length > 0 && !choice.canBuy) {
    return { text: 'This combination is not available', tone: 'out' };
  }
  return productAvailability(product);
}

/**
 * What the options chosen so far on a product page allow: which choices can still be bought, and
 * what the chosen combination costs. Read from the product's variants (`useProduct` lists them
 * with their stock and price), so the page can say it before the shopper picks. Pure functions,
 * unit-tested in `src/__tests__/options.test.ts`.
 */
import type { Choice, Product, ProductOption, ProductVariant } from '@vitrine/sdk';
import { priceLabel, type PriceLabel } from './format';

/** Option name → the choice picked ("Size" → "XL"). */
export type Selection = Readonly<Record<string, string>>;

/**
 * Whether picking a choice, with the other options as they are, leads to something to buy:
 * `sold-out` when every variant it leads to is out of stock, `unavailable` when none is sold.
 */
export type ChoiceAvailability = 'available' | 'sold-out' | 'unavailable';

/** The options a shopper picks from: those with a name and choices. */
export function pickableOptions(
  product: Pick<Product, 'productOptions'>,
): (ProductOption & { name: string })[] {
  return (product.productOptions ?? []).filter(
    (option): option is ProductOption & { name: string } =>
      option.name !== undefined && (option.choices?.length ?? 0) > 0,
  );
}

/** The variants that the choices made so far still allow. */
export function matchingVariants(
  variants: readonly ProductVariant[],
  selection: Selection,
): ProductVariant[] {
  const chosen = Object.entries(selection).filter(([, value]) => value !== '');
  return variants.filter((variant) =>
    chosen.every(([name, value]) => variant.choices?.[name] === value),
  );
}

/**
 * What picking `choice` of the option `optionName` would lead to, given the other options chosen.
 * Without the variants (the product as listed, before its details arrive), the choice's own
 * `inStock` says whether it is sold out in every combination.
 */
export function choiceAvailability(
  product: Pick<Product, 'variants'>,
  selection: Selection,
  optionName: string,
  choice: Pick<Choice, 'description' | 'inStock'>,
): ChoiceAvailability {
  const variants = product.variants;
  if (!variants || variants.length === 0) {
    return choice.inStock === false ? 'sold-out' : 'available';
  }
  const candidates = matchingVariants(variants, {
    ...selection,
    [optionName]: choice.description ?? '',
  }).filter((variant) => variant.variant?.visible !== false);
  if (candidates.length === 0) return 'unavailable';
  return candidates.some((variant) => variant.stock?.inStock !== false) ? 'available' : 'sold-out';
}

/**
 * The price tag of what is chosen so far: one price once the choices narrow the variants to one
 * price ("XL" of a tee whose XLs all cost $28), else "From" the lowest they allow. `undefined`
 * without the variants' prices.
 */
export function selectionPrice(
  product: Pick<Product, 'variants'>,
  selection: Selection,
): PriceLabel | undefined {
  const prices = matchingVariants(product.variants ?? [], selection)
    .map((variant) => variant.variant?.priceData)
    .filter((data) => data?.price !== undefined);
  const amounts = prices.map((data) => data?.discountedPrice ?? data?.price ?? 0);
  if (amounts.length === 0) return undefined;
  const lowest = Math.min(...amounts);
  const cheapest = prices[amounts.indexOf(lowest)];
  return priceLabel(cheapest, { minValue: lowest, maxValue: Math.max(...amounts) });
}

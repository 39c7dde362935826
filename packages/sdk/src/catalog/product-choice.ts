/**
 * What a shopper's choice of options means for a product with its variants (as `products.get`
 * and `products.getBySlug` answer it): which options there are to pick, which variant a full
 * choice names, whether a choice still leads to something in stock, and what the choice costs.
 * Pure functions of the product, with no call: a product page says all of it before the shopper
 * picks, on the server and in the browser alike.
 */
import type {
  Choice,
  PriceData,
  Product,
  ProductOption,
  ProductVariant,
} from '../models/catalog.js';

/** Option name → the choice picked (`{ Size: 'L', Color: 'Blue' }`). */
export type OptionSelection = Readonly<Record<string, string>>;

/** A product option a shopper picks from: one with a name and at least one choice. */
export type PickableOption = ProductOption & { name: string; choices: Choice[] };

/**
 * What picking a choice leads to, with the other options as they are: `available`, `sold-out`
 * (every variant it leads to is out of stock) or `unavailable` (no variant is sold with it).
 */
export type ChoiceAvailability = 'available' | 'sold-out' | 'unavailable';

/**
 * The options a shopper picks from: those with a name and choices, in the product's order.
 * @example pickableOptions(product).map((option) => option.name) // ['Size', 'Color']
 */
export function pickableOptions(product: Pick<Product, 'productOptions'>): PickableOption[] {
  return (product.productOptions ?? []).filter(
    (option): option is PickableOption =>
      typeof option.name === 'string' && option.name !== '' && (option.choices?.length ?? 0) > 0,
  );
}

/**
 * The selection a product page starts with: each option that has a single choice, chosen.
 * @example initialSelection(product) // { Material: 'Brass' }
 */
export function initialSelection(product: Pick<Product, 'productOptions'>): OptionSelection {
  const selection: Record<string, string> = {};
  for (const option of pickableOptions(product)) {
    const [only] = option.choices;
    if (option.choices.length === 1 && only?.description) selection[option.name] = only.description;
  }
  return selection;
}

/** The visible variants the choices made so far still allow (empty choices are not made yet). */
export function matchingVariants(
  variants: readonly ProductVariant[],
  selection: OptionSelection,
): ProductVariant[] {
  const chosen = Object.entries(selection).filter(([, value]) => value !== '');
  return variants.filter(
    (variant) =>
      variant.variant?.visible !== false &&
      chosen.every(([name, value]) => variant.choices?.[name] === value),
  );
}

/**
 * The variant a choice of every option names, or `undefined` while an option is still to pick
 * or when no visible variant has that combination. A product without options has one variant,
 * which this returns.
 *
 * @example chosenVariant(product, { Size: 'L', Color: 'Blue' })?.id
 */
export function chosenVariant(
  product: Pick<Product, 'productOptions' | 'variants'>,
  selection: OptionSelection,
): ProductVariant | undefined {
  const options = pickableOptions(product);
  if (options.some((option) => !selection[option.name])) return undefined;
  const picked = Object.fromEntries(
    options.map((option) => [option.name, selection[option.name]!]),
  );
  return matchingVariants(product.variants ?? [], picked).find(
    (variant) => Object.keys(variant.choices ?? {}).length === options.length,
  );
}

/**
 * What picking `choice` of the option `optionName` would lead to, given the other options
 * chosen. Without the product's variants, the choice's own `inStock` says whether it is sold out
 * in every combination.
 *
 * @example choiceAvailability(product, { Size: 'L' }, 'Color', { description: 'Blue' }) // 'sold-out'
 */
export function choiceAvailability(
  product: Pick<Product, 'variants'>,
  selection: OptionSelection,
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
  });
  if (candidates.length === 0) return 'unavailable';
  return candidates.some((variant) => variant.stock?.inStock !== false) ? 'available' : 'sold-out';
}

/** The prices a selection still allows: the cheapest variant's price data and the range. */
export interface SelectionPrices {
  /** The price data of the cheapest variant the selection allows. */
  cheapest: PriceData;
  /** The lowest price a shopper would pay (the discounted price where there is one). */
  min: number;
  /** The highest. Equal to `min` once the selection narrows the price to one. */
  max: number;
}

/**
 * What the choices made so far cost: one price once they narrow the variants to one price, else
 * the range they allow. `undefined` without variants that have a price.
 *
 * @example
 * const prices = selectionPrices(product, { Size: 'XL' });
 * prices.min === prices.max ? format(prices.min) : `From ${format(prices.min)}`;
 */
export function selectionPrices(
  product: Pick<Product, 'variants'>,
  selection: OptionSelection,
): SelectionPrices | undefined {
  let found: SelectionPrices | undefined;
  for (const variant of matchingVariants(product.variants ?? [], selection)) {
    const data = variant.variant?.priceData;
    if (data?.price === undefined) continue;
    const amount = data.discountedPrice ?? data.price;
    if (found === undefined) found = { cheapest: data, min: amount, max: amount };
    else {
      if (amount < found.min) found = { ...found, cheapest: data, min: amount };
      if (amount > found.max) found = { ...found, max: amount };
    }
  }
  return found;
}

/**
 * What a shopper's choice of options means for a product page (a {@link StorefrontProductDetail},
 * as `store.storefront.product` answers it, on either catalog): which options there are to pick,
 * which variant a full choice names, whether a choice still leads to something in stock, and what
 * the choice costs. Pure functions of the product, with no call: a product page says all of it
 * before the shopper picks, on the server and in the browser alike.
 */
import type {
  StorefrontChoice,
  StorefrontOption,
  StorefrontPrice,
  StorefrontProductDetail,
  StorefrontVariant,
} from '../models/storefront.js';

/** Option name → the choice picked (`{ Size: 'L', Color: 'Blue' }`). */
export type OptionSelection = Readonly<Record<string, string>>;

/** A product option a shopper picks from: one with a name and at least one choice. */
export type PickableOption = StorefrontOption;

/**
 * What picking a choice leads to, with the other options as they are: `available`, `sold-out`
 * (every variant it leads to is out of stock) or `unavailable` (no variant is sold with it).
 */
export type ChoiceAvailability = 'available' | 'sold-out' | 'unavailable';

/**
 * The options a shopper picks from: those with a name and choices, in the product's order.
 * @example pickableOptions(product).map((option) => option.name) // ['Size', 'Color']
 */
export function pickableOptions(
  product: Pick<StorefrontProductDetail, 'options'>,
): PickableOption[] {
  return (product.options ?? []).filter(
    (option) => option.name !== '' && option.choices.length > 0,
  );
}

/**
 * The selection a product page starts with: each option that has a single choice, chosen.
 * @example initialSelection(product) // { Material: 'Brass' }
 */
export function initialSelection(
  product: Pick<StorefrontProductDetail, 'options'>,
): OptionSelection {
  const selection: Record<string, string> = {};
  for (const option of pickableOptions(product)) {
    const [only] = option.choices;
    if (option.choices.length === 1 && only) selection[option.name] = only.name;
  }
  return selection;
}

/** The visible variants the choices made so far still allow (empty choices are not made yet). */
export function matchingVariants(
  variants: readonly StorefrontVariant[],
  selection: OptionSelection,
): StorefrontVariant[] {
  const chosen = Object.entries(selection).filter(([, value]) => value !== '');
  return variants.filter(
    (variant) =>
      variant.visible && chosen.every(([name, value]) => variant.choices[name] === value),
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
  product: Pick<StorefrontProductDetail, 'options' | 'variants'>,
  selection: OptionSelection,
): StorefrontVariant | undefined {
  const options = pickableOptions(product);
  if (options.some((option) => !selection[option.name])) return undefined;
  const picked = Object.fromEntries(
    options.map((option) => [option.name, selection[option.name]!]),
  );
  return matchingVariants(product.variants, picked).find(
    (variant) => Object.keys(variant.choices).length === options.length,
  );
}

/**
 * What picking `choice` of the option `optionName` would lead to, given the other options
 * chosen. Without the product's variants, the choice's own `inStock` says whether it is sold out
 * in every combination.
 *
 * @example choiceAvailability(product, { Size: 'L' }, 'Color', { name: 'Blue', inStock: true }) // 'sold-out'
 */
export function choiceAvailability(
  product: Pick<StorefrontProductDetail, 'variants'>,
  selection: OptionSelection,
  optionName: string,
  choice: Pick<StorefrontChoice, 'name' | 'inStock'>,
): ChoiceAvailability {
  const variants = product.variants;
  if (variants.length === 0) return choice.inStock ? 'available' : 'sold-out';
  const candidates = matchingVariants(variants, { ...selection, [optionName]: choice.name });
  if (candidates.length === 0) return 'unavailable';
  return candidates.some((variant) => variant.stock.inStock) ? 'available' : 'sold-out';
}

/** The prices a selection still allows: the cheapest variant's price and the range. */
export interface SelectionPrices {
  /** The price of the cheapest variant the selection allows. */
  cheapest: StorefrontPrice;
  /** The lowest price a shopper would pay. */
  min: number;
  /** The highest. Equal to `min` once the selection narrows the price to one. */
  max: number;
}

/**
 * What the choices made so far cost: one price once they narrow the variants to one price, else
 * the range they allow. `undefined` without variants.
 *
 * @example
 * const prices = selectionPrices(product, { Size: 'XL' });
 * prices.min === prices.max ? format(prices.min) : `From ${format(prices.min)}`;
 */
export function selectionPrices(
  product: Pick<StorefrontProductDetail, 'variants'>,
  selection: OptionSelection,
): SelectionPrices | undefined {
  let found: SelectionPrices | undefined;
  for (const variant of matchingVariants(product.variants, selection)) {
    const { amount } = variant.price;
    if (found === undefined) found = { cheapest: variant.price, min: amount, max: amount };
    else {
      if (amount < found.min) found = { ...found, cheapest: variant.price, min: amount };
      if (amount > found.max) found = { ...found, max: amount };
    }
  }
  return found;
}

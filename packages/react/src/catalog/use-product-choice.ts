'use client';
/**
 * The shopper's choice of options on a product page, from the product and its variants alone:
 * no call, no TanStack Query, nothing of the store client. The rules are the SDK's
 * (`@vitrine/sdk/lite`'s product choice functions); this hook keeps the choice in state.
 */
import { useState } from 'react';
import {
  choiceAvailability,
  chosenVariant,
  initialSelection,
  pickableOptions,
  selectionPrices,
  type ChoiceAvailability,
  type OptionSelection,
  type PickableOption,
  type SelectionPrices,
} from '@vitrine/sdk/lite';
import type { Choice, Product, ProductVariant } from '@vitrine/sdk';

/** What {@link useProductChoice} returns. */
export interface ProductChoice {
  /** The options to pick from (those with a name and choices), in the product's order. */
  options: PickableOption[];
  /** Option name → the choice picked so far. An option with a single choice starts chosen. */
  selection: OptionSelection;
  /** Picks `choice` (a choice's `description`) for the option `optionName`. */
  choose: (optionName: string, choice: string) => void;
  /** Whether every option has a choice. */
  allChosen: boolean;
  /** The variant the choices name once all are made (the only one, for a product without options). */
  variant: ProductVariant | undefined;
  /** What picking `choice` of `optionName` would lead to, with the other choices as they are. */
  availabilityOf: (
    optionName: string,
    choice: Pick<Choice, 'description' | 'inStock'>,
  ) => ChoiceAvailability;
  /** What the choices so far cost: one price, or the range they still allow. */
  prices: SelectionPrices | undefined;
  /** Whether what is chosen is in stock: the variant's once chosen, else the product's. */
  inStock: boolean;
  /** Units left of the chosen variant, when its stock is tracked. */
  quantity: number | undefined;
  /** Whether "Add to cart" may send: every option chosen, a variant sold with them, in stock. */
  canBuy: boolean;
}

/**
 * The choice of options for `product` (pass it with its variants, as `products.get` and
 * `products.getBySlug` answer). Works on the server and while hydrating alike: it reads nothing
 * but the product.
 *
 * @example
 * const choice = useProductChoice(product);
 * choice.options.map((option) => (
 *   <select key={option.name} value={choice.selection[option.name] ?? ''}
 *     onChange={(event) => choice.choose(option.name, event.target.value)}>…</select>
 * ));
 * <button disabled={!choice.canBuy}>Add to cart</button>
 */
export function useProductChoice(
  product: Pick<Product, 'productOptions' | 'variants' | 'stock'>,
): ProductChoice {
  const [selection, setSelection] = useState<OptionSelection>(() => initialSelection(product));
  const options = pickableOptions(product);
  const allChosen = options.every((option) => Boolean(selection[option.name]));
  const variant = chosenVariant(product, selection);
  const knowsVariants = (product.variants?.length ?? 0) > 0;
  const inStock =
    variant !== undefined
      ? variant.stock?.inStock !== false
      : !(allChosen && knowsVariants) && product.stock?.inStock !== false;
  return {
    options,
    selection,
    choose: (optionName, choice) =>
      setSelection((current) => ({ ...current, [optionName]: choice })),
    allChosen,
    variant,
    availabilityOf: (optionName, choice) =>
      choiceAvailability(product, selection, optionName, choice),
    prices: selectionPrices(product, selection),
    inStock,
    quantity: variant?.stock?.trackQuantity ? variant.stock.quantity : undefined,
    canBuy: allChosen && inStock && (variant !== undefined || !knowsVariants),
  };
}

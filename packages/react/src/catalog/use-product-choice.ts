'use client';
/**
 * The shopper's choice of options on a product page, from the storefront model's product alone
 * (`store.storefront.product`, on either catalog): no call, no TanStack Query, nothing of the
 * store client. The rules are the SDK's (`@vitrine/sdk/lite`'s product choice functions, put
 * together in selection.ts); this hook keeps the choice in state.
 */
import { useState } from 'react';
import {
  choiceAvailability,
  initialSelection,
  pickableOptions,
  selectionPrices,
  type ChoiceAvailability,
  type OptionSelection,
  type PickableOption,
  type SelectionPrices,
} from '@vitrine/sdk/lite';
import type { StorefrontChoice, StorefrontVariant } from '@vitrine/sdk';
import { selectionState, type ChoosableProduct } from './selection.js';

/** What {@link useProductChoice} returns. */
export interface ProductChoice {
  /** The options to pick from (those with a name and choices), in the product's order. */
  options: PickableOption[];
  /** Option name → the choice picked so far. An option with a single choice starts chosen. */
  selection: OptionSelection;
  /** Picks `choice` (a choice's `name`) for the option `optionName`. */
  choose: (optionName: string, choice: string) => void;
  /** Whether every option has a choice. */
  allChosen: boolean;
  /** The variant the choices name once all are made (the only one, for a product without options). */
  variant: StorefrontVariant | undefined;
  /** What picking `choice` of `optionName` would lead to, with the other choices as they are. */
  availabilityOf: (
    optionName: string,
    choice: Pick<StorefrontChoice, 'name' | 'inStock'>,
  ) => ChoiceAvailability;
  /** What the choices so far cost: one price, or the range they still allow. */
  prices: SelectionPrices | undefined;
  /** Whether what is chosen is in stock: the variant's once chosen, else the product's `stock.status`. */
  inStock: boolean;
  /** Units left of the chosen variant, when the store counts them. */
  quantity: number | undefined;
  /** Whether "Add to cart" may send: every option chosen, a variant sold with them, in stock. */
  canBuy: boolean;
}

/**
 * The choice of options for `product`, a `StorefrontProductDetail` as
 * `store.storefront.product` (and `useProduct`) answer it on either catalog. Works on the server
 * and while hydrating alike: it reads nothing but the product. Send the choice to the cart with
 * `storefrontLineItem(product, { selection })`.
 *
 * @example
 * const choice = useProductChoice(product);
 * choice.options.map((option) => (
 *   <select key={option.id} value={choice.selection[option.name] ?? ''}
 *     onChange={(event) => choice.choose(option.name, event.target.value)}>
 *     {option.choices.map((c) => <option key={c.id} value={c.name}>{c.name}</option>)}
 *   </select>
 * ));
 * <button disabled={!choice.canBuy}>Add to cart</button>
 */
export function useProductChoice(product: ChoosableProduct): ProductChoice {
  const [selection, setSelection] = useState<OptionSelection>(() => initialSelection(product));
  const { allChosen, variant, inStock, canBuy } = selectionState(product, selection);
  return {
    options: pickableOptions(product),
    selection,
    choose: (optionName, choice) =>
      setSelection((current) => ({ ...current, [optionName]: choice })),
    allChosen,
    variant,
    availabilityOf: (optionName, choice) =>
      choiceAvailability(product, selection, optionName, choice),
    prices: selectionPrices(product, selection),
    inStock,
    quantity: variant?.stock.quantity,
    canBuy,
  };
}

/**
 * What a choice of options means for buying a product, from the storefront model alone: the SDK's
 * product choice functions (`@vitrine/sdk/lite`) put together once, for `useProductChoice` and
 * for `useProductOptionsAvailability`'s `select`, so the two never disagree. Pure, and server-safe:
 * it imports nothing but `@vitrine/sdk/lite`.
 */
import {
  chosenVariant,
  matchingVariants,
  pickableOptions,
  type OptionSelection,
} from '@vitrine/sdk/lite';
import type { StorefrontProductDetail, StorefrontVariant } from '@vitrine/sdk';

/** What `useProductOptionsAvailability` returns: the variant some choices name, and whether it sells. */
export interface VariantAvailability {
  /**
   * The variant the choices name once every option has one (the only variant, for a product
   * without options); `undefined` while an option is still to pick, or when no visible variant
   * has that combination.
   */
  variant: StorefrontVariant | undefined;
  /** Whether "Add to cart" may send these choices: all made, a variant sold with them, in stock. */
  availableForPurchase: boolean;
}

/** What a selection means for buying: {@link VariantAvailability} and the parts it comes from. */
export interface SelectionState {
  /** Whether every option the shopper picks from has a choice. */
  allChosen: boolean;
  variant: StorefrontVariant | undefined;
  /** The chosen variant's stock once there is one; before, the product's own (`stock.status`). */
  inStock: boolean;
  /** Every option chosen, a variant sold with them (or none to know of), in stock. */
  canBuy: boolean;
}

/** The parts of a product a selection is judged on. */
export type ChoosableProduct = Pick<StorefrontProductDetail, 'options' | 'variants' | 'stock'>;

/**
 * What `selection` means for buying `product`. A product whose variants are not known (none
 * listed) is judged by its own stock once every option is chosen.
 *
 * @example selectionState(product, { Size: 'L', Color: 'Blue' }).canBuy
 */
export function selectionState(
  product: ChoosableProduct,
  selection: OptionSelection,
): SelectionState {
  const allChosen = pickableOptions(product).every((option) => Boolean(selection[option.name]));
  const variant = chosenVariant(product, selection);
  const knowsVariants = product.variants.length > 0;
  const inStock =
    variant !== undefined
      ? variant.stock.inStock
      : !(allChosen && knowsVariants) && product.stock.status !== 'OUT_OF_STOCK';
  return {
    allChosen,
    variant,
    inStock,
    canBuy: allChosen && inStock && (variant !== undefined || !knowsVariants),
  };
}

/**
 * The variant `choices` name on `product` and whether it can be bought; nothing for a product
 * that is not there (`null`).
 *
 * @example variantAvailability(product, { Size: 'L' }) // { variant: { id: 'v-l', … }, availableForPurchase: true }
 */
export function variantAvailability(
  product: ChoosableProduct | null,
  choices: OptionSelection,
): VariantAvailability {
  if (product === null) return { variant: undefined, availableForPurchase: false };
  const { variant, canBuy } = selectionState(product, choices);
  return { variant, availableForPurchase: canBuy };
}

/**
 * The visible variants of `product` with `choices` (an empty choice is not made yet); none for a
 * product that is not there (`null`).
 *
 * @example variantsOf(product, { Size: 'L' }).map((variant) => variant.id)
 */
export function variantsOf(
  product: Pick<StorefrontProductDetail, 'variants'> | null,
  choices: OptionSelection,
): StorefrontVariant[] {
  return product === null ? [] : matchingVariants(product.variants, choices);
}

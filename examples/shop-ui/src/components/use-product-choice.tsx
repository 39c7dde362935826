'use client';
/**
 * What a product page's buying form knows of the shopper's choice, in both shops: the options to
 * pick from, the choices made (an option with a single choice is already chosen), the store's
 * answer for the chosen variant, and from it the stock to show and whether "Add to cart" may
 * send. Hook: `useProductOptionsAvailability`. What each shop shows beyond that (the price before
 * every option is chosen, sold-out choices, the picture) stays in its page.
 */
import { useState } from 'react';
import { useProductOptionsAvailability } from '@vitrine/react';
import type { Product } from '@vitrine/sdk';
import { productAvailability, variantAvailability, type AvailabilityLabel } from '../lib/format';
import { pickableOptions, type Selection } from '../lib/options';

export function useProductChoice(product: Product) {
  const options = pickableOptions(product);
  const [selection, setSelection] = useState<Selection>(() =>
    Object.fromEntries(
      options
        .filter((option) => option.choices?.length === 1)
        .map((option) => [option.name, option.choices?.[0]?.description ?? '']),
    ),
  );
  const allChosen = options.every((option) => selection[option.name]);
  const availability = useProductOptionsAvailability(product.id, selection, {
    enabled: options.length > 0 && allChosen,
  });
  const selected = allChosen ? availability.data?.selectedVariant : undefined;
  const variant = selected?.id
    ? product.variants?.find((candidate) => candidate.id === selected.id)
    : undefined;

  const checking = options.length > 0 && allChosen && availability.isPending;
  // The product's own stock until the store has answered for a chosen variant.
  let stock: AvailabilityLabel = productAvailability(product);
  let canBuy = stock.tone !== 'out';
  if (options.length > 0 && allChosen && availability.data) {
    const inStock =
      availability.data.availableForPurchase ?? selected?.inStock ?? selected !== undefined;
    const tracked = variant?.stock?.trackQuantity ? variant.stock.quantity : undefined;
    stock = selected
      ? variantAvailability(inStock, tracked)
      : { text: 'This combination is not available', tone: 'out' };
    canBuy = inStock && selected !== undefined;
  }

  /** Picks `value` for the option `name`. */
  const choose = (name: string, value: string) =>
    setSelection((current) => ({ ...current, [name]: value }));

  return { options, selection, choose, allChosen, availability, selected, checking, stock, canBuy };
}

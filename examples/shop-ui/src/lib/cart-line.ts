/**
 * The cart line "Add to cart" sends for a product page's choices, with what the new line shows
 * at once (name, picture, price, options) until the store answers. Pure.
 */
import { storesLineItem } from '@vitrine/sdk/lite';
import type { CartLineInput, Product } from '@vitrine/sdk';

/** What the shopper chose on the product page. */
export interface PurchaseChoices {
  quantity: number;
  /** The product's options in their order, and the choice made for each (name → choice). */
  optionNames: readonly string[];
  selection: Readonly<Record<string, string>>;
  /** The chosen variant's id, once the store has said which it is. */
  variantId?: string | undefined;
  /** The chosen variant's unit price, shown on the line until the store answers. */
  unitPrice?: number | undefined;
  /** The picture the line shows until the store answers. */
  image?: string | undefined;
  /** Custom text field title → the shopper's text; empty ones are left out. */
  customText: Readonly<Record<string, string>>;
}

/**
 * The line to add: by variant when the store named one, else by the chosen options.
 * @example addToCart.mutate(newCartLine(product, { quantity: 1, optionNames: [], selection: {}, customText: {} }))
 */
export function newCartLine(
  product: Pick<Product, 'id' | 'name'>,
  choices: PurchaseChoices,
): CartLineInput {
  const { quantity, optionNames, selection, variantId, unitPrice, image, customText } = choices;
  const texts = Object.fromEntries(
    Object.entries(customText).filter(([, value]) => value.trim() !== ''),
  );
  const line = storesLineItem(product.id, quantity, {
    ...(variantId ? { variantId } : {}),
    ...(!variantId && optionNames.length > 0 ? { options: { ...selection } } : {}),
    ...(Object.keys(texts).length > 0 ? { customTextFields: texts } : {}),
  });
  return {
    ...line,
    // Shown on the new line at once, until the store answers.
    preview: {
      productName: { original: product.name ?? '' },
      ...(image ? { image: { url: image } } : {}),
      ...(unitPrice !== undefined ? { price: { amount: String(unitPrice) } } : {}),
      descriptionLines: optionNames.map((name) => ({
        name: { original: name },
        plainText: { original: selection[name] ?? '' },
        lineType: 'PLAIN_TEXT' as const,
      })),
    },
  };
}

/**
 * A cart line from what the storefront model gives a product page: the product, the shopper's
 * choice of options, a quantity and the texts typed in its custom fields. The same code adds to
 * the cart on either catalog: the line names the chosen variant by its id (what Catalog V3 needs,
 * and what Catalog V1 takes), or, when no variant is known for the choice, the choices by name.
 */
import { storesLineItem } from '../cart/catalog-reference.js';
import type { CartLineInput } from '../cart/types.js';
import type { StorefrontProductDetail } from '../models/storefront.js';
import { chosenVariant, type OptionSelection } from './product-choice.js';

/** What the shopper chose on a product page. */
export interface StorefrontPurchase {
  /** Option name → choice name, as the page's selection holds it. @default {} */
  selection?: OptionSelection;
  /** @default 1 */
  quantity?: number;
  /** Custom field key (`customFields[].key`) → the shopper's text; blank ones are left out. */
  customText?: Readonly<Record<string, string>>;
  /** The picture the new line shows until the store answers. @default the variant's, else the product's */
  image?: string | undefined;
}

/**
 * The line "Add to cart" sends for `product` and the shopper's choice, with what it shows at once
 * (name, picture, price, options) until the store answers.
 *
 * @example
 * await store.cartStore.addItems({ lineItems: [storefrontLineItem(product, { selection, quantity: 2 })] });
 * @throws {StoreArgumentError} (when added) for a quantity that is not a whole number of at least 1.
 */
export function storefrontLineItem(
  product: Pick<StorefrontProductDetail, 'id' | 'name' | 'image' | 'options' | 'variants'>,
  purchase: StorefrontPurchase = {},
): CartLineInput {
  const selection = purchase.selection ?? {};
  const variant = chosenVariant(product, selection);
  const texts = Object.fromEntries(
    Object.entries(purchase.customText ?? {}).filter(([, text]) => text.trim() !== ''),
  );
  const line = storesLineItem(product.id, purchase.quantity ?? 1, {
    ...(variant
      ? { variantId: variant.id }
      : product.options.length > 0
        ? { options: { ...selection } }
        : {}),
    ...(Object.keys(texts).length > 0 ? { customTextFields: texts } : {}),
  });
  const image = purchase.image ?? variant?.image?.url ?? product.image?.url;
  return {
    ...line,
    preview: {
      productName: { original: product.name },
      ...(image ? { image: { url: image } } : {}),
      ...(variant ? { price: { amount: String(variant.price.amount) } } : {}),
      descriptionLines: product.options.map((option) => ({
        name: { original: option.name },
        plainText: { original: selection[option.name] ?? '' },
        lineType: 'PLAIN_TEXT' as const,
      })),
    },
  };
}

/**
 * What an "Add to cart" form posts, judged against the product it names (as the storefront model
 * gives it, on either catalog): the chosen variant must exist, be sold, and be in stock, and every
 * option and required text must be filled in. The line then names the variant by its id, which
 * Catalog V3 needs and V1 takes. The server action judges every post so (a browser without
 * scripts included); the browser's form judges it the same way when the page hands it the product.
 */
import {
  VitrineError,
  chosenVariant,
  pickableOptions,
  storefrontLineItem,
} from '@vitrine/sdk/lite';
import type { CartLineInput, StorefrontProductDetail, StorefrontVariant } from '@vitrine/sdk';

/** What a product form posted, its fields checked (form-input.ts `purchaseOf`). */
export interface PostedPurchase {
  productId: string;
  quantity: number;
  /** The variant the page's script found, when it found one. */
  variantId?: string | undefined;
  /** Option name → choice name, from the `option.<name>` fields. */
  selection: Readonly<Record<string, string>>;
  /** Custom field key → text, from the `text.<key>` fields. */
  customText: Readonly<Record<string, string>>;
}

/** Why a purchase was refused: each names the form field to fix. */
export type PurchaseRefusal =
  'SOLD_OUT' | 'NOT_SOLD' | 'CHOOSE_OPTION' | 'FILL_IN_TEXT' | 'TEXT_TOO_LONG';

/**
 * An add to cart refused before it was sent: sold out, not sold, or not fully chosen. Its
 * message is for the shopper; `argument` is the form field it is about.
 */
export class PurchaseRefusedError extends VitrineError {
  override name = 'PurchaseRefusedError' as const;
  declare readonly code: PurchaseRefusal;
  /** The form field the refusal is about (`variantId`, `option.Size`, `text.engraving`). */
  readonly argument: string;

  constructor(code: PurchaseRefusal, argument: string, message: string) {
    super(message, { code });
    this.argument = argument;
  }
}

/**
 * The cart line for what was posted, judged against `product` (`null`: not a visible product).
 * @throws {PurchaseRefusedError} for a product or variant not sold, a sold-out variant, an option
 *   not chosen, or a required text left blank.
 */
export function purchaseLine(
  product: StorefrontProductDetail | null,
  posted: PostedPurchase,
): CartLineInput {
  if (product === null || product.id !== posted.productId) {
    throw new PurchaseRefusedError('NOT_SOLD', 'productId', 'This product is not sold any more.');
  }
  const variant = variantOf(product, posted);
  if (!variant.stock.inStock) {
    throw new PurchaseRefusedError(
      'SOLD_OUT',
      'variantId',
      product.options.length > 0 ? 'This choice is sold out.' : 'This product is sold out.',
    );
  }
  const customText: Record<string, string> = {};
  for (const field of product.customFields) {
    const text = posted.customText[field.key]?.trim() ?? '';
    if (field.maxLength !== undefined && text.length > field.maxLength) {
      throw new PurchaseRefusedError(
        'TEXT_TOO_LONG',
        `text.${field.key}`,
        `"${field.title}" takes at most ${field.maxLength} characters.`,
      );
    }
    if (text !== '') customText[field.key] = text;
    else if (field.mandatory) {
      throw new PurchaseRefusedError(
        'FILL_IN_TEXT',
        `text.${field.key}`,
        `Fill in "${field.title}".`,
      );
    }
  }
  return storefrontLineItem(product, {
    selection: variant.choices,
    quantity: posted.quantity,
    customText,
  });
}

/** The variant posted by id, or named by a choice of every option. */
function variantOf(product: StorefrontProductDetail, posted: PostedPurchase): StorefrontVariant {
  if (posted.variantId !== undefined) {
    const byId = product.variants.find(
      (variant) => variant.id === posted.variantId && variant.visible,
    );
    if (byId) return byId;
    throw new PurchaseRefusedError('NOT_SOLD', 'variantId', 'This choice is not sold.');
  }
  const missing = pickableOptions(product).find((option) => !posted.selection[option.name]);
  if (missing) {
    throw new PurchaseRefusedError(
      'CHOOSE_OPTION',
      `option.${missing.name}`,
      `Choose a ${missing.name.toLowerCase()}.`,
    );
  }
  const chosen = chosenVariant(product, posted.selection);
  if (chosen) return chosen;
  throw new PurchaseRefusedError('NOT_SOLD', 'variantId', 'This choice is not sold.');
}

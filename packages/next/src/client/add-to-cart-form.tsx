'use client';
/** "Add to cart" as a form (see `CartForm`). */
import type { ReactNode } from 'react';
import type { Cart, LineItem, StorefrontProductDetail } from '@vitrine/sdk';
import { addToCart } from '../actions/cart.js';
import { lineItemOf, purchaseOf } from '../shared/form-input.js';
import { purchaseLine } from '../shared/purchase.js';
import { CartForm, type FormProps } from './cart-form.js';

/**
 * Adds a product to the cart: the shop's fields inside (`quantity`, `option.<name>` for each
 * option or a `variantId`, `text.<key>` for each custom text; the product's id is added here).
 * Given the `product` (as `getProductBySlug` answers it), the browser refuses a sold-out or
 * unsold choice, a missing option or a blank required text before sending, as the server action
 * does, and names the chosen variant by its id. `onAdd` runs the moment the change starts (open
 * the cart drawer).
 *
 * @example
 * <AddToCartForm productId={product.id} product={product} onAdd={openDrawer}>
 *   <select name="option.Size">…</select>
 *   <input name="quantity" type="number" defaultValue={1} min={1} />
 *   <button type="submit">Add to cart</button>
 * </AddToCartForm>
 */
export function AddToCartForm({
  productId,
  product,
  onAdd,
  preview,
  children,
  ...props
}: FormProps & {
  productId: string;
  /** The product as its page shows it: the add is judged against it in the browser too. */
  product?: StorefrontProductDetail | undefined;
  /** Called the moment an add starts in the browser, with the add's promise. */
  onAdd?: (cart: Promise<Cart>) => void;
  /** What the new line shows at once (name, picture, price), until the store answers. */
  preview?: Partial<LineItem>;
}): ReactNode {
  return (
    <CartForm
      {...props}
      serverAction={addToCart}
      fallback="The item could not be added to your cart."
      change={async (store, form) => {
        const line = product ? purchaseLine(product, purchaseOf(form)) : lineItemOf(form);
        const added = store.cartStore.addItems({
          lineItems: [preview === undefined ? line : { ...line, preview }],
        });
        onAdd?.(added);
        await added;
        return 'Added to your cart.';
      }}
      fields={{ productId }}
    >
      {children}
    </CartForm>
  );
}

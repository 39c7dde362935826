'use client';
/** "Add to cart" as a form (see `CartForm`). */
import type { ReactNode } from 'react';
import type { Cart, LineItem } from '@vitrine/sdk';
import { addToCart } from '../actions/cart.js';
import { lineItemOf } from '../shared/form-input.js';
import { CartForm, type FormProps } from './cart-form.js';

/**
 * Adds a product to the cart: the shop's fields inside (`quantity`, `option.<name>` for each
 * option, `text.<title>` for each custom text; the product's id is added here). `onAdd` runs the
 * moment the change starts (open the cart drawer).
 *
 * @example
 * <AddToCartForm productId={product.id} onAdd={openDrawer}>
 *   <select name="option.Size">…</select>
 *   <input name="quantity" type="number" defaultValue={1} min={1} />
 *   <button type="submit">Add to cart</button>
 * </AddToCartForm>
 */
export function AddToCartForm({
  productId,
  onAdd,
  preview,
  children,
  ...props
}: FormProps & {
  productId: string;
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
        const line = lineItemOf(form);
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

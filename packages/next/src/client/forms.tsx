'use client';
/**
 * The cart's forms. Each is a plain HTML form posting to a server action (`@vitrine/next`'s
 * actions), so it works with scripts off or not loaded yet; once the page has hydrated, a submit
 * goes through the browser's cart engine instead, optimistically (the change shows at once, and
 * rolls back with an error if the platform refuses it). The look is the shop's: pass the fields
 * and buttons as children, or a function of the form's state.
 */
import {
  useActionState,
  useState,
  type FormEvent,
  type FormHTMLAttributes,
  type ReactNode,
} from 'react';
import type { Cart, StoreClient } from '@vitrine/sdk';
import * as cartActions from '../actions/cart.js';
import { countField, idField, lineItemOf, requiredTextField } from '../shared/form-input.js';
import { IDLE, failed, type FormState } from '../shared/form-state.js';
import { useIslandStore } from './islands.js';

/** A form's state: the server action's after a post, or the browser's change once hydrated. */
export interface CartFormState extends FormState {
  /** Whether the browser's change is on its way. */
  pending: boolean;
}

type Children = ReactNode | ((state: CartFormState) => ReactNode);

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'onSubmit' | 'children'> & {
  children: Children;
};

type ServerAction = (state: FormState, form: FormData) => Promise<FormState>;

/**
 * The form of one cart change: `serverAction` for a post, `change` (the browser's cart engine)
 * once hydrated. `change` reads the submitted fields and resolves with what to tell the shopper.
 */
function CartForm({
  serverAction,
  change,
  fallback,
  fields,
  children,
  ...props
}: FormProps & {
  /** Hidden fields the form always posts. */
  fields?: Record<string, string>;
  serverAction: ServerAction;
  change: (store: StoreClient, form: FormData) => Promise<string>;
  fallback: string;
}): ReactNode {
  const store = useIslandStore();
  const [posted, action] = useActionState(serverAction, IDLE);
  const [local, setLocal] = useState<CartFormState | undefined>(undefined);
  const state: CartFormState = local ?? { ...posted, pending: false };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = new FormData(event.currentTarget, submitter);
    setLocal({ status: 'idle', pending: true });
    change(store, form).then(
      (message) => setLocal({ status: 'done', message, pending: false }),
      (error: unknown) => setLocal({ ...failed(error, fallback), pending: false }),
    );
  };
  const warm = () => void store.load().catch(() => {});
  return (
    <form {...props} action={action} onSubmit={submit} onPointerDown={warm} onFocus={warm}>
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {typeof children === 'function' ? children(state) : children}
    </form>
  );
}

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
  children,
  ...props
}: FormProps & { productId: string; onAdd?: (cart: Promise<Cart>) => void }): ReactNode {
  return (
    <CartForm
      {...props}
      serverAction={cartActions.addToCart}
      fallback="The item could not be added to your cart."
      change={async (store, form) => {
        const added = store.cartStore.addItems({ lineItems: [lineItemOf(form)] });
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

/**
 * Sets a line's quantity: each submit button carries the quantity it sets
 * (`<button name="quantity" value={quantity + 1}>`); 0 removes the line.
 */
export function LineQuantityForm({
  lineItemId,
  children,
  ...props
}: FormProps & { lineItemId: string }): ReactNode {
  return (
    <CartForm
      {...props}
      serverAction={cartActions.updateLineQuantity}
      fallback="The quantity could not be changed."
      change={async (store, form) => {
        const quantity = countField(form, 'quantity', { min: 0, max: 999 });
        const id = idField(form, 'lineItemId');
        if (quantity === 0) await store.cartStore.removeItems([id]);
        else await store.cartStore.updateQuantities([{ id, quantity }]);
        return 'Your cart is updated.';
      }}
      fields={{ lineItemId }}
    >
      {children}
    </CartForm>
  );
}

/** Removes a line: a submit button inside. */
export function RemoveLineForm({
  lineItemId,
  children,
  ...props
}: FormProps & { lineItemId: string }): ReactNode {
  return (
    <CartForm
      {...props}
      serverAction={cartActions.removeLine}
      fallback="The item could not be removed."
      change={async (store, form) => {
        await store.cartStore.removeItems([idField(form, 'lineItemId')]);
        return 'The item is out of your cart.';
      }}
      fields={{ lineItemId }}
    >
      {children}
    </CartForm>
  );
}

/** Applies a coupon: a `code` field and a submit button inside. */
export function CouponForm({ children, ...props }: FormProps): ReactNode {
  return (
    <CartForm
      {...props}
      serverAction={cartActions.applyCoupon}
      fallback="The coupon could not be applied."
      change={async (store, form) => {
        const code = requiredTextField(form, 'code', 100);
        await store.cartStore.applyCoupon(code);
        return `Coupon ${code} applied.`;
      }}
    >
      {children}
    </CartForm>
  );
}

/** Removes the cart's coupon: a submit button inside. */
export function RemoveCouponForm({ children, ...props }: FormProps): ReactNode {
  return (
    <CartForm
      {...props}
      serverAction={cartActions.removeCoupon}
      fallback="The coupon could not be removed."
      change={async (store) => {
        await store.cartStore.removeCoupon();
        return 'The coupon is removed.';
      }}
    >
      {children}
    </CartForm>
  );
}

/**
 * Starts the store's hosted checkout and goes there; it comes back to `returnTo` (a path of the
 * shop, registered for the client id). A submit button inside.
 */
export function CheckoutForm({
  returnTo,
  children,
  ...props
}: FormProps & { returnTo: string }): ReactNode {
  return (
    <CartForm
      {...props}
      serverAction={cartActions.checkout}
      fallback="The checkout could not start."
      change={async (store) => {
        const { startHostedCheckout } = await import('@vitrine/sdk');
        const { checkoutUrl } = await startHostedCheckout(await loaded(store), {
          postFlowUrl: new URL(returnTo, window.location.origin).href,
        });
        window.location.assign(checkoutUrl);
        return 'Going to the checkout…';
      }}
      fields={{ returnTo }}
    >
      {children}
    </CartForm>
  );
}

/** The loaded client behind an island's deferred one. */
async function loaded(store: StoreClient): Promise<StoreClient> {
  return 'load' in store && typeof store.load === 'function'
    ? (store.load as () => Promise<StoreClient>)()
    : store;
}

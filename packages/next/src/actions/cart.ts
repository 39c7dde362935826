'use server';
/**
 * The cart's server actions: what a product page's and a cart page's forms post when scripts are
 * off, or not loaded yet (a plain HTML form post). With scripts on, `@vitrine/next/client`'s
 * forms send the same changes through the browser's cart engine instead, optimistically. Each
 * action checks its fields once (form-input.ts), changes the shopper's cart with this request's
 * client, and refreshes what the page shows of it.
 */
import { redirect } from 'next/navigation';
import { refresh } from 'next/cache';
import { startHostedCheckout, toSameOriginPath, type Cart } from '@vitrine/sdk';
import { keepHint } from '../server/shopper-hint.js';
import { getRequestStore, requestOrigin } from '../server/request-store.js';
import { readStoreConfig } from '../server/store-config.js';
import { cachedProductById } from '../catalog/cached.js';
import {
  countField,
  formOf,
  idField,
  purchaseOf,
  requiredTextField,
  textField,
} from '../shared/form-input.js';
import { purchaseLine } from '../shared/purchase.js';
import { failed, type FormState } from '../shared/form-state.js';

/**
 * Adds the product a product form posts: `productId`, `quantity` (default 1), the chosen options
 * as `option.<name>` (or `variantId`), custom texts as `text.<key>`. The post is judged against
 * the product as the catalog has it (cached): a sold-out or unsold choice, an option not chosen
 * or a required text left blank is refused (`PurchaseRefusedError`'s codes), and the line names
 * the chosen variant by its id, as either catalog takes it.
 */
export async function addToCart(_state: FormState, form: FormData): Promise<FormState> {
  return cartChange(async () => {
    const posted = purchaseOf(formOf(form));
    const line = purchaseLine((await cachedProductById(posted.productId)).value, posted);
    return async (store) => {
      const cart = await store.cart.addItems({ lineItems: [line] });
      return { cart, message: 'Added to your cart.' };
    };
  }, 'The item could not be added to your cart.');
}

/** Sets a line's quantity: `lineItemId`, `quantity` (0 removes the line). */
export async function updateLineQuantity(_state: FormState, form: FormData): Promise<FormState> {
  return cartChange(() => {
    const fields = formOf(form);
    const id = idField(fields, 'lineItemId');
    const quantity = countField(fields, 'quantity', { min: 0, max: 999 });
    return async (store) => {
      const cart =
        quantity === 0
          ? await store.cart.removeItems([id])
          : await store.cart.updateQuantities([{ id, quantity }]);
      return { cart, message: 'Your cart is updated.' };
    };
  }, 'The quantity could not be changed.');
}

/** Removes a line: `lineItemId`. */
export async function removeLine(_state: FormState, form: FormData): Promise<FormState> {
  return cartChange(() => {
    const id = idField(formOf(form), 'lineItemId');
    return async (store) => {
      const cart = await store.cart.removeItems([id]);
      return { cart, message: 'The item is out of your cart.' };
    };
  }, 'The item could not be removed.');
}

/** Applies a coupon: `code`. */
export async function applyCoupon(_state: FormState, form: FormData): Promise<FormState> {
  return cartChange(() => {
    const code = requiredTextField(formOf(form), 'code', 100);
    return async (store) => {
      const cart = await store.cart.update({ couponCode: code });
      return { cart, message: `Coupon ${code} applied.` };
    };
  }, 'The coupon could not be applied.');
}

/** Removes the coupon. */
export async function removeCoupon(_state: FormState, _form: FormData): Promise<FormState> {
  return cartChange(
    () => async (store) => ({
      cart: await store.cart.removeCoupon(),
      message: 'The coupon is removed.',
    }),
    'The coupon could not be removed.',
  );
}

/**
 * Starts the hosted checkout of the cart and sends the shopper there; the checkout page comes
 * back to `returnTo` (a path of the shop, default the callback path), with `?orderId=` once the
 * order is placed.
 */
export async function checkout(_state: FormState, form: FormData): Promise<FormState> {
  const config = readStoreConfig();
  let checkoutUrl: string;
  try {
    const store = await getRequestStore();
    const origin = await requestOrigin(config);
    const back = toSameOriginPath(textField(formOf(form), 'returnTo', 2048) ?? config.callbackPath);
    const url = `${origin}${back}`;
    // The platform hands the placed order's id back to the thank-you address (`?orderId=`).
    ({ checkoutUrl } = await startHostedCheckout(store, {
      postFlowUrl: url,
      thankYouPageUrl: url,
    }));
  } catch (error) {
    return failed(error, 'The checkout could not start.');
  }
  redirect(checkoutUrl);
}

/** One change of the shopper's cart, its form's fields already read: the cart after it, and a word. */
type CartChange = (
  store: Awaited<ReturnType<typeof getRequestStore>>,
) => Promise<{ cart: Cart; message: string }>;

/**
 * Reads a form's fields (`read`, which throws on a bad one), then runs the change it returns on
 * the shopper's cart and says how it went. The fields are read first: a bad post costs no
 * shopper's platform call, not even the visitor's token a browser without a session would get.
 */
async function cartChange(
  read: () => CartChange | Promise<CartChange>,
  fallback: string,
): Promise<FormState> {
  try {
    const change = await read();
    const store = await getRequestStore();
    const { cart, message } = await change(store);
    await keepHint(store, cart);
    refresh();
    return { status: 'done', message };
  } catch (error) {
    return failed(error, fallback);
  }
}

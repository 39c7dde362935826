/**
 * What the cart's calls take, accepted and checked in one place (as ky normalises its options
 * once): the shapes the cart store and the React hooks took first are turned into today's here,
 * and each input is checked here, once, whether it goes through `store.cartStore` or
 * `store.cart`. A bad input throws a {@link StoreArgumentError} naming the argument, and nothing
 * is sent or shown.
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import { checkId, checkIdList, checkNonEmptyList, checkQuantity } from '../internal/checks.js';
import type {
  AddToCartInput,
  LineItemInput,
  LineItemQuantityUpdate,
  UpdateCartInput,
} from '../models/cart.js';
import type { CartAddItemsInput, CartLineInput } from './types.js';

/** The lines of an add, each checked: a catalog item, its app, a whole quantity of at least 1. */
function checkLines(lineItems: readonly LineItemInput[]): void {
  lineItems.forEach((item, index) => {
    const at = `lineItems[${index}]`;
    checkId(`${at}.catalogReference.catalogItemId`, item?.catalogReference?.catalogItemId);
    checkId(`${at}.catalogReference.appId`, item.catalogReference.appId);
    checkQuantity(`${at}.quantity`, item.quantity, 1);
  });
}

/** Checks what `store.cart.addItems` takes. */
export function checkAddToCart(input: AddToCartInput): AddToCartInput {
  if (typeof input !== 'object' || input === null) {
    throw new StoreArgumentError('input', 'must be an object with lineItems');
  }
  if (!Array.isArray(input.lineItems))
    throw new StoreArgumentError('lineItems', 'must be an array');
  checkLines(input.lineItems);
  input.customLineItems?.forEach((item, index) => {
    checkQuantity(`customLineItems[${index}].quantity`, item?.quantity, 1);
  });
  return input;
}

/**
 * What the cart store's `addItems` takes: `{ lineItems }`, or the first shapes, a list of lines
 * or one line. At least one line, each checked as `store.cart.addItems` checks it.
 */
export function addItemsInput(
  input: CartAddItemsInput | readonly CartLineInput[] | CartLineInput,
): CartAddItemsInput {
  const lines: unknown = Array.isArray(input)
    ? input
    : typeof input !== 'object' || input === null
      ? undefined
      : 'lineItems' in input
        ? input.lineItems
        : 'catalogReference' in input
          ? [input]
          : undefined;
  const lineItems = checkAddToCart({ lineItems: lines as LineItemInput[] }).lineItems;
  if (lineItems.length === 0) throw new StoreArgumentError('lineItems', 'must not be empty');
  return { lineItems };
}

/** Checks a list of new quantities: ids, and whole quantities of 0 or more. */
export function checkQuantities(
  lineItems: readonly LineItemQuantityUpdate[],
): readonly LineItemQuantityUpdate[] {
  checkNonEmptyList('lineItems', lineItems);
  lineItems.forEach((item, index) => {
    checkId(`lineItems[${index}].id`, item?.id);
    checkQuantity(`lineItems[${index}].quantity`, item.quantity, 0);
  });
  return lineItems.map(({ id, quantity }) => ({ id, quantity }));
}

/** One line's new quantity, as the first shapes named it (`lineItemId`, `quantity`). */
export function quantityInput(lineItemId: string, quantity: number): LineItemQuantityUpdate[] {
  checkId('lineItemId', lineItemId);
  checkQuantity('quantity', quantity, 0);
  return [{ id: lineItemId, quantity }];
}

/**
 * What the cart store's `updateQuantities` takes: `[{ id, quantity }]`, or the React hook's
 * first shape, `{ lineItemId, quantity }`.
 */
export function quantitiesInput(
  lineItems: readonly LineItemQuantityUpdate[] | { lineItemId: string; quantity: number },
): readonly LineItemQuantityUpdate[] {
  if (Array.isArray(lineItems) || typeof lineItems !== 'object' || lineItems === null) {
    return checkQuantities(lineItems as readonly LineItemQuantityUpdate[]);
  }
  const single = lineItems as { lineItemId: string; quantity: number };
  return quantityInput(single.lineItemId, single.quantity);
}

/** What the cart store's `removeItems` takes: a list of ids, or (first shape) one id. */
export function lineItemIdsInput(lineItemIds: readonly string[] | string): readonly string[] {
  const ids = typeof lineItemIds === 'string' ? [lineItemIds] : lineItemIds;
  checkIdList('lineItemIds', ids);
  return [...ids];
}

/** Checks what `store.cart.update` takes: an object, its lines, a list of field paths. */
export function checkUpdateCart(input: UpdateCartInput): UpdateCartInput {
  if (typeof input !== 'object' || input === null) {
    throw new StoreArgumentError('input', 'must be an object');
  }
  input.lineItems?.forEach((item, index) => {
    checkId(
      `lineItems[${index}].catalogReference.catalogItemId`,
      item?.catalogReference?.catalogItemId,
    );
    checkQuantity(`lineItems[${index}].quantity`, item.quantity, 1);
  });
  if (input.cartFieldmask !== undefined && !Array.isArray(input.cartFieldmask)) {
    throw new StoreArgumentError('cartFieldmask', 'must be an array of paths');
  }
  return input;
}

/** A coupon code to apply, as `applyCoupon` took it. */
export function couponInput(code: string): UpdateCartInput {
  checkId('code', code);
  return { couponCode: code };
}

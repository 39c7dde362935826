/**
 * Every operation of the cart, each described once, in one place, as TanStack Query's
 * `mutationOptions` describes a mutation: what its method takes and answers (`CartOperations`,
 * from which `CartActions` and the React hooks take their types), its input checked once at the
 * public edge (a {@link Checked} value from then on), the change the shopper sees at once and the
 * calls the engine queues for it, its call on the wire (also `store.cart`'s), and what it does
 * while the engine's code loads (`cartStoreMethods`).
 *
 * The engine runs the table at the end ({@link CART_OPERATIONS}) without telling one operation
 * from another; the cart store facade, which every page loads, takes only its methods
 * (`cartStoreMethods`) and the add's call. Adding an operation is a section here, its row in both
 * lists at the end (the compiler asks for them), and its test.
 */
import {
  checkId,
  checkIdList,
  checkNonEmptyList,
  checkQuantity,
  checked,
  isList,
  type Checked,
} from '../internal/checks.js';
import { StoreArgumentError } from '../errors/argument-error.js';
import type {
  AddToCartInput,
  Cart,
  CreateCheckoutInput,
  CreateCheckoutResult,
  EstimateTotalsInput,
  EstimateTotalsResponse,
  LineItemInput,
  LineItemQuantityUpdate,
  UpdateCartInput,
} from '../models/cart.js';
import { cartUnreadable } from './engine/cart-reducer.js';
import {
  addLines,
  applyCouponCode,
  lineIdForAdd,
  removeCouponCode,
  removeLines,
  setQuantity,
} from './engine/optimistic.js';
import type { CartChange, CartChanges, ChangeResult, OperationTools } from './engine/types.js';
import { markNoCart } from './current-cart-path.js';
import {
  checkLegacyQuantityUpdate,
  isLegacyQuantityUpdate,
  todaysAddItems,
  todaysLineItemIds,
  type LegacyAddItems,
  type LegacyCartActions,
  type LegacyQuantityUpdate,
} from './legacy-input.js';
import type {
  AddToCartBody,
  CartAddItemsInput,
  CartCallOptions,
  CartCalls,
  CartLineInput,
  CheckoutBody,
  EstimateBody,
  UpdateCartBody,
} from './types.js';

// ── What an operation is ──

/**
 * What each method of the cart store takes (`variables`) and answers (`result`), by name: the
 * cart store's methods ({@link CartActions}) and the React cart hooks take their types from it.
 * Each operation's section below adds its entry.
 */
export interface CartOperations {
  /**
   * Reads the cart (after any queued change). A shopper with no cart yet reads as `null`.
   * Calls made while a read is already waiting share it.
   */
  load: { variables: void; result: Cart | null };
}

/** The name of an operation of the cart store. */
export type CartOperationName = keyof CartOperations;

/** What the cart store's method `N` takes. */
export type CartVariables<N extends CartOperationName> = CartOperations[N]['variables'];

/** What the cart store's method `N` resolves with. */
export type CartResult<N extends CartOperationName> = CartOperations[N]['result'];

/** The cart store's methods, one per operation, each typed by its entry in `CartOperations`. */
export type CartOperationMethods = {
  [N in keyof CartOperations]: (
    variables: CartOperations[N]['variables'],
  ) => Promise<CartOperations[N]['result']>;
};

/**
 * The changes and reads of the cart store (`store.cartStore`): one method per operation, with the
 * names and inputs of `store.cart`'s calls, and the first method names still.
 */
export interface CartActions extends CartOperationMethods, LegacyCartActions {}

/** One operation, as the engine runs it: its input checked, then the changes it queues. */
export interface CartOperationDefinition<N extends CartOperationName> {
  /**
   * Checks the method's variables (once) and describes the changes to queue, in order; the
   * caller gets the last one's value.
   * @throws {StoreArgumentError} for an input that could never be accepted.
   */
  plan(variables: CartVariables<N>, tools: OperationTools): CartChanges<CartResult<N>>;
}

/** An operation from its two halves: the check at the public edge, and its changes. */
function operation<N extends CartOperationName, Input>(parts: {
  check: (variables: CartVariables<N>) => Checked<Input>;
  changes: (input: Checked<Input>, tools: OperationTools) => CartChanges<CartResult<N>>;
}): CartOperationDefinition<N> {
  return { plan: (variables, tools) => parts.changes(parts.check(variables), tools) };
}

/**
 * What a cart store method does while the engine's code loads: it is held until the engine is
 * there (`wait`), and so are the changes after it, to keep their order; or it only reads, and
 * nothing is lost if it never runs (`read`); or, when the page is hidden for good before the
 * engine is there, it goes out at once through this call (an add).
 */
export type WithoutEngine<R> = 'read' | 'wait' | ((calls: CartCalls) => Promise<R>);

/** How the facade runs a method: at once through the engine, or held until it is there. */
export type CartAct = <N extends CartOperationName>(
  name: N,
  variables: CartVariables<N>,
  without?: WithoutEngine<CartResult<N>>,
) => Promise<CartResult<N>>;

// Changes outlive the page that makes them: a click followed at once by a link still lands.
const KEEPALIVE: CartCallOptions = { keepalive: true };

/** What every change of the cart shares; each operation says what sets it apart. */
const CHANGE = { lineIds: [], coupon: false, changesCart: true } as const;

const cartAnswer = (cart: Cart): ChangeResult<Cart> => ({ cart, value: cart });

/** The lines of an add: a catalog item, its app, a whole quantity of at least 1. */
function checkLines(lineItems: readonly LineItemInput[]): void {
  lineItems.forEach((item, index) => {
    const at = `lineItems[${index}]`;
    checkId(`${at}.catalogReference.catalogItemId`, item?.catalogReference?.catalogItemId);
    checkId(`${at}.catalogReference.appId`, item.catalogReference.appId);
    checkQuantity(`${at}.quantity`, item.quantity, 1);
  });
}

// ── Reading the cart: load ──

const load = /* @__PURE__ */ operation<'load', undefined>({
  check: () => checked(undefined),
  changes: (_, { readCart }) => [
    {
      ...CHANGE,
      operation: 'load',
      changesCart: false,
      read: true,
      fail: cartUnreadable,
      run: async () => {
        const cart = await readCart();
        return { cart, value: cart };
      },
    },
  ],
});

// ── Adding lines: addItems ──

export interface CartOperations {
  /**
   * Adds lines, as `store.cart.addItems`; an item already in the cart adds to that line's
   * quantity. Each line may carry a `preview` (name, image, price) shown until the platform
   * answers. A list of lines, or one line, is still accepted (deprecated: pass `{ lineItems }`).
   *
   * @example await store.cartStore.addItems({ lineItems: [storesLineItem(productId, 2)] });
   * @throws {StoreArgumentError} for an empty list, an empty `catalogItemId` or `appId`, or a
   * quantity that is not a whole number of at least 1.
   */
  addItems: { variables: CartAddItemsInput | LegacyAddItems; result: Cart };
}

/** Checks what `store.cart.addItems` takes: an object, its lines, its custom lines' quantities. */
function checkAddToCart(input: AddToCartBody): Checked<AddToCartBody> {
  // Anything but an object with a list of lines (`null`, a string…) has no list of lines.
  if (!isList(input?.lineItems)) {
    throw new StoreArgumentError('lineItems', 'must be an array');
  }
  checkLines(input.lineItems);
  input.customLineItems?.forEach((item, index) => {
    checkQuantity(`customLineItems[${index}].quantity`, item?.quantity, 1);
  });
  return checked({ lineItems: input.lineItems, customLineItems: input.customLineItems });
}

/** An add of the cart store, checked: its lines (with previews) and its body on the wire. */
interface CartStoreAdd {
  lines: readonly CartLineInput[];
  body: AddToCartBody;
}

/** Checks what `store.cartStore.addItems` takes: at least one line, each as `store.cart`'s. */
function checkCartStoreAdd(variables: CartVariables<'addItems'>): Checked<CartStoreAdd> {
  // Today's shape goes on as it is; anything else is a first one (legacy-input.ts).
  const input =
    typeof variables === 'object' && variables !== null && 'lineItems' in variables
      ? variables
      : todaysAddItems(variables);
  const { lineItems } = checkAddToCart(input);
  if (lineItems.length === 0) throw new StoreArgumentError('lineItems', 'must not be empty');
  // Previews are shown, never sent.
  const wire = lineItems.map(({ catalogReference, quantity }) => ({ catalogReference, quantity }));
  return checked({ lines: input.lineItems, body: { lineItems: wire } });
}

/**
 * The add on the wire (`add-line-items` on Cart V2, `add-to-cart` on Cart V1). Whoever sends it,
 * an add may make a cart, so it first leaves the mark no engine may say "no cart" over
 * (engine/no-cart-hint.ts). `now` sends it without waiting for the calls' code (a page being left).
 */
function sendAdd(calls: CartCalls, body: AddToCartBody, options: CartCallOptions, now = false) {
  markNoCart('');
  return now ? calls.addNow(body, options) : calls.addItems(body, options);
}

/** `store.cart.addItems`: the input checked, then sent. */
export async function addToCart(
  calls: CartCalls,
  input: AddToCartInput,
  options: CartCallOptions = {},
): Promise<Cart> {
  return sendAdd(calls, checkAddToCart(input), options);
}

const addItems = /* @__PURE__ */ operation<'addItems', CartStoreAdd>({
  check: checkCartStoreAdd,
  changes: ({ lines, body }, { calls, view, tempId }) => {
    const shown = view();
    const adds = lines.map(({ catalogReference, quantity, preview }) => ({
      tempId: tempId(),
      catalogReference,
      quantity,
      preview,
    }));
    return [
      {
        ...CHANGE,
        operation: 'addItems',
        lineIds: adds.map((add) => lineIdForAdd(shown, add)),
        adds,
        lineItems: body.lineItems,
        apply: (cart) => addLines(cart, adds),
        run: async () => cartAnswer(await sendAdd(calls, body, KEEPALIVE)),
      },
    ];
  },
});

// ── Changing the cart: update, applyCoupon ──

export interface CartOperations {
  /**
   * Any change of `store.cart.update`: a coupon (`couponCode`, shown at once), buyer note,
   * contact, merchant discounts.
   *
   * @example await store.cartStore.update({ couponCode: 'WELCOME10' });
   * @throws {StoreArgumentError} for an input that is not an object, a bad line, or a
   * `cartFieldmask` that is not a list.
   */
  update: { variables: UpdateCartInput; result: Cart };
  /**
   * Applies a coupon code, shown at once: `update({ couponCode: code })` with the code checked.
   * An unknown code rolls back with the platform's error.
   *
   * @example await store.cartStore.applyCoupon('WELCOME10');
   * @throws {StoreArgumentError} for an empty code.
   */
  applyCoupon: { variables: string; result: Cart };
}

/** Checks what `update` takes: an object, its lines, a list of field paths. */
function checkUpdateCart(input: UpdateCartInput): Checked<UpdateCartBody> {
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
  const { cartInfo, couponCode, merchantDiscounts, lineItems, cartFieldmask } = input;
  if (cartFieldmask !== undefined && !Array.isArray(cartFieldmask)) {
    throw new StoreArgumentError('cartFieldmask', 'must be an array of paths');
  }
  return checked({
    cartInfo,
    couponCode,
    merchantDiscounts,
    lineItems,
    cartFieldmask: cartFieldmask?.join(','),
  });
}

/** `store.cart.update`: the input checked, then sent. */
export async function updateCart(
  calls: CartCalls,
  input: UpdateCartInput,
  options: CartCallOptions = {},
): Promise<Cart> {
  return calls.update(checkUpdateCart(input), options);
}

/** A change of the cart, its coupon (if it sets one) shown at once. */
function updateChanges(body: UpdateCartBody, { calls }: OperationTools): CartChanges<Cart> {
  const code = body.couponCode;
  return [
    {
      ...CHANGE,
      operation: 'update',
      coupon: code !== undefined,
      ...(code === undefined ? {} : { apply: (cart) => applyCouponCode(cart, code) }),
      run: async () => cartAnswer(await calls.update(body, KEEPALIVE)),
    },
  ];
}

const update = /* @__PURE__ */ operation<'update', UpdateCartBody>({
  check: checkUpdateCart,
  changes: updateChanges,
});

const applyCoupon = /* @__PURE__ */ operation<'applyCoupon', UpdateCartBody>({
  check: (code) => {
    checkId('code', code);
    return checkUpdateCart({ couponCode: code });
  },
  changes: updateChanges,
});

// ── Quantities and removals: updateQuantities, removeItems ──

export interface CartOperations {
  /**
   * Sets the quantities of lines, as `store.cart.updateQuantities`; a quantity of 0 removes the
   * line. `{ lineItemId, quantity }` is still accepted (deprecated: pass a list).
   *
   * @example await store.cartStore.updateQuantities([{ id: line.id, quantity: 3 }]);
   * @throws {StoreArgumentError} for an empty list, an empty id, or a negative or fractional
   * quantity.
   */
  updateQuantities: {
    variables: readonly LineItemQuantityUpdate[] | LegacyQuantityUpdate;
    result: Cart | null;
  };
  /**
   * Removes lines. One id is still accepted (deprecated: pass a list of ids).
   * @throws {StoreArgumentError} for an empty list or an empty id.
   */
  removeItems: { variables: readonly string[] | string; result: Cart | null };
}

/** Checks a list of new quantities: ids, and whole quantities of 0 or more. */
function checkQuantities(
  lineItems: readonly LineItemQuantityUpdate[],
): Checked<readonly LineItemQuantityUpdate[]> {
  checkNonEmptyList('lineItems', lineItems);
  lineItems.forEach((item, index) => {
    checkId(`lineItems[${index}].id`, item?.id);
    checkQuantity(`lineItems[${index}].quantity`, item.quantity, 0);
  });
  return checked(lineItems.map(({ id, quantity }) => ({ id, quantity })));
}

/** Checks a list of line ids: not empty, no empty id. */
function checkLineItemIds(lineItemIds: readonly string[]): Checked<readonly string[]> {
  checkIdList('lineItemIds', lineItemIds);
  return checked([...lineItemIds]);
}

/** `store.cart.updateQuantities`: the input checked, then sent (0 included, as the platform takes it). */
export async function updateLineItemQuantities(
  calls: CartCalls,
  lineItems: readonly LineItemQuantityUpdate[],
  options: CartCallOptions = {},
): Promise<Cart> {
  return calls.updateQuantities(checkQuantities(lineItems), options);
}

/** `store.cart.removeItems`: the ids checked, then sent. */
export async function removeLineItems(
  calls: CartCalls,
  lineItemIds: readonly string[],
  options: CartCallOptions = {},
): Promise<Cart> {
  return calls.removeItems(checkLineItemIds(lineItemIds), options);
}

/** Lines leaving the cart, hidden at once. */
function removal(
  ids: readonly string[],
  { calls, wireId }: OperationTools,
): CartChange<Cart | null> {
  return {
    ...CHANGE,
    operation: 'removeItems',
    lineIds: ids,
    apply: (cart, lineId) => removeLines(cart, ids.map(lineId)),
    run: async () => cartAnswer(await calls.removeItems(ids.map(wireId), KEEPALIVE)),
  };
}

const removeItems = /* @__PURE__ */ operation<'removeItems', readonly string[]>({
  check: (ids) => checkLineItemIds(todaysLineItemIds(ids)),
  changes: (ids, tools) => [removal(ids, tools)],
});

// Quantities of 0 remove their lines (remove-line-items), as the cart store always did; the
// others are one update of quantities, queued after the removal.
const updateQuantities = /* @__PURE__ */ operation<
  'updateQuantities',
  readonly LineItemQuantityUpdate[]
>({
  check: (lineItems) =>
    isLegacyQuantityUpdate(lineItems)
      ? checkLegacyQuantityUpdate(lineItems)
      : checkQuantities(lineItems),
  changes: (lineItems, tools) => {
    const removed = lineItems.filter((item) => item.quantity === 0).map((item) => item.id);
    const changed = lineItems.filter((item) => item.quantity !== 0);
    const update: CartChange<Cart | null> = {
      ...CHANGE,
      operation: 'updateQuantities',
      lineIds: changed.map((item) => item.id),
      apply: (cart, lineId) =>
        changed.reduce((shown, item) => setQuantity(shown, lineId(item.id), item.quantity), cart),
      run: async () => {
        const wire = changed.map(({ id, quantity }) => ({ id: tools.wireId(id), quantity }));
        return cartAnswer(await tools.calls.updateQuantities(wire, KEEPALIVE));
      },
    };
    if (removed.length === 0) return [update];
    return changed.length === 0 ? [removal(removed, tools)] : [removal(removed, tools), update];
  },
});

// ── The coupon: removeCoupon ──

export interface CartOperations {
  /** Removes the coupon, hidden at once. */
  removeCoupon: { variables: void; result: Cart | null };
}

/** `store.cart.removeCoupon`. */
export async function removeCartCoupon(
  calls: CartCalls,
  options: CartCallOptions = {},
): Promise<Cart> {
  return calls.removeCoupon(options);
}

const removeCoupon = /* @__PURE__ */ operation<'removeCoupon', undefined>({
  check: () => checked(undefined),
  changes: (_, { calls }) => [
    {
      ...CHANGE,
      operation: 'removeCoupon',
      coupon: true,
      apply: (cart) => removeCouponCode(cart),
      run: async () => cartAnswer(await calls.removeCoupon(KEEPALIVE)),
    },
  ],
});

// ── The estimate and the checkout: estimateTotals, createCheckout ──

export interface CartOperations {
  /** Estimates totals of the cart as it will be after the queued changes; kept in `estimate`. */
  estimateTotals: { variables: EstimateTotalsInput | void; result: EstimateTotalsResponse };
  /** Creates a checkout from the cart as it will be after the queued changes. */
  createCheckout: { variables: CreateCheckoutInput | void; result: CreateCheckoutResult };
}

/** What an estimate sends: the documented fields of its input (none: the items' totals). */
function checkEstimate(input: EstimateTotalsInput | void): Checked<EstimateBody> {
  const { selectedShippingOption, shippingAddress, billingAddress, selectedMemberships } =
    input ?? {};
  return checked({ selectedShippingOption, shippingAddress, billingAddress, selectedMemberships });
}

/** What a checkout sends: the documented fields of its input. */
function checkCheckout(input: CreateCheckoutInput | void): Checked<CheckoutBody> {
  const { channelType, shippingAddress, billingAddress, selectedShippingOption, email } =
    input ?? {};
  return checked({ channelType, shippingAddress, billingAddress, selectedShippingOption, email });
}

/** `store.cart.estimateTotals`. */
export async function estimateCartTotals(
  calls: CartCalls,
  input?: EstimateTotalsInput,
  options: CartCallOptions = {},
): Promise<EstimateTotalsResponse> {
  return calls.estimateTotals(checkEstimate(input), options);
}

/** `store.cart.createCheckout`. */
export async function createCartCheckout(
  calls: CartCalls,
  input?: CreateCheckoutInput,
  options: CartCallOptions = {},
): Promise<CreateCheckoutResult> {
  return calls.createCheckout(checkCheckout(input), options);
}

const estimateTotals = /* @__PURE__ */ operation<'estimateTotals', EstimateBody>({
  check: checkEstimate,
  changes: (body, { calls }) => [
    {
      ...CHANGE,
      operation: 'estimateTotals',
      changesCart: false,
      run: async () => {
        // Not kept alive: an estimate or a checkout matters only to a page that is still there.
        const estimate = await calls.estimateTotals(body, {});
        return {
          ...(estimate.cart ? { cart: estimate.cart } : {}),
          value: estimate,
          settle: (state) => ({ ...state, estimate }),
        };
      },
    },
  ],
});

const createCheckout = /* @__PURE__ */ operation<'createCheckout', CheckoutBody>({
  check: checkCheckout,
  changes: (body, { calls }) => [
    {
      ...CHANGE,
      operation: 'createCheckout',
      changesCart: false,
      run: async () => ({ value: await calls.createCheckout(body, {}) }),
    },
  ],
});

// ── Deleting the cart: delete ──

export interface CartOperations {
  /** Deletes the cart. */
  delete: { variables: void; result: void };
}

/** `store.cart.delete`. */
export async function deleteCart(calls: CartCalls, options: CartCallOptions = {}): Promise<void> {
  return calls.delete(options);
}

const deleteOperation = /* @__PURE__ */ operation<'delete', undefined>({
  check: () => checked(undefined),
  changes: (_, { calls }) => [
    {
      ...CHANGE,
      operation: 'delete',
      apply: () => null,
      run: async () => {
        await calls.delete(KEEPALIVE);
        return { cart: null, value: undefined };
      },
    },
  ],
});

// ── The lists: the engine's table, the cart store's methods ──

/** Every operation, as the engine runs it (engine/create-cart-engine.ts). */
export const CART_OPERATIONS: { readonly [N in CartOperationName]: CartOperationDefinition<N> } = {
  load,
  addItems,
  updateQuantities,
  removeItems,
  update,
  applyCoupon,
  removeCoupon,
  estimateTotals,
  createCheckout,
  delete: deleteOperation,
};

/**
 * The cart store's methods, as every page holds them (cart-store.ts runs them with `act`), with
 * what each does while the engine's code loads (see {@link WithoutEngine}; `wait` unless said).
 */
export function cartStoreMethods(act: CartAct): CartOperationMethods {
  return {
    load: (variables) => act('load', variables, 'read'),
    addItems: (variables) =>
      act('addItems', variables, (calls) =>
        sendAdd(calls, checkCartStoreAdd(variables).body, KEEPALIVE, true),
      ),
    updateQuantities: (variables) => act('updateQuantities', variables),
    removeItems: (variables) => act('removeItems', variables),
    update: (variables) => act('update', variables),
    applyCoupon: (variables) => act('applyCoupon', variables),
    removeCoupon: (variables) => act('removeCoupon', variables),
    estimateTotals: (variables) => act('estimateTotals', variables),
    createCheckout: (variables) => act('createCheckout', variables),
    delete: (variables) => act('delete', variables),
  };
}

/**
 * The cart store's operations, each described once (as query-core describes a mutation by its
 * options): what its method takes (`input`, checked in cart-input.ts) and the changes the engine
 * queues for it (the lines and coupon they touch, what the shopper sees meanwhile, the call on
 * the wire). The engine runs these rows and the cart store facade builds its methods from their
 * names; neither tells one operation from another. A new operation is a row here and in
 * {@link WITHOUT_ENGINE} (its method declared in `CartActions`, types.ts), its call in
 * `store.cart`, and its hook in `@vitrine/react`.
 *
 * The facade, which every page loads, takes only {@link WITHOUT_ENGINE} from here (the names,
 * and how a held add goes out when the page is hidden); the rows load with the engine, which
 * lends them its optimistic changes (`tools.optimistic`).
 */
import type {
  Cart,
  CreateCheckoutInput,
  EstimateTotalsInput,
  EstimateTotalsResponse,
  LineItemInput,
  LineItemQuantityUpdate,
  UpdateCartInput,
} from '../../models/cart.js';
import {
  addItemsInput,
  checkUpdateCart,
  couponInput,
  lineItemIdsInput,
  quantitiesInput,
  quantityInput,
} from '../cart-input.js';
import type { CartActionName, CartAddItemsInput, CartLineInput, CurrentCartApi } from '../types.js';
import type { CartChange, CartOperationSpec, ChangeResult, EngineState } from './types.js';

// Changes outlive the page that makes them: a click followed at once by a link still lands.
const KEEPALIVE = { keepalive: true } as const;

/** What every change of the cart shares; each row says what sets it apart. */
const CHANGE = { lineIds: [], coupon: false, changesCart: true } as const;

const cartResult = (cart: Cart | null): ChangeResult => ({ cart, value: cart });

const noInput = (): undefined => undefined;

/** A read of the cart failed: the state keeps its last cart and shows why. */
export function cartUnreadable(state: EngineState, error: Error): EngineState {
  return { ...state, status: 'error', loadError: error };
}

/** The lines as sent: previews are shown, never sent. */
const wireLines = (lines: readonly CartLineInput[]): LineItemInput[] =>
  lines.map(({ catalogReference, quantity }) => ({ catalogReference, quantity }));

const load: CartOperationSpec<undefined> = {
  input: noInput,
  changes: (_, { readCart }) => [
    {
      ...CHANGE,
      operation: 'load',
      changesCart: false,
      read: true,
      fail: cartUnreadable,
      run: async () => cartResult(await readCart()),
    },
  ],
};

const addItems: CartOperationSpec<CartAddItemsInput> = {
  input: addItemsInput,
  changes: ({ lineItems }, { api, view, tempId, optimistic }) => {
    const shown = view();
    const adds = lineItems.map(({ catalogReference, quantity, preview }) => ({
      tempId: tempId(),
      catalogReference,
      quantity,
      preview,
    }));
    const wire = wireLines(lineItems);
    return [
      {
        ...CHANGE,
        operation: 'addItems',
        lineIds: adds.map((add) => optimistic.lineIdForAdd(shown, add)),
        adds,
        lineItems: wire,
        apply: (cart) => optimistic.addLines(cart, adds),
        run: async () => cartResult(await api.addItems({ lineItems: wire }, KEEPALIVE)),
      },
    ];
  },
};

const removalChanges: CartOperationSpec<readonly string[]>['changes'] = (
  ids,
  { api, wireId, optimistic },
) => [
  {
    ...CHANGE,
    operation: 'removeItems',
    lineIds: ids,
    apply: (cart, lineId) => optimistic.removeLines(cart, ids.map(lineId)),
    run: async () => cartResult(await api.removeItems(ids.map(wireId), KEEPALIVE)),
  },
];

// Quantities of 0 remove their lines (remove-line-items), as the cart store always did; the
// others are one update of quantities, queued after the removal.
const quantityChanges: CartOperationSpec<readonly LineItemQuantityUpdate[]>['changes'] = (
  lineItems,
  tools,
) => {
  const { api, wireId, optimistic } = tools;
  const removed = lineItems.filter((item) => item.quantity === 0).map((item) => item.id);
  const changed = lineItems.filter((item) => item.quantity !== 0);
  const changes: CartChange[] = removed.length > 0 ? removalChanges(removed, tools) : [];
  if (changed.length === 0) return changes;
  changes.push({
    ...CHANGE,
    operation: 'updateQuantities',
    lineIds: changed.map((item) => item.id),
    apply: (cart, lineId) =>
      changed.reduce(
        (shown, item) => optimistic.setQuantity(shown, lineId(item.id), item.quantity),
        cart,
      ),
    run: async () => {
      const wire = changed.map(({ id, quantity }) => ({ id: wireId(id), quantity }));
      return cartResult(await api.updateQuantities(wire, KEEPALIVE));
    },
  });
  return changes;
};

const updateChanges: CartOperationSpec<UpdateCartInput>['changes'] = (
  input,
  { api, optimistic },
) => {
  const code = input.couponCode;
  return [
    {
      ...CHANGE,
      operation: 'update',
      coupon: code !== undefined,
      ...(code === undefined ? {} : { apply: (cart) => optimistic.applyCouponCode(cart, code) }),
      run: async () => cartResult(await api.update(input, KEEPALIVE)),
    },
  ];
};

const removeCoupon: CartOperationSpec<undefined> = {
  input: noInput,
  changes: (_, { api, optimistic }) => [
    {
      ...CHANGE,
      operation: 'removeCoupon',
      coupon: true,
      apply: (cart) => optimistic.removeCouponCode(cart),
      run: async () => cartResult(await api.removeCoupon(KEEPALIVE)),
    },
  ],
};

const estimateTotals: CartOperationSpec<EstimateTotalsInput | undefined> = {
  input: (input?: EstimateTotalsInput) => input,
  changes: (input, { api }) => [
    {
      ...CHANGE,
      operation: 'estimateTotals',
      changesCart: false,
      settle: (state, value) => ({ ...state, estimate: value as EstimateTotalsResponse }),
      run: async () => {
        const estimate = await api.estimateTotals(input);
        return { ...(estimate.cart ? { cart: estimate.cart } : {}), value: estimate };
      },
    },
  ],
};

const createCheckout: CartOperationSpec<CreateCheckoutInput | undefined> = {
  input: (input?: CreateCheckoutInput) => input,
  changes: (input, { api }) => [
    {
      ...CHANGE,
      operation: 'createCheckout',
      changesCart: false,
      run: async () => ({ value: await api.createCheckout(input) }),
    },
  ],
};

const deleteCart: CartOperationSpec<undefined> = {
  input: noInput,
  changes: (_, { api }) => [
    {
      ...CHANGE,
      operation: 'delete',
      apply: () => null,
      run: async () => {
        await api.delete(KEEPALIVE);
        return { cart: null, value: undefined };
      },
    },
  ],
};

/** Every method of `CartActions`, described once. */
export const CART_OPERATIONS: { readonly [Name in CartActionName]: CartOperationSpec } = {
  load,
  addItems,
  updateQuantities: { input: quantitiesInput, changes: quantityChanges },
  removeItems: { input: lineItemIdsInput, changes: removalChanges },
  update: { input: checkUpdateCart, changes: updateChanges },
  removeCoupon,
  estimateTotals,
  createCheckout,
  delete: deleteCart,
  // The first names, kept working.
  updateQuantity: { input: quantityInput, changes: quantityChanges },
  applyCoupon: { input: couponInput, changes: updateChanges },
  checkout: createCheckout,
  clear: deleteCart,
};

/** What a call held with no engine does when the page is hidden for good (held-calls.ts). */
export type WithoutEngine =
  /** It goes out at once, with keepalive, through a call every page holds (an add). */
  | ((api: CurrentCartApi, args: readonly unknown[]) => Promise<unknown>)
  /** It only reads the cart: nothing is lost, and the changes after it may still go. */
  | 'read'
  /** It needs the engine, and so do the changes after it, to keep their order. */
  | 'wait';

/**
 * Every operation of the table, by name, with what it does without the engine. The cart store
 * facade, which every page loads before the rows above, makes its methods of these names.
 */
export const WITHOUT_ENGINE: { readonly [Name in CartActionName]: WithoutEngine } = {
  load: 'read',
  addItems: (api, [input]) =>
    api.addItems(
      { lineItems: wireLines(addItemsInput(input as CartAddItemsInput).lineItems) },
      KEEPALIVE,
    ),
  updateQuantities: 'wait',
  removeItems: 'wait',
  update: 'wait',
  removeCoupon: 'wait',
  estimateTotals: 'wait',
  createCheckout: 'wait',
  delete: 'wait',
  updateQuantity: 'wait',
  applyCoupon: 'wait',
  checkout: 'wait',
  clear: 'wait',
};

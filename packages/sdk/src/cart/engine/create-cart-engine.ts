/**
 * The cart engine behind `store.cartStore`, loaded the first time the cart store is used. It
 * wires its parts: the state and its reducer (cart-reducer.ts), the serial queue
 * (serial-queue.ts), the other tabs (tab-messages.ts) and the identity following
 * (identity-following.ts). Each action queues a change that shows at once (optimistic) and
 * resolves with the platform's answer, or rejects with its error.
 */
import { StoreArgumentError } from '../../errors/argument-error.js';
import { isStoreApiError } from '../../http/errors/type-guards.js';
import { checkId, checkIdList, checkNonEmptyList, checkQuantity } from '../../internal/checks.js';
import type {
  Cart,
  CreateCheckoutResult,
  EstimateTotalsResponse,
  LineItemQuantityUpdate,
} from '../../models/cart.js';
import type { TokenRole } from '../../models/tokens.js';
import type { CartState } from '../cart-state.js';
import type {
  CartAddItemsInput,
  CartChannelFactory,
  CartIdentityEvent,
  CartLineInput,
  CartStore,
} from '../cart-store.js';
import type { CurrentCartApi } from '../current-cart-api.js';
import { CartOperationCancelledError } from '../cart-operation-cancelled-error.js';
import {
  INITIAL_ENGINE_STATE,
  lineIdOf,
  reduceCart,
  toCartState,
  viewOf,
  type CartAction,
  type CartChange,
  type EngineState,
} from './cart-reducer.js';
import { createIdentityFollowing } from './identity-following.js';
import {
  addLines,
  applyCouponCode,
  lineIdForAdd,
  removeCouponCode,
  removeLines,
  setQuantity,
  type OptimisticAdd,
} from './optimistic.js';
import { createSerialQueue } from './serial-queue.js';
import { createTabMessages, whatToDoWith } from './tab-messages.js';

export { CartOperationCancelledError } from '../cart-operation-cancelled-error.js';

/** What the engine is built from (the cart store facade's dependencies, and where to publish). */
export interface CartEngineOptions {
  api: CurrentCartApi;
  readCartWithToken: ((accessToken: string) => Promise<Cart>) | undefined;
  /** The role now: with `none` nobody has a cart. */
  role: () => TokenRole | undefined;
  channelName: string | undefined;
  openChannel: CartChannelFactory | false | undefined;
  /** Receives each new snapshot. */
  publish(state: CartState): void;
  /** Where to start: a cart read elsewhere (hydration), and whether the visitor was just minted. */
  start: { cart?: Cart | null; freshVisitor: boolean };
}

/** The engine's actions, as the cart store facade forwards them. */
export type CartEngine = Omit<
  CartStore,
  'getState' | 'getInitialState' | 'subscribe' | 'addItems' | 'checkout' | 'clear'
> & {
  addItems(input: CartAddItemsInput | readonly CartLineInput[]): Promise<Cart>;
  /** Follows an identity change; returns the carry-over it starts, if any. */
  identityChanged(event: CartIdentityEvent): Promise<unknown> | undefined;
};

/** What the engine's parts share. */
export interface EngineParts {
  api: CurrentCartApi;
  queue: ReturnType<typeof createSerialQueue<CartChange>>;
  getState(): EngineState;
  /** Changes the state through the reducer and publishes the new snapshot. */
  dispatch(action: CartAction): void;
  /** Runs `work`, publishing once at its end whatever it dispatched. */
  batch<T>(work: () => T): T;
  /** Queues a change; resolves with its result's `value`. */
  enqueue<T>(change: CartChange): Promise<T>;
  /** The cart shown now. */
  view(): Cart | null;
  load(): Promise<Cart | null>;
  /** Reads this identity's cart (`null` when it has none). */
  readCart(): Promise<Cart | null>;
}

const TEMP_PREFIX = 'pending-line:';

// Actions that change only the engine's own bookkeeping, not what a UI sees.
const UNSEEN: ReadonlySet<CartAction['type']> = new Set(['freshVisitor', 'heardFromTab']);

/** Builds the cart engine of one cart store. */
export function createCartEngine(options: CartEngineOptions): CartEngine {
  const { api } = options;
  let state: EngineState = { ...INITIAL_ENGINE_STATE, freshVisitor: options.start.freshVisitor };
  let batching = 0;
  let unpublished = false;
  let tempCounter = 0;
  let disposed = false;

  const queue = createSerialQueue<CartChange>((change, outcome) => {
    if (outcome.ok) {
      dispatch({ type: 'succeeded', change, result: outcome.result });
      if (change.broadcast) tabs.post(state.confirmed);
    } else {
      const error =
        outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
      dispatch({ type: 'failed', change, error });
    }
  });

  function publish(): void {
    unpublished = false;
    options.publish(toCartState(state, queue.jobs));
  }

  function dispatch(action: CartAction): void {
    state = reduceCart(state, action);
    if (UNSEEN.has(action.type)) return;
    unpublished = true;
    if (batching === 0) publish();
  }

  function batch<T>(work: () => T): T {
    batching++;
    try {
      return work();
    } finally {
      batching--;
      if (batching === 0 && unpublished) publish();
    }
  }

  function enqueue<T>(change: CartChange): Promise<T> {
    if (disposed) return Promise.reject(new CartOperationCancelledError('the store was disposed'));
    const promise = queue.push<T>(change);
    tabs.open();
    dispatch({ type: 'queued', change });
    return promise;
  }

  async function readCart(): Promise<Cart | null> {
    if (state.freshVisitor || options.role() === 'none') return null;
    try {
      return await api.get();
    } catch (error) {
      // The platform answers 404 while the shopper has no cart yet.
      if (isStoreApiError(error) && error.status === 404) return null;
      throw error;
    }
  }

  const tabs = createTabMessages({
    channelName: options.channelName,
    openChannel: options.openChannel,
    onMessage(message) {
      if (disposed) return;
      dispatch({ type: 'heardFromTab' });
      const heard = whatToDoWith(message, {
        status: state.status,
        confirmed: state.confirmed,
        idle: queue.jobs.length === 0,
      });
      if (heard === 'adopt' && message.cart !== null)
        dispatch({ type: 'adopted', cart: message.cart });
      else if (heard === 'reload') engine.load().catch(noop);
    },
  });

  const parts: EngineParts = {
    api,
    queue,
    getState: () => state,
    dispatch,
    batch,
    enqueue,
    view: () => viewOf(state, queue.jobs),
    load: () => engine.load(),
    readCart,
  };
  const identity = createIdentityFollowing(parts, options.readCartWithToken);

  // Quantities of 0 remove their lines (remove-line-items), as the cart store always did; the
  // others are one update of quantities. Both are queued, in that order.
  function changeQuantities(lineItems: readonly LineItemQuantityUpdate[]): Promise<Cart | null> {
    const removed = lineItems.filter((item) => item.quantity === 0).map((item) => item.id);
    const changed = lineItems
      .filter((item) => item.quantity !== 0)
      .map(({ id, quantity }) => ({ id, quantity }));
    const removing = removed.length > 0 ? engine.removeItems(removed) : undefined;
    if (changed.length === 0) return removing!;
    const updating = enqueue<Cart>({
      operation: 'updateQuantities',
      lineIds: changed.map((item) => item.id),
      coupon: false,
      broadcast: true,
      apply: (cart, lineId) =>
        changed.reduce((view, item) => setQuantity(view, lineId(item.id), item.quantity), cart),
      run: async () => {
        const wire = changed.map((item) => ({ id: wireId(item.id), quantity: item.quantity }));
        const cart = await api.updateQuantities(wire);
        return { cart, value: cart };
      },
    });
    return removing ? Promise.all([removing, updating]).then(([, cart]) => cart) : updating;
  }

  // The id to send for a line; a temporary id that never got a real one means its add failed.
  function wireId(id: string): string {
    const resolved = lineIdOf(state, id);
    if (resolved.startsWith(TEMP_PREFIX)) {
      throw new CartOperationCancelledError(`line "${id}" was never added`);
    }
    return resolved;
  }

  const engine: CartEngine = {
    load() {
      const last = queue.jobs[queue.jobs.length - 1];
      // A read still waiting in the queue will see everything a new one would.
      if (last?.operation === 'load' && queue.jobs.length > 1) {
        return queue.promiseOf(last) as Promise<Cart | null>;
      }
      return enqueue<Cart | null>({
        operation: 'load',
        lineIds: [],
        coupon: false,
        broadcast: false,
        run: async () => {
          const cart = await readCart();
          return { cart, value: cart };
        },
      });
    },

    addItems(input: CartAddItemsInput | readonly CartLineInput[]) {
      // The cart store's first shape was a bare list; it is still taken.
      const lineItems: unknown = Array.isArray(input)
        ? input
        : (input as CartAddItemsInput | undefined)?.lineItems;
      const refused = rejectNow(() => {
        if (!Array.isArray(lineItems) || lineItems.length === 0) {
          throw new StoreArgumentError('lineItems', 'must be a non-empty array');
        }
        const items: readonly CartLineInput[] = lineItems;
        items.forEach((item, index) => {
          checkId(
            `lineItems[${index}].catalogReference.catalogItemId`,
            item?.catalogReference?.catalogItemId,
          );
          checkQuantity(`lineItems[${index}].quantity`, item.quantity, 1);
        });
      });
      if (refused) return refused;
      const items = lineItems as readonly CartLineInput[];
      const current = viewOf(state, queue.jobs);
      const adds: OptimisticAdd[] = items.map((item) => ({
        tempId: `${TEMP_PREFIX}${++tempCounter}`,
        catalogReference: item.catalogReference,
        quantity: item.quantity,
        preview: item.preview,
      }));
      const wire = items.map(({ catalogReference, quantity }) => ({ catalogReference, quantity }));
      return enqueue<Cart>({
        operation: 'addItems',
        lineIds: adds.map((add) => lineIdForAdd(current, add)),
        coupon: false,
        broadcast: true,
        adds,
        lineItems: wire,
        apply: (cart) => addLines(cart, adds),
        run: async () => {
          const cart = await api.addItems({ lineItems: wire });
          return { cart, value: cart };
        },
      });
    },

    updateQuantities(lineItems) {
      const refused = rejectNow(() => {
        checkNonEmptyList('lineItems', lineItems);
        lineItems.forEach((item, index) => {
          checkId(`lineItems[${index}].id`, item?.id);
          checkQuantity(`lineItems[${index}].quantity`, item.quantity, 0);
        });
      });
      return refused ?? changeQuantities(lineItems);
    },

    updateQuantity(lineItemId, quantity) {
      const refused = rejectNow(() => {
        checkId('lineItemId', lineItemId);
        checkQuantity('quantity', quantity, 0);
      });
      return refused ?? changeQuantities([{ id: lineItemId, quantity }]);
    },

    removeItems(lineItemIds) {
      const refused = rejectNow(() => checkIdList('lineItemIds', lineItemIds));
      if (refused) return refused;
      const ids = [...lineItemIds];
      return enqueue<Cart>({
        operation: 'removeItems',
        lineIds: ids,
        coupon: false,
        broadcast: true,
        apply: (cart, lineId) => removeLines(cart, ids.map(lineId)),
        run: async () => {
          const cart = await api.removeItems(ids.map(wireId));
          return { cart, value: cart };
        },
      });
    },

    applyCoupon(code) {
      return rejectNow(() => checkId('code', code)) ?? engine.update({ couponCode: code });
    },

    removeCoupon() {
      return enqueue<Cart>({
        operation: 'removeCoupon',
        lineIds: [],
        coupon: true,
        broadcast: true,
        apply: (cart) => removeCouponCode(cart),
        run: async () => {
          const cart = await api.removeCoupon();
          return { cart, value: cart };
        },
      });
    },

    update(input) {
      const coupon = input?.couponCode;
      return enqueue<Cart>({
        operation: 'update',
        lineIds: [],
        coupon: coupon !== undefined,
        broadcast: true,
        ...(coupon === undefined ? {} : { apply: (cart) => applyCouponCode(cart, coupon) }),
        run: async () => {
          const cart = await api.update(input);
          return { cart, value: cart };
        },
      });
    },

    estimateTotals(input) {
      return enqueue<EstimateTotalsResponse>({
        operation: 'estimateTotals',
        lineIds: [],
        coupon: false,
        broadcast: false,
        run: async () => {
          const result = await api.estimateTotals(input);
          return { ...(result.cart ? { cart: result.cart } : {}), value: result };
        },
      });
    },

    createCheckout(input) {
      return enqueue<CreateCheckoutResult>({
        operation: 'createCheckout',
        lineIds: [],
        coupon: false,
        broadcast: false,
        run: async () => ({ value: await api.createCheckout(input) }),
      });
    },

    delete() {
      return enqueue<void>({
        operation: 'delete',
        lineIds: [],
        coupon: false,
        broadcast: true,
        apply: () => null,
        run: async () => {
          await api.delete();
          return { cart: null, value: undefined };
        },
      });
    },

    clearErrors(lineItemId) {
      dispatch({ type: 'errorsCleared', lineItemId });
    },

    whenCarriedOver: () => identity.whenCarriedOver(),

    whenIdle: () => queue.whenIdle(),

    hydrate(cart) {
      if (disposed || state.status !== 'idle' || queue.jobs.length > 0) return;
      dispatch({ type: 'hydrated', cart });
    },

    identityChanged: (event) => (disposed ? undefined : identity.identityChanged(event)),

    dispose() {
      if (disposed) return;
      disposed = true;
      tabs.close();
      queue.cancelQueued(new CartOperationCancelledError('the store was disposed'));
    },
  };

  // A cart hydrated before the engine loaded is what the store already shows: start from it
  // without publishing it again.
  if (options.start.cart !== undefined) {
    state = reduceCart(state, { type: 'hydrated', cart: options.start.cart });
  }
  return engine;
}

function rejectNow(check: () => void): Promise<never> | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

function noop(): void {}

/**
 * `store.cartStore`: the shopper's cart as a subscribable store. This module is what every page
 * loads: a small synchronous stand-in that holds the snapshot (`getState`, `subscribe`,
 * `hydrate` work at once) and hears identity changes. The cart engine itself (the queue,
 * optimistic changes, the other tabs, carrying a visitor's cart over; engine/) loads the first
 * time an action needs it. Once its code is loaded in a page, every cart store of that page uses
 * it at once, so actions show their effect synchronously from then on.
 */
import { createStore } from 'zustand/vanilla';
import { loadOnFirstUse } from '../http/load-on-first-use.js';
import type {
  Cart,
  CreateCheckoutInput,
  CreateCheckoutResult,
  EstimateTotalsInput,
  EstimateTotalsResponse,
  LineItem,
  LineItemInput,
  LineItemQuantityUpdate,
  UpdateCartInput,
} from '../models/cart.js';
import type { TokenRole, Tokens } from '../models/tokens.js';
import {
  INITIAL_CART_STATE,
  hydratedState,
  type CartCarryOver,
  type CartState,
} from './cart-state.js';
import type { CurrentCartApi } from './current-cart-api.js';
import type * as EngineCode from './engine/create-cart-engine.js';
import type { CartEngine } from './engine/create-cart-engine.js';

/** An identity change, as `store.auth.onIdentityChange` reports it. */
export interface CartIdentityEvent {
  reason: string;
  role: TokenRole;
  previousRole: TokenRole;
  previousTokens?: Tokens | undefined;
}

/** Where the cart store hears of identity changes (`store.auth`). */
export interface CartIdentitySource {
  /** The listener returns the carry-over it starts at a sign-in, which the sign-in awaits. */
  onIdentityChange(listener: (event: CartIdentityEvent) => unknown): () => void;
  /**
   * The role now. With `none` (no tokens at all) nobody has a cart, so a read answers `null`
   * without a request, and without minting a visitor to ask with.
   */
  readonly role?: TokenRole;
}

/** What the cart store is built from. Inject fakes to test it, or to run it elsewhere. */
export interface CartStoreDependencies {
  /** The raw cart calls. */
  api: CurrentCartApi;
  /** Reads the cart of another identity's access token (the visitor's, at sign-in). */
  readCartWithToken?: (accessToken: string) => Promise<Cart>;
  /** Identity changes; without one the store never resets on its own. */
  identity?: CartIdentitySource;
  /** The `BroadcastChannel` name shared by the client's tabs; without one, tabs are not told. */
  channelName?: string;
  /** Opens the channel; `false` for none. @default a global `BroadcastChannel` when there is one */
  openChannel?: CartChannelFactory | false;
}

/** The part of `BroadcastChannel` the cart store uses. */
export interface CartChannel {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

/** Opens the channel of a name, or `undefined` where there is none. */
export type CartChannelFactory = (name: string) => CartChannel | undefined;

/** What tabs post to each other. */
export interface CartChannelMessage {
  v: 1;
  /** The posting store, so it ignores its own messages. */
  source: string;
  /** The cart after the change; `null` after it was deleted. */
  cart: Cart | null;
}

/** A line to add, with what to show for it until the platform answers. */
export interface CartLineInput extends LineItemInput {
  /** Shown on the new line meanwhile (name, image, price); never sent. */
  preview?: Partial<LineItem>;
}

/** What {@link CartStore.addItems} takes: the lines of `store.cart.addItems`, with previews. */
export interface CartAddItemsInput {
  lineItems: readonly CartLineInput[];
}

/**
 * The shopper's cart as a subscribable store: `store.cartStore`. Its changes have the names and
 * arguments of `store.cart`'s calls; each changes the state at once and resolves with the
 * platform's answer, or rejects with its error (`StoreApiError`, `StoreArgumentError` for a bad
 * argument, sent nowhere, or {@link CartOperationCancelledError} when the identity changed
 * before it was sent).
 *
 * @example
 * const unsubscribe = store.cartStore.subscribe((state) => render(state.cart, state.lines));
 * await store.cartStore.load();
 * await store.cartStore.addItems({ lineItems: [storesLineItem(productId, 1)] });
 */
export interface CartStore {
  /** The current snapshot. The same object until something changes. */
  getState(): CartState;
  /** The snapshot before anything loaded (for server rendering). */
  getInitialState(): CartState;
  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe(listener: (state: CartState, previous: CartState) => void): () => void;
  /**
   * Reads the cart (after any queued change). A shopper with no cart yet reads as `null`.
   * Calls made while a read is already waiting share it.
   */
  load(): Promise<Cart | null>;
  /**
   * Adds lines, as `store.cart.addItems`; an item already in the cart adds to that line's
   * quantity. Each line may carry a `preview` (name, image, price) shown until the platform
   * answers.
   *
   * @example await store.cartStore.addItems({ lineItems: [storesLineItem(productId, 2)] });
   * @throws {StoreArgumentError} for an empty list, an empty `catalogItemId`, or a quantity that
   * is not a whole number of at least 1.
   */
  addItems(input: CartAddItemsInput): Promise<Cart>;
  /** @deprecated Pass `{ lineItems }`, as to `store.cart.addItems`. */
  addItems(lineItems: readonly CartLineInput[]): Promise<Cart>;
  /**
   * Sets the quantities of lines, as `store.cart.updateQuantities`; a quantity of 0 removes the
   * line.
   *
   * @example await store.cartStore.updateQuantities([{ id: line.id, quantity: 3 }]);
   * @throws {StoreArgumentError} for an empty list, an empty id, or a negative or fractional
   * quantity.
   */
  updateQuantities(lineItems: readonly LineItemQuantityUpdate[]): Promise<Cart | null>;
  /** @deprecated Use `updateQuantities([{ id: lineItemId, quantity }])`. */
  updateQuantity(lineItemId: string, quantity: number): Promise<Cart | null>;
  /** Removes lines. @throws {StoreArgumentError} for an empty list or an empty id. */
  removeItems(lineItemIds: readonly string[]): Promise<Cart | null>;
  /**
   * Any change of `store.cart.update`: a coupon (`couponCode`, shown at once), buyer note,
   * contact, merchant discounts.
   *
   * @example await store.cartStore.update({ couponCode: 'WELCOME10' });
   */
  update(input: UpdateCartInput): Promise<Cart>;
  /** @deprecated Use `update({ couponCode: code })`. @throws {StoreArgumentError} for an empty code. */
  applyCoupon(code: string): Promise<Cart>;
  /** Removes the coupon. */
  removeCoupon(): Promise<Cart | null>;
  /** Estimates totals of the cart as it will be after the queued changes; kept in `estimate`. */
  estimateTotals(input?: EstimateTotalsInput): Promise<EstimateTotalsResponse>;
  /** Creates a checkout from the cart as it will be after the queued changes. */
  createCheckout(input?: CreateCheckoutInput): Promise<CreateCheckoutResult>;
  /** @deprecated Use `createCheckout(input)`. */
  checkout(input?: CreateCheckoutInput): Promise<CreateCheckoutResult>;
  /** Deletes the cart. */
  delete(): Promise<void>;
  /** @deprecated Use `delete()`. */
  clear(): Promise<void>;
  /** Forgets refused changes: those of one line, or all (`failures`, line and coupon errors). */
  clearErrors(lineItemId?: string): void;
  /** Resolves once nothing is queued or on its way. */
  whenIdle(): Promise<void>;
  /**
   * Resolves once the visitor's cart is carried into the member's after a sign-in, with the
   * outcome (the same as `getState().carryOver`); at once when no carry-over is under way.
   * Sign-ins (`store.auth.login`, `register`…) already wait for it before they resolve.
   *
   * @example const outcome = await store.cartStore.whenCarriedOver();
   */
  whenCarriedOver(): Promise<CartCarryOver | undefined>;
  /**
   * Starts from a cart read elsewhere (on the server that rendered the page), as if this store
   * had loaded it: `status` becomes `ready` and no first read is sent. Ignored once the store
   * has loaded or changed anything.
   *
   * @example store.cartStore.hydrate(snapshot.cart);
   */
  hydrate(cart: Cart | null): void;
  /** Stops listening to identity changes and other tabs; queued changes are cancelled. */
  dispose(): void;
}

/** The channel name of a client's cart. */
export function cartChannelName(clientId: string): string {
  return `vitrine:${clientId}:cart`;
}

// The engine's code, once this page has loaded it: cart stores built after that (or used after
// that) create their engine at once, with no wait.
let engineCode: typeof EngineCode | undefined;

/** Loads the cart engine's code (once per page); every cart store of the page then uses it. */
export const loadCartEngine = /* @__PURE__ */ loadOnFirstUse(async () => {
  engineCode = await import('./engine/create-cart-engine.js');
  return engineCode;
});

/** Builds a cart store. `createStoreClient` builds one per client as `store.cartStore`. */
export function createCartStore(deps: CartStoreDependencies): CartStore {
  const store = createStore<CartState>()(() => INITIAL_CART_STATE);
  let engine: CartEngine | undefined;
  let disposed = false;
  // Before the engine exists: a cart hydrated from the server, whether the identity is a visitor
  // this client just minted (it has no cart), and the calls waiting for the engine's code.
  let hydrated: Cart | null | undefined;
  let freshVisitor = false;
  let generation = 0;
  let waiting: { calls: number; last: Promise<unknown>; lastWasLoad: boolean } = {
    calls: 0,
    last: Promise.resolve(),
    lastWasLoad: false,
  };
  let following: Promise<unknown> | undefined;

  function start(code: typeof EngineCode): CartEngine {
    engine ??= code.createCartEngine({
      api: deps.api,
      readCartWithToken: deps.readCartWithToken,
      role: () => deps.identity?.role,
      channelName: deps.channelName,
      openChannel: deps.openChannel,
      publish: (state) => store.setState(state, true),
      start: { ...(hydrated === undefined ? {} : { cart: hydrated }), freshVisitor },
    });
    return engine;
  }

  /** Runs `action` on the engine: at once when its code is loaded, else once it is. */
  function withEngine<T>(action: (engine: CartEngine) => Promise<T>, isLoad = false): Promise<T> {
    if (engine) return action(engine);
    if (engineCode && !disposed) return action(start(engineCode));
    const calledAt = generation;
    const call = loadCartEngine().then((code) => {
      waiting.calls--;
      // What the engine would have done with a change not yet sent.
      if (disposed) throw new code.CartOperationCancelledError('the store was disposed');
      if (calledAt !== generation) {
        // A read is no change to cancel: it reads the cart of whoever is signed in now, once the
        // engine has followed the change.
        if (isLoad)
          return Promise.resolve(following)
            .catch(noop)
            .then(() => action(start(code)));
        throw new code.CartOperationCancelledError('the signed-in identity changed');
      }
      return action(start(code));
    });
    waiting = { calls: waiting.calls + 1, last: call, lastWasLoad: isLoad };
    return call;
  }

  function identityChanged(event: CartIdentityEvent): Promise<unknown> | undefined {
    if (engine) return engine.identityChanged(event);
    // A first visitor had no cart before; nothing changes but that it has none yet.
    if (event.reason === 'visitor' && event.previousRole === 'none') {
      freshVisitor = true;
      return undefined;
    }
    freshVisitor = event.reason === 'visitor';
    generation++;
    const carry = event.reason === 'login' && event.previousRole === 'visitor';
    // Never used: nothing to reset, nothing to read.
    if (hydrated === undefined && waiting.calls === 0 && !carry) return undefined;
    // The old identity's cart leaves the state at once; the engine takes over from there.
    if (hydrated !== undefined) store.setState(INITIAL_CART_STATE, true);
    if (engineCode) return start(engineCode).identityChanged(event);
    following = loadCartEngine().then((code) => start(code).identityChanged(event));
    return following;
  }

  const unsubscribeIdentity = deps.identity?.onIdentityChange(identityChanged);

  return {
    getState: () => store.getState(),
    getInitialState: () => INITIAL_CART_STATE,
    subscribe: (listener) => store.subscribe(listener),
    load() {
      // A read still waiting for the engine will see everything a new one would.
      if (!engine && !engineCode && waiting.calls > 1 && waiting.lastWasLoad) {
        return waiting.last as Promise<Cart | null>;
      }
      return withEngine((cart) => cart.load(), true);
    },
    addItems: (input: CartAddItemsInput | readonly CartLineInput[]) =>
      withEngine((cart) => cart.addItems(input)),
    updateQuantities: (lineItems) => withEngine((cart) => cart.updateQuantities(lineItems)),
    updateQuantity: (lineItemId, quantity) =>
      withEngine((cart) => cart.updateQuantity(lineItemId, quantity)),
    removeItems: (lineItemIds) => withEngine((cart) => cart.removeItems(lineItemIds)),
    update: (input) => withEngine((cart) => cart.update(input)),
    applyCoupon: (code) => withEngine((cart) => cart.applyCoupon(code)),
    removeCoupon: () => withEngine((cart) => cart.removeCoupon()),
    estimateTotals: (input) => withEngine((cart) => cart.estimateTotals(input)),
    createCheckout: (input) => withEngine((cart) => cart.createCheckout(input)),
    checkout: (input) => withEngine((cart) => cart.createCheckout(input)),
    delete: () => withEngine((cart) => cart.delete()),
    clear: () => withEngine((cart) => cart.delete()),
    clearErrors(lineItemId) {
      // Before the engine nothing was refused.
      engine?.clearErrors(lineItemId);
    },
    async whenIdle() {
      while (!engine && waiting.calls > 0) await waiting.last.catch(noop);
      await engine?.whenIdle();
    },
    async whenCarriedOver() {
      await following;
      return engine ? engine.whenCarriedOver() : store.getState().carryOver;
    },
    hydrate(cart) {
      if (engine) return engine.hydrate(cart);
      if (disposed || hydrated !== undefined || waiting.calls > 0) return;
      hydrated = cart;
      store.setState(hydratedState(cart), true);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      unsubscribeIdentity?.();
      engine?.dispose();
    },
  };
}

function noop(): void {}

/**
 * `store.cartStore`: the shopper's cart as a subscribable store. This module is what every page
 * loads: a small synchronous facade that holds the snapshot (`getState`, `subscribe` and
 * `hydrate` work at once), has a method for each of the cart's operations (`cartStoreMethods`,
 * cart-operations.ts; the first names from legacy-input.ts) and hears identity changes. The cart engine itself (the queue,
 * optimistic changes, the other tabs, carrying a visitor's cart over; engine/) loads the first
 * time something needs it. Until then the facade holds what it is given (held-calls.ts) and then
 * hands it over: it has no cart rules of its own. Once the engine's code is in a page, every cart
 * store of that page uses it at once, so actions show their effect synchronously from then on.
 */
import { createStore } from 'zustand/vanilla';
import { loadOnFirstUse } from '../http/load-on-first-use.js';
import type { Cart } from '../models/cart.js';
import { CartOperationCancelledError } from './cart-operation-cancelled-error.js';
import {
  cartStoreMethods,
  type CartAct,
  type CartActions,
  type CartOperationName,
  type CartResult,
  type CartVariables,
  type WithoutEngine,
} from './cart-operations.js';
import { INITIAL_CART_STATE, snapshotCartState } from './cart-state.js';
import { markNoCart } from './current-cart-path.js';
import type * as EngineCode from './engine/create-cart-engine.js';
import type { CartEngine } from './engine/create-cart-engine.js';
import { createHeldCalls } from './held-calls.js';
import { identityEffect } from './identity-change.js';
import { legacyCartActions } from './legacy-input.js';
import type {
  CartCarryOver,
  CartIdentityEvent,
  CartState,
  CartStoreDependencies,
} from './types.js';

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
export interface CartStore extends CartActions {
  /** The current snapshot. The same object until something changes. */
  getState(): CartState;
  /** The snapshot before anything loaded (for server rendering). */
  getInitialState(): CartState;
  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe(listener: (state: CartState, previous: CartState) => void): () => void;
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
  const held = createHeldCalls(deps.calls);
  let engine: CartEngine | undefined;
  // A cart read on the server, shown before the engine is there; the engine starts from it.
  let hydrated: Cart | null | undefined;
  let arriving: Promise<void> | undefined;
  let disposed = false;

  /** The engine, built from its code and given everything held, in order. */
  function engineFrom(code: typeof EngineCode): CartEngine {
    if (engine) return engine;
    engine = code.createCartEngine({
      ...deps,
      publish: (state) => store.setState(state, true),
      startCart: hydrated,
    });
    held.handOver(engine);
    return engine;
  }

  /** Loads the engine's code, then hands it what is held. A failed load is tried again later. */
  function sendForEngine(): Promise<void> {
    // The calls' code loads beside the engine's, not after it.
    deps.calls.preload();
    arriving ??= loadCartEngine().then(
      (code) => {
        arriving = undefined;
        if (!disposed) engineFrom(code);
      },
      (error: unknown) => {
        arriving = undefined;
        held.fail(error);
      },
    );
    return arriving;
  }

  /** Runs an operation: at once when the engine's code is loaded, else once it is. */
  function act<N extends CartOperationName>(
    name: N,
    variables: CartVariables<N>,
    without?: WithoutEngine<CartResult<N>>,
  ): Promise<CartResult<N>> {
    if (engine) return engine.perform(name, variables);
    if (disposed) return Promise.reject(new CartOperationCancelledError('the store was disposed'));
    if (engineCode) return engineFrom(engineCode).perform(name, variables);
    const answer = held.call(name, variables, without);
    void sendForEngine();
    return answer;
  }

  function identityChanged(event: CartIdentityEvent): Promise<unknown> | undefined {
    // At once, whether or not the engine is here: a sign-out is often followed by leaving the page.
    if (event.role === 'none') markNoCart();
    if (engine) return engine.identityChanged(event);
    const effect = identityEffect(event);
    // The engine is needed now when the change has something to act on: calls held, a cart
    // shown, or a visitor's cart to carry. Otherwise it hears of the change when it comes.
    const needed =
      effect === 'carry' || (effect === 'switch' && (held.calls > 0 || hydrated !== undefined));
    const answer = held.identity(event, effect !== 'keep');
    // The old identity's cart leaves the state at once (the next shopper never sees it).
    if (effect !== 'keep' && hydrated !== undefined) store.setState(INITIAL_CART_STATE, true);
    if (!needed) return undefined;
    if (engineCode) engineFrom(engineCode);
    else void sendForEngine();
    return answer;
  }

  const unsubscribeIdentity = deps.identity?.onIdentityChange(identityChanged);

  const methods = cartStoreMethods(act satisfies CartAct);

  return {
    ...methods,
    ...legacyCartActions(methods),
    getState: store.getState,
    getInitialState: () => INITIAL_CART_STATE,
    subscribe: store.subscribe,
    clearErrors(lineItemId) {
      // Before the engine nothing was refused.
      engine?.clearErrors(lineItemId);
    },
    async whenIdle() {
      if (!engine && held.calls > 0) await sendForEngine();
      await engine?.whenIdle();
    },
    async whenCarriedOver() {
      if (!engine && arriving) await arriving;
      return engine ? engine.whenCarriedOver() : store.getState().carryOver;
    },
    hydrate(cart) {
      if (engine) return engine.hydrate(cart);
      if (disposed || hydrated !== undefined || held.calls > 0) return;
      hydrated = cart;
      store.setState(snapshotCartState(cart), true);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      unsubscribeIdentity?.();
      held.cancel(new CartOperationCancelledError('the store was disposed'));
      engine?.dispose();
    },
  };
}

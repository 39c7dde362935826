/**
 * The cart engine behind `store.cartStore`, loaded the first time the cart store needs it. It
 * runs the cart's operations (cart-operations.ts) on its core (engine-core.ts: running them, the
 * state, changed only by `dispatch(action)`, the serial queue, the other tabs), and follows the identity
 * (identity-following.ts). Each operation queues changes that show at once (optimistic) and
 * resolves with the platform's answer, or rejects with its error.
 */
import type { Cart } from '../../models/cart.js';
import {
  CART_OPERATIONS,
  type CartOperationName,
  type CartResult,
  type CartVariables,
} from '../cart-operations.js';
import type { CartCarryOver, CartChannelMessage, CartIdentityEvent } from '../types.js';
import { INITIAL_ENGINE_STATE, reduceCart } from './cart-reducer.js';
import { createEngineCore, type EngineCore } from './engine-core.js';
import { createIdentityFollowing } from './identity-following.js';
import { createNoCartHint } from './no-cart-hint.js';
import { whatToDoWith } from './tab-messages.js';
import type { CartEngineOptions, EngineState } from './types.js';

/** The cart engine, as the cart store facade drives it. */
export interface CartEngine {
  /**
   * Runs the operation `name` with the variables its method was given: checks them, queues its
   * changes, settles with its answer.
   */
  perform<N extends CartOperationName>(
    name: N,
    variables: CartVariables<N>,
  ): Promise<CartResult<N>>;
  /** Follows an identity change; returns the carry-over it starts, if any. */
  identityChanged(event: CartIdentityEvent): Promise<unknown> | undefined;
  /**
   * A call the engine did not make changed the cart (an add sent as the page was hidden): it
   * reads the cart once `sent` has settled, and what is queued after waits for that read.
   */
  followSent(sent: Promise<unknown>): void;
  hydrate(cart: Cart | null): void;
  clearErrors(lineItemId?: string): void;
  whenIdle(): Promise<void>;
  whenCarriedOver(): Promise<CartCarryOver | undefined>;
  /** Runs `work`, publishing once at its end whatever it changed. */
  batch<T>(work: () => T): T;
  dispose(): void;
}

/** Builds the cart engine of one cart store. */
export function createCartEngine(options: CartEngineOptions): CartEngine {
  // Only where the tabs share their cart: never on a server, where one process serves many.
  const noCart = createNoCartHint(options.channelName !== undefined);
  const tokens = () => options.identity?.getTokens?.();
  const core = createEngineCore(options, {
    start: startingState(options.startCart, noCart.knows(tokens())),
    heardFromTab: (message) => heardFromTab(core, message, load),
  });
  const load = () => core.perform('load', undefined);
  const identity = createIdentityFollowing(
    { ...core, load },
    {
      readCartWithToken: (accessToken) => options.calls.getWithToken(accessToken),
      tokens,
      noCart,
    },
  );

  return {
    perform: core.perform,
    identityChanged: (event) => (core.disposed ? undefined : identity.identityChanged(event)),
    followSent(sent) {
      // The visitor has a cart now, whatever this engine knew.
      core.dispatch({ type: 'changedElsewhere' });
      // Not a read that others share: it waits for the call sent without the engine.
      const [read] = CART_OPERATIONS.load.plan(undefined, core.tools);
      const readAfter = () => read.run();
      core
        .enqueue({ ...read, read: false, run: () => sent.then(readAfter, readAfter) })
        .catch(noop);
    },
    hydrate(cart) {
      const { disposed, queue, getState } = core;
      if (disposed || getState().status !== 'idle' || queue.jobs.length > 0) return;
      core.dispatch({ type: 'hydrated', cart });
    },
    clearErrors: (lineItemId) => core.dispatch({ type: 'errorsCleared', lineItemId }),
    whenIdle: () => core.queue.whenIdle(),
    whenCarriedOver: () => identity.whenCarriedOver(),
    batch: core.batch,
    dispose() {
      if (!core.disposed) core.dispose();
    },
  };
}

/** Another tab confirmed a cart: show it when nothing is under way here, else read it again. */
function heardFromTab(
  core: EngineCore,
  message: CartChannelMessage,
  load: () => Promise<unknown>,
): void {
  core.dispatch({ type: 'changedElsewhere' });
  const { status, confirmed } = core.getState();
  const heard = whatToDoWith(message, { status, confirmed, idle: core.queue.jobs.length === 0 });
  if (heard === 'adopt' && message.cart !== null) {
    core.dispatch({ type: 'adopted', cart: message.cart });
  } else if (heard === 'reload') load().catch(noop);
}

// A cart hydrated before the engine loaded is what the store already shows: start from it.
// A visitor this browser minted and that has added nothing since has no cart to read.
function startingState(cart: Cart | null | undefined, knownEmpty: boolean): EngineState {
  if (cart !== undefined) return reduceCart(INITIAL_ENGINE_STATE, { type: 'hydrated', cart });
  return knownEmpty ? { ...INITIAL_ENGINE_STATE, freshVisitor: true } : INITIAL_ENGINE_STATE;
}

function noop(): void {}

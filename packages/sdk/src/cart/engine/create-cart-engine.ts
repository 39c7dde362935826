/**
 * The cart engine behind `store.cartStore`, loaded the first time the cart store needs it. It
 * runs the cart's operations (cart-operations.ts) and wires its parts: the state, changed only
 * by `dispatch(action)` (engine-store.ts, cart-reducer.ts), the serial queue (serial-queue.ts),
 * the other tabs (tab-messages.ts) and the identity following (identity-following.ts). Each
 * operation queues changes that show at once (optimistic) and resolves with the platform's
 * answer, or rejects with its error.
 */
import { isStoreApiError } from '../../http/errors/type-guards.js';
import type { Cart } from '../../models/cart.js';
import {
  CART_OPERATIONS,
  getCart,
  getCartWithToken,
  type CartOperationName,
  type CartResult,
  type CartVariables,
} from '../cart-operations.js';
import { CartOperationCancelledError } from '../cart-operation-cancelled-error.js';
import type { CartCarryOver, CartChannelMessage, CartIdentityEvent } from '../types.js';
import { INITIAL_ENGINE_STATE, lineIdOf, reduceCart, viewOf } from './cart-reducer.js';
import { createEngineStore } from './engine-store.js';
import { createIdentityFollowing } from './identity-following.js';
import { createNoCartHint } from './no-cart-hint.js';
import { createSerialQueue, type Outcome } from './serial-queue.js';
import { createTabMessages, whatToDoWith } from './tab-messages.js';
import type {
  CartChange,
  CartEngineOptions,
  ChangeResult,
  EngineParts,
  EngineState,
  OperationTools,
} from './types.js';

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

const TEMP_PREFIX = 'pending-line:';

/** Builds the cart engine of one cart store. */
export function createCartEngine(options: CartEngineOptions): CartEngine {
  const { transport } = options;
  let tempCounter = 0;
  let disposed = false;

  const queue = createSerialQueue<CartChange>(settled);
  // Only where the tabs share their cart: never on a server, where one process serves many.
  const noCart = createNoCartHint(options.channelName !== undefined);
  const tokens = () => options.identity?.getTokens?.();
  const { getState, dispatch, batch } = createEngineStore({
    start: startingState(options.startCart, noCart.knows(tokens())),
    queued: () => queue.jobs,
    publish: options.publish,
  });
  const tabs = createTabMessages({
    channelName: options.channelName,
    openChannel: options.openChannel,
    onMessage: heardFromTab,
  });

  // The queue reports each call of the current identity as it settles, before its caller hears.
  function settled(change: CartChange, outcome: Outcome<ChangeResult>): void {
    if (outcome.ok) {
      dispatch({ type: 'succeeded', change, result: outcome.result });
      if (change.changesCart) tabs.post(getState().confirmed);
    } else {
      dispatch({ type: 'failed', change, error: asError(outcome.error) });
    }
  }

  function enqueue<R>(change: CartChange<R>): Promise<R> {
    if (disposed) return Promise.reject(new CartOperationCancelledError('the store was disposed'));
    // A read still waiting in the queue will see everything a new one would.
    const last = queue.jobs[queue.jobs.length - 1];
    if (change.read && last?.read && queue.jobs.length > 1) {
      return queue.promiseOf(last) as Promise<R>;
    }
    const promise = queue.push(change);
    tabs.open();
    dispatch({ type: 'queued', change });
    return promise;
  }

  async function readCart(): Promise<Cart | null> {
    if (getState().freshVisitor || options.identity?.role === 'none') return null;
    try {
      return await getCart(transport);
    } catch (error) {
      // The platform answers 404 while the shopper has no cart yet.
      if (isStoreApiError(error) && error.status === 404) return null;
      throw error;
    }
  }

  const view = (): Cart | null => viewOf(getState(), queue.jobs);
  const tools: OperationTools = {
    transport,
    view,
    tempId: () => `${TEMP_PREFIX}${++tempCounter}`,
    // A temporary id that never got a real one means its add failed.
    wireId(id) {
      const resolved = lineIdOf(getState(), id);
      if (resolved.startsWith(TEMP_PREFIX)) {
        throw new CartOperationCancelledError(`line "${id}" was never added`);
      }
      return resolved;
    },
    readCart,
  };

  function perform<N extends CartOperationName>(
    name: N,
    variables: CartVariables<N>,
  ): Promise<CartResult<N>> {
    let first: CartChange<CartResult<N>>;
    let rest: CartChange<CartResult<N>>[];
    try {
      [first, ...rest] = CART_OPERATIONS[name].plan(variables, tools);
    } catch (error) {
      return Promise.reject(asError(error));
    }
    const settling = enqueue(first);
    if (rest.length === 0) return settling;
    // The caller hears once every change of its operation has settled, with the last one's value.
    const others = rest.map((change) => enqueue(change));
    return Promise.all([settling, ...others]).then((values) => values.reduce((_, value) => value));
  }
  const load = () => perform('load', undefined);

  function heardFromTab(message: CartChannelMessage): void {
    if (disposed) return;
    dispatch({ type: 'changedElsewhere' });
    const { status, confirmed } = getState();
    const heard = whatToDoWith(message, { status, confirmed, idle: queue.jobs.length === 0 });
    if (heard === 'adopt' && message.cart !== null)
      dispatch({ type: 'adopted', cart: message.cart });
    else if (heard === 'reload') load().catch(noop);
  }

  const parts: EngineParts = {
    transport,
    queue,
    getState,
    dispatch,
    batch,
    enqueue,
    view,
    load,
    readCart,
  };
  const identity = createIdentityFollowing(parts, {
    readCartWithToken: (accessToken) => getCartWithToken(transport, accessToken),
    tokens,
    noCart,
  });

  return {
    perform,
    identityChanged: (event) => (disposed ? undefined : identity.identityChanged(event)),
    followSent(sent) {
      // The visitor has a cart now, whatever this engine knew.
      dispatch({ type: 'changedElsewhere' });
      // Not a read that others share: it waits for the call sent without the engine.
      const [read] = CART_OPERATIONS.load.plan(undefined, tools);
      const readAfter = () => read.run();
      enqueue({ ...read, read: false, run: () => sent.then(readAfter, readAfter) }).catch(noop);
    },
    hydrate(cart) {
      if (disposed || getState().status !== 'idle' || queue.jobs.length > 0) return;
      dispatch({ type: 'hydrated', cart });
    },
    clearErrors: (lineItemId) => dispatch({ type: 'errorsCleared', lineItemId }),
    whenIdle: () => queue.whenIdle(),
    whenCarriedOver: () => identity.whenCarriedOver(),
    batch,
    dispose() {
      if (disposed) return;
      disposed = true;
      tabs.close();
      queue.cancelQueued(new CartOperationCancelledError('the store was disposed'));
    },
  };
}

// A cart hydrated before the engine loaded is what the store already shows: start from it.
// A visitor this browser minted and that has added nothing since has no cart to read.
function startingState(cart: Cart | null | undefined, knownEmpty: boolean): EngineState {
  if (cart !== undefined) return reduceCart(INITIAL_ENGINE_STATE, { type: 'hydrated', cart });
  return knownEmpty ? { ...INITIAL_ENGINE_STATE, freshVisitor: true } : INITIAL_ENGINE_STATE;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function noop(): void {}

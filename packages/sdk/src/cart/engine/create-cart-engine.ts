/**
 * The cart engine behind `store.cartStore`, loaded the first time the cart store needs it. It
 * runs the operations of the table (operations.ts) and wires its parts: the state, changed only
 * by `dispatch(action)` (engine-store.ts, cart-reducer.ts), the serial queue (serial-queue.ts),
 * the other tabs (tab-messages.ts) and the identity following (identity-following.ts). Each
 * operation queues changes that show at once (optimistic) and resolves with the platform's
 * answer, or rejects with its error.
 */
import { isStoreApiError } from '../../http/errors/type-guards.js';
import type { Cart } from '../../models/cart.js';
import { CartOperationCancelledError } from '../cart-operation-cancelled-error.js';
import type { CartChannelMessage } from '../types.js';
import { INITIAL_ENGINE_STATE, lineIdOf, reduceCart, viewOf } from './cart-reducer.js';
import { createEngineStore } from './engine-store.js';
import { createIdentityFollowing } from './identity-following.js';
import { createNoCartHint } from './no-cart-hint.js';
import {
  addLines,
  applyCouponCode,
  lineIdForAdd,
  removeCouponCode,
  removeLines,
  setQuantity,
} from './optimistic.js';
import { CART_OPERATIONS } from './operations.js';
import { createSerialQueue, type Outcome } from './serial-queue.js';
import { createTabMessages, whatToDoWith } from './tab-messages.js';
import type {
  CartChange,
  CartEngine,
  CartEngineOptions,
  ChangeResult,
  EngineParts,
  EngineState,
  OperationTools,
} from './types.js';

const TEMP_PREFIX = 'pending-line:';

/** Builds the cart engine of one cart store. */
export function createCartEngine(options: CartEngineOptions): CartEngine {
  const { api } = options;
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

  function enqueue<T>(change: CartChange): Promise<T> {
    if (disposed) return Promise.reject(new CartOperationCancelledError('the store was disposed'));
    // A read still waiting in the queue will see everything a new one would.
    const last = queue.jobs[queue.jobs.length - 1];
    if (change.read && last?.read && queue.jobs.length > 1) {
      return queue.promiseOf(last) as Promise<T>;
    }
    const promise = queue.push<T>(change);
    tabs.open();
    dispatch({ type: 'queued', change });
    return promise;
  }

  async function readCart(): Promise<Cart | null> {
    if (getState().freshVisitor || options.identity?.role === 'none') return null;
    try {
      return await api.get();
    } catch (error) {
      // The platform answers 404 while the shopper has no cart yet.
      if (isStoreApiError(error) && error.status === 404) return null;
      throw error;
    }
  }

  const view = (): Cart | null => viewOf(getState(), queue.jobs);
  const tools: OperationTools = {
    api,
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
    optimistic: {
      addLines,
      lineIdForAdd,
      setQuantity,
      removeLines,
      applyCouponCode,
      removeCouponCode,
    },
  };

  const perform: CartEngine['perform'] = (name, args) => {
    const operation = CART_OPERATIONS[name];
    let input: unknown;
    try {
      input = operation.input(...(args as never[]));
    } catch (error) {
      return Promise.reject(asError(error));
    }
    const queued = operation.changes(input, tools).map((change) => enqueue(change));
    // The caller hears once every change of its operation has settled, with the last one's value.
    return queued.length === 1 ? queued[0]! : Promise.all(queued).then((values) => values.at(-1));
  };
  const load = () => perform('load', []) as Promise<Cart | null>;

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
    api,
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
    readCartWithToken: options.readCartWithToken,
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
      const [read] = CART_OPERATIONS.load.changes(undefined, tools);
      const readAfter = () => read!.run();
      enqueue({ ...read!, read: false, run: () => sent.then(readAfter, readAfter) }).catch(noop);
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

/**
 * What every part of one cart engine shares: running an operation (cart-operations.ts: its input
 * checked, its changes queued), its state (engine-store.ts), its serial queue (serial-queue.ts),
 * wired so that each change is dispatched as it is queued and as it settles, its channel to the
 * other tabs (tab-messages.ts), told of each cart a change confirmed, and reading this identity's
 * cart. The identity following and the other tabs' messages go through it too.
 */
import { isStoreApiError } from '../../http/errors/type-guards.js';
import type { Cart } from '../../models/cart.js';
import {
  CART_OPERATIONS,
  type CartOperationName,
  type CartResult,
  type CartVariables,
} from '../cart-operations.js';
import { CartOperationCancelledError } from '../cart-operation-cancelled-error.js';
import type { CartChannelMessage } from '../types.js';
import { lineIdOf, viewOf } from './cart-reducer.js';
import { createEngineStore } from './engine-store.js';
import { createSerialQueue, type Outcome } from './serial-queue.js';
import { createTabMessages } from './tab-messages.js';
import type {
  CartChange,
  CartEngineOptions,
  ChangeResult,
  EngineParts,
  EngineState,
  OperationTools,
} from './types.js';

/** The shared part of one cart engine. */
export interface EngineCore extends Omit<EngineParts, 'load'> {
  /**
   * Runs the operation `name`: checks its variables and queues its changes, in order; settles
   * with the last one's value once every change has, or rejects at once for a bad input.
   */
  perform<N extends CartOperationName>(
    this: void,
    name: N,
    variables: CartVariables<N>,
  ): Promise<CartResult<N>>;
  /** What the operations are lent to describe their changes. */
  readonly tools: OperationTools;
  /** `true` once disposed: nothing more is queued. */
  readonly disposed: boolean;
  /** Cancels what is queued, and stops hearing the other tabs. */
  dispose(): void;
}

/** What the core is built from, besides the engine's options. */
export interface EngineCoreOptions {
  /** The state to start from. */
  start: EngineState;
  /** Another tab changed this cart (or says it did). */
  heardFromTab: (message: CartChannelMessage) => void;
}

/** Builds the shared part of one cart engine. */
export function createEngineCore(
  options: CartEngineOptions,
  { start, heardFromTab }: EngineCoreOptions,
): EngineCore {
  const { calls } = options;
  let disposed = false;

  const queue = createSerialQueue<CartChange>(settled);
  const { getState, dispatch, batch } = createEngineStore({
    start,
    queued: () => queue.jobs,
    publish: options.publish,
  });
  const tabs = createTabMessages({
    channelName: options.channelName,
    openChannel: options.openChannel,
    onMessage: (message) => {
      if (!disposed) heardFromTab(message);
    },
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
    // A read still waiting in the queue will see everything a new one would: they share it.
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
      return await calls.get({});
    } catch (error) {
      // The platform answers 404 while the shopper has no cart yet.
      if (isStoreApiError(error) && error.status === 404) return null;
      throw error;
    }
  }

  const view = () => viewOf(getState(), queue.jobs);
  const tools = operationTools({ calls, getState, view, readCart });
  const core: EngineCore = {
    calls,
    queue,
    getState,
    dispatch,
    batch,
    enqueue,
    view,
    readCart,
    tools,
    perform: (name, variables) => runOperation(core, name, variables),
    get disposed() {
      return disposed;
    },
    dispose() {
      disposed = true;
      tabs.close();
      queue.cancelQueued(new CartOperationCancelledError('the store was disposed'));
    },
  };
  return core;
}

// The id a line shows under until the platform has answered its add.
const TEMP_PREFIX = 'pending-line:';

/** What the engine lends the operations to describe their changes. */
function operationTools(
  core: Pick<EngineCore, 'calls' | 'getState' | 'view' | 'readCart'>,
): OperationTools {
  let tempCounter = 0;
  return {
    calls: core.calls,
    view: core.view,
    tempId: () => `${TEMP_PREFIX}${++tempCounter}`,
    // A temporary id that never got a real one means its add failed.
    wireId(id) {
      const resolved = lineIdOf(core.getState(), id);
      if (resolved.startsWith(TEMP_PREFIX)) {
        throw new CartOperationCancelledError(`line "${id}" was never added`);
      }
      return resolved;
    },
    readCart: core.readCart,
  };
}

/** Runs the operation `name` (see {@link EngineCore.perform}). */
function runOperation<N extends CartOperationName>(
  core: EngineCore,
  name: N,
  variables: CartVariables<N>,
): Promise<CartResult<N>> {
  let first: CartChange<CartResult<N>>;
  let rest: CartChange<CartResult<N>>[];
  try {
    [first, ...rest] = CART_OPERATIONS[name].plan(variables, core.tools);
  } catch (error) {
    return Promise.reject(asError(error));
  }
  const settling = core.enqueue(first);
  if (rest.length === 0) return settling;
  const others = rest.map((change) => core.enqueue(change));
  return Promise.all([settling, ...others]).then((values) => values.reduce((_, value) => value));
}

/** `error`, or an `Error` saying what was thrown. */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * What every part of one cart engine shares: its state (engine-store.ts), its serial queue
 * (serial-queue.ts), wired so that each change of the queue is dispatched as it is queued and as
 * it settles, its channel to the other tabs (tab-messages.ts), told of each cart a change
 * confirmed, and reading this identity's cart. The operations (cart-operations.ts), the identity
 * following and the other tabs' messages all go through it.
 */
import { isStoreApiError } from '../../http/errors/type-guards.js';
import type { Cart } from '../../models/cart.js';
import { getCart } from '../cart-operations.js';
import { CartOperationCancelledError } from '../cart-operation-cancelled-error.js';
import type { CartChannelMessage } from '../types.js';
import { viewOf } from './cart-reducer.js';
import { createEngineStore } from './engine-store.js';
import { createSerialQueue, type Outcome } from './serial-queue.js';
import { createTabMessages } from './tab-messages.js';
import type {
  CartChange,
  CartEngineOptions,
  ChangeResult,
  EngineParts,
  EngineState,
} from './types.js';

/** The shared part of one cart engine. */
export interface EngineCore extends Omit<EngineParts, 'load'> {
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
  const { transport } = options;
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
      return await getCart(transport);
    } catch (error) {
      // The platform answers 404 while the shopper has no cart yet.
      if (isStoreApiError(error) && error.status === 404) return null;
      throw error;
    }
  }

  return {
    transport,
    queue,
    getState,
    dispatch,
    batch,
    enqueue,
    view: () => viewOf(getState(), queue.jobs),
    readCart,
    get disposed() {
      return disposed;
    },
    dispose() {
      disposed = true;
      tabs.close();
      queue.cancelQueued(new CartOperationCancelledError('the store was disposed'));
    },
  };
}

/** `error`, or an `Error` saying what was thrown. */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The engine's state and the one way it changes: `dispatch(action)` runs the pure reducer
 * (cart-reducer.ts) and publishes the snapshot a UI sees, as query-core's `#dispatch(action)`
 * does. Actions dispatched within a `batch` publish once, at its end.
 */
import type { CartState } from '../types.js';
import { reduceCart, toCartState } from './cart-reducer.js';
import type { CartAction, CartChange, EngineState } from './types.js';

/** The engine's state, changed only by {@link EngineStore.dispatch}. */
export interface EngineStore {
  getState: () => EngineState;
  /** Changes the state through the reducer and publishes the new snapshot. */
  dispatch: (action: CartAction) => void;
  /** Runs `work`, publishing once at its end whatever it dispatched. */
  batch: <T>(work: () => T) => T;
}

/** Options of {@link createEngineStore}. */
export interface EngineStoreOptions {
  /** The state to start from (not published: the facade already shows it). */
  start: EngineState;
  /** The changes still queued, which the snapshot shows on top of the confirmed cart. */
  queued: () => readonly CartChange[];
  /** Receives each new snapshot. */
  publish: (state: CartState) => void;
}

// Actions that change only the engine's own bookkeeping, not what a UI sees.
const UNSEEN: ReadonlySet<CartAction['type']> = new Set(['freshVisitor', 'changedElsewhere']);

/** The state of one cart engine. */
export function createEngineStore(options: EngineStoreOptions): EngineStore {
  let state = options.start;
  let batching = 0;
  let unpublished = false;

  function publish(): void {
    unpublished = false;
    options.publish(toCartState(state, options.queued()));
  }

  return {
    getState: () => state,
    dispatch(action) {
      state = reduceCart(state, action);
      if (UNSEEN.has(action.type)) return;
      unpublished = true;
      if (batching === 0) publish();
    },
    batch(work) {
      batching++;
      try {
        return work();
      } finally {
        batching--;
        if (batching === 0 && unpublished) publish();
      }
    },
  };
}

/**
 * The cart engine's state, changed only by {@link reduceCart}: every change is an action, as in
 * query-core's `#dispatch(action)`. What a UI sees ({@link CartState}) is derived from this state
 * and the changes still queued ({@link toCartState}): the platform's last cart with those
 * changes applied on top.
 */
import type { Cart } from '../../models/cart.js';
import { couponCodeOf, itemCountOf } from '../cart-state.js';
import type { CartFailure, CartLineState, CartState } from '../types.js';
import { sameReference, type OptimisticAdd } from './optimistic.js';
import type { CartAction, CartChange, ChangeResult, EngineState } from './types.js';

/** Refused changes kept in `failures`. */
const MAX_FAILURES = 20;

/** The state of a new engine. */
export const INITIAL_ENGINE_STATE: EngineState = {
  confirmed: null,
  status: 'idle',
  loadError: undefined,
  lineIds: new Map(),
  lineErrors: new Map(),
  couponError: undefined,
  failures: [],
  carryOver: undefined,
  estimate: undefined,
  freshVisitor: false,
};

/** A read of the cart failed: the state keeps its last cart and shows why. */
export function cartUnreadable(state: EngineState, error: Error): EngineState {
  return { ...state, status: 'error', loadError: error };
}

/** The id to use for a line now: the platform's, once a temporary one was confirmed. */
export function lineIdOf(state: EngineState, id: string): string {
  return state.lineIds.get(id) ?? id;
}

/** The next state. Pure: it never changes `state`. */
export function reduceCart(state: EngineState, action: CartAction): EngineState {
  switch (action.type) {
    case 'queued': {
      const { change } = action;
      const lineErrors = withoutKeys(
        state.lineErrors,
        change.lineIds.map((id) => lineIdOf(state, id)),
      );
      const loading = change.read === true && (state.status === 'idle' || state.status === 'error');
      return {
        ...state,
        lineErrors,
        couponError: change.coupon ? undefined : state.couponError,
        status: loading ? 'loading' : state.status,
      };
    }
    case 'succeeded':
      return succeeded(state, action.change, action.result);
    case 'failed':
      return failed(state, action.change, action.error);
    case 'identityChanged':
      return { ...INITIAL_ENGINE_STATE, freshVisitor: action.freshVisitor };
    case 'freshVisitor':
      return { ...state, freshVisitor: action.freshVisitor };
    case 'carryOverStarted':
      return {
        ...state,
        carryOver: { status: 'pending', carried: [], failed: [] },
        status: 'loading',
      };
    case 'signedOut':
      return { ...state, status: action.used ? 'ready' : 'idle' };
    case 'adopted':
      return { ...state, confirmed: action.cart, estimate: undefined };
    case 'changedElsewhere':
      return { ...state, freshVisitor: false };
    case 'hydrated':
      return { ...state, confirmed: action.cart, status: 'ready' };
    case 'errorsCleared': {
      if (action.lineItemId === undefined) {
        return { ...state, lineErrors: new Map(), couponError: undefined, failures: [] };
      }
      const id = lineIdOf(state, action.lineItemId);
      return {
        ...state,
        lineErrors: withoutKeys(state.lineErrors, [id]),
        failures: state.failures.filter((failure) => !failure.lineItemIds.includes(id)),
      };
    }
  }
}

function succeeded(state: EngineState, change: CartChange, result: ChangeResult): EngineState {
  let next: EngineState = change.changesCart ? { ...state, freshVisitor: false } : state;
  if (result.cart !== undefined) {
    const cart = result.cart;
    next = {
      ...next,
      lineIds:
        change.adds && cart
          ? withConfirmedAdds(next.lineIds, change.adds, next.confirmed, cart)
          : next.lineIds,
      // An estimate is of the cart it was made for: a change makes it stale, a read does not.
      estimate: change.changesCart ? undefined : next.estimate,
      confirmed: cart,
      status: 'ready',
      loadError: undefined,
    };
  }
  return result.settle ? result.settle(next) : next;
}

function failed(state: EngineState, change: CartChange, error: Error): EngineState {
  if (change.fail) return change.fail(state, error);
  const lineItemIds = change.lineIds.map((id) => lineIdOf(state, id));
  const lineErrors = new Map(state.lineErrors);
  for (const id of lineItemIds) lineErrors.set(id, error);
  const failure: CartFailure = {
    operation: change.operation,
    lineItemIds,
    error,
    ...(change.lineItems ? { lineItems: change.lineItems } : {}),
  };
  return {
    ...state,
    lineErrors,
    couponError: change.coupon ? error : state.couponError,
    failures: [...state.failures, failure].slice(-MAX_FAILURES),
  };
}

// Changes still queued may name a line by the id it had before the platform created it.
function withConfirmedAdds(
  lineIds: ReadonlyMap<string, string>,
  adds: readonly OptimisticAdd[],
  before: Cart | null,
  after: Cart,
): ReadonlyMap<string, string> {
  const known = new Set(before?.lineItems.map((line) => line.id));
  const fresh = after.lineItems.filter((line) => !known.has(line.id));
  const next = new Map(lineIds);
  for (const add of adds) {
    const match =
      after.lineItems.find((line) => sameReference(line.catalogReference, add.catalogReference)) ??
      fresh.find(
        (line) => line.catalogReference?.catalogItemId === add.catalogReference.catalogItemId,
      );
    if (match) next.set(add.tempId, match.id);
  }
  return next;
}

/**
 * The cart shown: the platform's last cart with the queued changes applied on top, in order.
 */
export function viewOf(state: EngineState, queued: readonly CartChange[]): Cart | null {
  let cart = state.confirmed;
  const lineId = (id: string): string => lineIdOf(state, id);
  for (const change of queued) if (change.apply) cart = change.apply(cart, lineId);
  return cart;
}

/** The snapshot a UI renders: derived from the engine's state and the changes still queued. */
export function toCartState(state: EngineState, queued: readonly CartChange[]): CartState {
  const cart = viewOf(state, queued);
  const pendingLines = new Set<string>();
  for (const change of queued) {
    for (const id of change.lineIds) pendingLines.add(lineIdOf(state, id));
  }
  const lines: Record<string, CartLineState> = {};
  for (const line of cart?.lineItems ?? []) {
    lines[line.id] = { pending: pendingLines.has(line.id), error: state.lineErrors.get(line.id) };
  }
  return {
    cart,
    confirmedCart: state.confirmed,
    status: state.status,
    error: state.loadError,
    pending: queued.length > 0,
    lines,
    coupon: {
      code: couponCodeOf(cart),
      pending: queued.some((change) => change.coupon),
      error: state.couponError,
    },
    failures: state.failures,
    carryOver: state.carryOver,
    itemCount: itemCountOf(cart),
    estimate: state.estimate,
  };
}

function withoutKeys<V>(
  map: ReadonlyMap<string, V>,
  keys: readonly string[],
): ReadonlyMap<string, V> {
  if (!keys.some((key) => map.has(key))) return map;
  const next = new Map(map);
  for (const key of keys) next.delete(key);
  return next;
}

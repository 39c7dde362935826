/**
 * The cart engine's state, changed only by {@link reduceCart}: every change is an action, as in
 * query-core's `#dispatch(action)`. What a UI sees ({@link CartState}) is derived from this state
 * and the changes still queued ({@link toCartState}): the platform's last cart with those
 * changes applied on top.
 */
import type { Cart, EstimateTotalsResponse, LineItemInput } from '../../models/cart.js';
import {
  couponCodeOf,
  itemCountOf,
  type CartCarryOver,
  type CartFailure,
  type CartLineState,
  type CartOperation,
  type CartState,
  type CartStatus,
} from '../cart-state.js';
import { sameReference, type OptimisticAdd } from './optimistic.js';

/** One change (or read) of the cart, as the queue holds it. */
export interface CartChange {
  readonly operation: CartOperation;
  /** Lines it changes, as the caller named them (possibly temporary ids). */
  readonly lineIds: readonly string[];
  /** It applies or removes a coupon. */
  readonly coupon: boolean;
  /** What the shopper sees meanwhile: the change applied to a cart. */
  readonly apply?: (cart: Cart | null, lineId: (id: string) => string) => Cart | null;
  /** Adds whose temporary ids map to the platform's line ids once confirmed. */
  readonly adds?: readonly OptimisticAdd[];
  /** For adds: the items as sent, reported when refused. */
  readonly lineItems?: readonly LineItemInput[];
  /** A confirmed change: tell the other tabs, and the visitor now has a cart. */
  readonly broadcast: boolean;
  run(): Promise<ChangeResult>;
}

/** What a change's call brings back. */
export interface ChangeResult {
  /** The platform's cart after the call; absent when the call does not return one. */
  cart?: Cart | null;
  /** What the caller's promise resolves with. */
  value: unknown;
}

/** The engine's state. */
export interface EngineState {
  /** The platform's last cart. */
  readonly confirmed: Cart | null;
  readonly status: CartStatus;
  readonly loadError: Error | undefined;
  /** Temporary line ids → the platform's, once their add was confirmed. */
  readonly lineIds: ReadonlyMap<string, string>;
  readonly lineErrors: ReadonlyMap<string, Error>;
  readonly couponError: Error | undefined;
  readonly failures: readonly CartFailure[];
  readonly carryOver: CartCarryOver | undefined;
  readonly estimate: EstimateTotalsResponse | undefined;
  /**
   * The identity is a visitor this client just minted, and no change was made since: it has no
   * cart, so reading one would only earn a 404.
   */
  readonly freshVisitor: boolean;
}

/** Everything that changes the engine's state. */
export type CartAction =
  | { type: 'queued'; change: CartChange }
  | { type: 'succeeded'; change: CartChange; result: ChangeResult }
  | { type: 'failed'; change: CartChange; error: Error }
  /** A new identity: the old cart leaves the state at once. */
  | { type: 'identityChanged'; freshVisitor: boolean }
  /** Only whether the identity is a visitor just minted changed. */
  | { type: 'freshVisitor'; freshVisitor: boolean }
  | { type: 'carryOverStarted' }
  /** Signed out: nobody has a cart. */
  | { type: 'signedOut'; used: boolean }
  /** Another tab confirmed a newer copy of this cart. */
  | { type: 'adopted'; cart: Cart }
  /** Another tab changed this identity's cart: it has one now. */
  | { type: 'heardFromTab' }
  | { type: 'hydrated'; cart: Cart | null }
  | { type: 'errorsCleared'; lineItemId: string | undefined };

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
      const loading =
        change.operation === 'load' && (state.status === 'idle' || state.status === 'error');
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
    case 'heardFromTab':
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
  let next: EngineState = change.broadcast ? { ...state, freshVisitor: false } : state;
  if (change.operation === 'carryOver') {
    next = { ...next, carryOver: result.value as CartCarryOver };
  }
  if (result.cart !== undefined) {
    const cart = result.cart;
    next = {
      ...next,
      lineIds:
        change.adds && cart
          ? withConfirmedAdds(next.lineIds, change.adds, next.confirmed, cart)
          : next.lineIds,
      estimate:
        change.operation === 'load' || change.operation === 'estimateTotals'
          ? next.estimate
          : undefined,
      confirmed: cart,
      status: 'ready',
      loadError: undefined,
    };
  }
  if (change.operation === 'estimateTotals') {
    next = { ...next, estimate: result.value as EstimateTotalsResponse };
  }
  return next;
}

function failed(state: EngineState, change: CartChange, error: Error): EngineState {
  if (change.operation === 'load' || change.operation === 'carryOver') {
    return {
      ...state,
      status: 'error',
      loadError: error,
      carryOver:
        change.operation === 'carryOver'
          ? { status: 'failed', carried: [], failed: [], error }
          : state.carryOver,
    };
  }
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

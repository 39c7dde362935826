/**
 * The cart engine's types: its state, the changes its queue holds and what an operation of the
 * cart (cart-operations.ts) is lent to describe them. Apart from the code, so the engine's files
 * and the operations import each other's types without importing each other.
 */
import type { Cart, EstimateTotalsResponse, LineItemInput } from '../../models/cart.js';
import type {
  CartCalls,
  CartCarryOver,
  CartFailure,
  CartOperation,
  CartState,
  CartStatus,
  CartStoreDependencies,
} from '../types.js';
import type { OptimisticAdd } from './optimistic.js';
import type { SerialQueue } from './serial-queue.js';

/** The engine's state, changed only by its reducer (cart-reducer.ts). */
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
  /** Another tab, or a call sent without the engine, changed this identity's cart: it has one. */
  | { type: 'changedElsewhere' }
  | { type: 'hydrated'; cart: Cart | null }
  | { type: 'errorsCleared'; lineItemId: string | undefined };

/** What a change's call brings back. */
export interface ChangeResult<R = unknown> {
  /** The platform's cart after the call; absent when the call does not return one. */
  cart?: Cart | null;
  /** What the caller's promise resolves with. */
  value: R;
  /** Folds the answer into the state beyond the cart (an estimate, a carry-over's outcome). */
  settle?: (state: EngineState) => EngineState;
}

/**
 * One change (or read) of the cart, as the queue holds it. What sets one change apart from
 * another is said here, as data, so the reducer never asks which operation it is.
 */
export interface CartChange<R = unknown> {
  /** Its name in `failures`. */
  readonly operation: CartOperation;
  /** Lines it changes, as the caller named them (possibly temporary ids). */
  readonly lineIds: readonly string[];
  /** It applies or removes a coupon. */
  readonly coupon: boolean;
  /**
   * It changes the cart: once confirmed, the other tabs are told, the last estimate is stale, and
   * a visitor just minted has a cart.
   */
  readonly changesCart: boolean;
  /**
   * It reads the cart as it is (`load`): the state shows `loading` while the cart is not known, a
   * read queued right behind it shares its answer, and when the identity changes before it is
   * sent it reads the new identity's cart instead of being cancelled.
   */
  readonly read?: boolean;
  /** What the shopper sees meanwhile: the change applied to a cart. */
  readonly apply?: (cart: Cart | null, lineId: (id: string) => string) => Cart | null;
  /** Adds whose temporary ids map to the platform's line ids once confirmed. */
  readonly adds?: readonly OptimisticAdd[];
  /** For adds: the items as sent, reported when refused. */
  readonly lineItems?: readonly LineItemInput[];
  /**
   * Its failure, when it is not a refused change of lines but a cart that could not be read (a
   * load, a carry-over); without it the failure goes to the lines, the coupon and `failures`.
   */
  readonly fail?: (state: EngineState, error: Error) => EngineState;
  run(): Promise<ChangeResult<R>>;
}

/** The changes an operation queues, in order; its caller gets the last one's value. */
export type CartChanges<R> = readonly [CartChange<R>, ...CartChange<R>[]];

/** What the engine lends an operation (cart-operations.ts) to describe its changes. */
export interface OperationTools {
  /** The client's calls of the current cart. */
  calls: CartCalls;
  /** The cart shown now: the last confirmed one with the queued changes applied. */
  view: () => Cart | null;
  /** A new temporary id, for a line being added. */
  tempId: () => string;
  /**
   * The id to send for a line: the platform's once its add was confirmed.
   * @throws {CartOperationCancelledError} for a line whose add never succeeded.
   */
  wireId: (id: string) => string;
  /** Reads this identity's cart: `null` (and no request) when it has none. */
  readCart: () => Promise<Cart | null>;
}

/** What the engine is built from: the cart store's dependencies, and where to publish. */
export interface CartEngineOptions extends CartStoreDependencies {
  /** Receives each new snapshot. */
  publish: (state: CartState) => void;
  /** A cart read elsewhere (hydration) that the facade already shows: the engine starts from it. */
  startCart: Cart | null | undefined;
}

/** What the engine's parts share (create-cart-engine.ts wires them). */
export interface EngineParts {
  calls: CartCalls;
  queue: SerialQueue<CartChange>;
  getState(): EngineState;
  /** Changes the state through the reducer and publishes the new snapshot. */
  dispatch(action: CartAction): void;
  /** Runs `work`, publishing once at its end whatever it dispatched. */
  batch<T>(work: () => T): T;
  /** Queues a change; resolves with its result's `value`. */
  enqueue<R>(change: CartChange<R>): Promise<R>;
  /** The cart shown now. */
  view(): Cart | null;
  /** Reads the cart through the queue. */
  load(): Promise<Cart | null>;
  /** Reads this identity's cart (`null` when it has none). */
  readCart(): Promise<Cart | null>;
}

/**
 * The cart engine's types: its state, the changes its queue holds, the operations of its table
 * and what it offers the cart store facade. Apart from the code, so the engine's files import
 * each other's types without importing each other.
 */
import type { Cart, EstimateTotalsResponse, LineItemInput } from '../../models/cart.js';
import type {
  CartActionName,
  CartCarryOver,
  CartFailure,
  CartIdentityEvent,
  CartOperation,
  CartState,
  CartStatus,
  CartStoreDependencies,
  CurrentCartApi,
} from '../types.js';
import type * as Optimistic from './optimistic.js';
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
export interface ChangeResult {
  /** The platform's cart after the call; absent when the call does not return one. */
  cart?: Cart | null;
  /** What the caller's promise resolves with. */
  value: unknown;
}

/**
 * One change (or read) of the cart, as the queue holds it. What sets one change apart from
 * another is said here, as data, so the reducer never asks which operation it is.
 */
export interface CartChange {
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
  /** Folds its answer's value into the state beyond the cart (an estimate, a carry-over's outcome). */
  readonly settle?: (state: EngineState, value: unknown) => EngineState;
  /**
   * Its failure, when it is not a refused change of lines but a cart that could not be read (a
   * load, a carry-over); without it the failure goes to the lines, the coupon and `failures`.
   */
  readonly fail?: (state: EngineState, error: Error) => EngineState;
  run(): Promise<ChangeResult>;
}

/** What the engine lends an operation of its table to describe its changes. */
export interface OperationTools {
  api: CurrentCartApi;
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
  /** The optimistic changes (optimistic.ts), which load with the engine. */
  optimistic: Pick<
    typeof Optimistic,
    | 'addLines'
    | 'lineIdForAdd'
    | 'setQuantity'
    | 'removeLines'
    | 'applyCouponCode'
    | 'removeCouponCode'
  >;
}

/** One operation of the cart store, as the engine's table describes it (operations.ts). */
export interface CartOperationSpec<I = unknown> {
  /**
   * Takes the store method's arguments (the first shapes too) and checks them, once.
   * @throws {StoreArgumentError} for an argument that could never be accepted.
   */
  input(this: void, ...args: never[]): I;
  /** The changes the engine queues for it, in order; the caller gets the last one's value. */
  changes(this: void, input: I, tools: OperationTools): CartChange[];
}

/** What the engine is built from: the cart store's dependencies, and where to publish. */
export interface CartEngineOptions extends CartStoreDependencies {
  /** Receives each new snapshot. */
  publish: (state: CartState) => void;
  /** A cart read elsewhere (hydration) that the facade already shows: the engine starts from it. */
  startCart: Cart | null | undefined;
}

/** The cart engine, as the cart store facade drives it. */
export interface CartEngine {
  /**
   * Runs an operation of the table (operations.ts) with the arguments its method was given:
   * checks them, queues its changes, settles with its answer.
   */
  perform(name: CartActionName, args: readonly unknown[]): Promise<unknown>;
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

/** What the engine's parts share (create-cart-engine.ts wires them). */
export interface EngineParts {
  api: CurrentCartApi;
  queue: SerialQueue<CartChange>;
  getState(): EngineState;
  /** Changes the state through the reducer and publishes the new snapshot. */
  dispatch(action: CartAction): void;
  /** Runs `work`, publishing once at its end whatever it dispatched. */
  batch<T>(work: () => T): T;
  /** Queues a change; resolves with its result's `value`. */
  enqueue<T>(change: CartChange): Promise<T>;
  /** The cart shown now. */
  view(): Cart | null;
  /** Reads the cart through the queue. */
  load(): Promise<Cart | null>;
  /** Reads this identity's cart (`null` when it has none). */
  readCart(): Promise<Cart | null>;
}

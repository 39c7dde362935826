/**
 * The cart engine: `store.cartStore`, a `zustand/vanilla` store of the shopper's cart that any
 * UI subscribes to.
 *
 * - Every change is queued and sent strictly in order, one at a time; none is dropped.
 * - Each change shows at once (optimistic), with a pending flag on its lines or coupon. The view
 *   is always the platform's last cart with the queued changes applied on top, so when the
 *   platform answers, its cart (prices, totals, availability) wins while changes still queued
 *   stay visible; a refused change simply drops out of the view (rollback) and leaves its error.
 * - After each confirmed change, other tabs hear of it on a `BroadcastChannel`.
 * - When the identity changes, the old cart leaves the state at once and the new identity's
 *   cart is read; at a visitor's sign-in the visitor's lines are carried into the member's cart.
 */
import { createStore } from 'zustand/vanilla';
import { loadOnFirstUse } from '../http/load-on-first-use.js';
import { StoreApiError } from '../http/errors/store-api-error.js';
import type {
  Cart,
  CreateCheckoutInput,
  CreateCheckoutResult,
  EstimateTotalsInput,
  EstimateTotalsResponse,
  LineItem,
  LineItemInput,
  UpdateCartInput,
} from '../models/cart.js';
import type { TokenRole, Tokens } from '../models/tokens.js';
import type { CurrentCartApi } from './current-cart-api.js';
import {
  INITIAL_CART_STATE,
  type CartCarryOver,
  type CartFailure,
  type CartLineState,
  type CartOperation,
  type CartState,
} from './cart-state.js';
import type { VisitorLines } from './carry-over.js';
import { checkId, checkIdList, checkQuantity } from '../internal/checks.js';
import { CartOperationCancelledError } from './errors.js';
import {
  addLines,
  applyCouponCode,
  couponCodeOf,
  itemCountOf,
  lineIdForAdd,
  removeCouponCode,
  removeLines,
  sameReference,
  setQuantity,
  type OptimisticAdd,
} from './optimistic.js';
import {
  openBroadcastChannel,
  readChannelMessage,
  type CartChannel,
  type CartChannelFactory,
  type CartChannelMessage,
} from './tab-channel.js';
import { StoreArgumentError } from '../errors/argument-error.js';

/** An identity change, as `store.auth.onIdentityChange` reports it. */
export interface CartIdentityEvent {
  reason: string;
  role: TokenRole;
  previousRole: TokenRole;
  previousTokens?: Tokens | undefined;
}

/** Where the cart store hears of identity changes (`store.auth`). */
export interface CartIdentitySource {
  /** The listener returns the carry-over it starts at a sign-in, which the sign-in awaits. */
  onIdentityChange(listener: (event: CartIdentityEvent) => unknown): () => void;
  /**
   * The role now. With `none` (no tokens at all) nobody has a cart, so a read answers `null`
   * without a request, and without minting a visitor to ask with.
   */
  readonly role?: TokenRole;
}

/** What the cart store is built from. Inject fakes to test it, or to run it elsewhere. */
export interface CartStoreDependencies {
  /** The raw cart calls. */
  api: CurrentCartApi;
  /** Reads the cart of another identity's access token (the visitor's, at sign-in). */
  readCartWithToken?: (accessToken: string) => Promise<Cart>;
  /** Identity changes; without one the store never resets on its own. */
  identity?: CartIdentitySource;
  /** The `BroadcastChannel` name shared by the client's tabs; without one, tabs are not told. */
  channelName?: string;
  /** Opens the channel; `false` for none. @default a global `BroadcastChannel` when there is one */
  openChannel?: CartChannelFactory | false;
}

/** A line to add, with what to show for it until the platform answers. */
export interface CartLineInput extends LineItemInput {
  /** Shown on the new line meanwhile (name, image, price); never sent. */
  preview?: Partial<LineItem>;
}

/**
 * The shopper's cart as a subscribable store: `store.cartStore`. Each action changes the state
 * at once and resolves with the platform's answer, or rejects with its error
 * (`StoreApiError`, `StoreArgumentError` for a bad argument, sent nowhere, or
 * {@link CartOperationCancelledError} when the identity changed before it was sent).
 *
 * @example
 * const unsubscribe = store.cartStore.subscribe((state) => render(state.cart, state.lines));
 * await store.cartStore.load();
 * await store.cartStore.addItems([storesLineItem(productId, 1)]);
 */
export interface CartStore {
  /** The current snapshot. The same object until something changes. */
  getState(): CartState;
  /** The snapshot before anything loaded (for server rendering). */
  getInitialState(): CartState;
  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe(listener: (state: CartState, previous: CartState) => void): () => void;
  /**
   * Reads the cart (after any queued change). A shopper with no cart yet reads as `null`.
   * Calls made while a read is already waiting share it.
   */
  load(): Promise<Cart | null>;
  /**
   * Adds lines; an item already in the cart adds to that line's quantity.
   *
   * @throws {StoreArgumentError} for an empty list, an empty `catalogItemId`, or a quantity that
   * is not a whole number of at least 1.
   */
  addItems(lineItems: readonly CartLineInput[]): Promise<Cart>;
  /**
   * Sets one line's quantity; 0 removes the line.
   *
   * @throws {StoreArgumentError} for an empty id, or a negative or fractional quantity.
   */
  updateQuantity(lineItemId: string, quantity: number): Promise<Cart | null>;
  /** Removes lines. @throws {StoreArgumentError} for an empty list or an empty id. */
  removeItems(lineItemIds: readonly string[]): Promise<Cart | null>;
  /** Applies a coupon code. @throws {StoreArgumentError} for an empty code. */
  applyCoupon(code: string): Promise<Cart>;
  /** Removes the coupon. */
  removeCoupon(): Promise<Cart | null>;
  /** Any other change of {@link CurrentCartApi.update} (buyer note, contact, discounts). */
  update(input: UpdateCartInput): Promise<Cart>;
  /** Estimates totals of the cart as it will be after the queued changes; kept in `estimate`. */
  estimateTotals(input?: EstimateTotalsInput): Promise<EstimateTotalsResponse>;
  /** Creates a checkout from the cart as it will be after the queued changes. */
  checkout(input?: CreateCheckoutInput): Promise<CreateCheckoutResult>;
  /** Deletes the cart. */
  clear(): Promise<void>;
  /** Forgets refused changes: those of one line, or all (`failures`, line and coupon errors). */
  clearErrors(lineItemId?: string): void;
  /** Resolves once nothing is queued or on its way. */
  whenIdle(): Promise<void>;
  /**
   * Resolves once the visitor's cart is carried into the member's after a sign-in, with the
   * outcome (the same as `getState().carryOver`); at once when no carry-over is under way.
   * Sign-ins (`store.auth.login`, `register`…) already wait for it before they resolve.
   *
   * @example const outcome = await store.cartStore.whenCarriedOver();
   */
  whenCarriedOver(): Promise<CartCarryOver | undefined>;
  /**
   * Starts from a cart read elsewhere (on the server that rendered the page), as if this store
   * had loaded it: `status` becomes `ready` and no first read is sent. Ignored once the store
   * has loaded or changed anything.
   *
   * @example store.cartStore.hydrate(snapshot.cart);
   */
  hydrate(cart: Cart | null): void;
  /** Stops listening to identity changes and other tabs; queued changes are cancelled. */
  dispose(): void;
}

const MAX_FAILURES = 20;
const loadCarryOver = /* @__PURE__ */ loadOnFirstUse(() => import('./carry-over.js'));
const TEMP_PREFIX = 'pending-line:';

interface OpResult {
  /** The platform's cart after the call; `undefined` when the call does not return one. */
  cart?: Cart | null;
  value: unknown;
}

interface Op {
  operation: CartOperation;
  /** Lines it changes, as the caller named them (possibly temporary ids). */
  lineIds: readonly string[];
  coupon: boolean;
  apply?: (cart: Cart | null) => Cart | null;
  run: () => Promise<OpResult>;
  /** Adds whose temporary ids map to the platform's line ids once confirmed. */
  adds?: readonly OptimisticAdd[];
  lineItems?: readonly LineItemInput[];
  /** A confirmed change: tell the other tabs. */
  broadcast: boolean;
  promise?: Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** One identity's queue. A new identity gets a new lane; the old one finishes quietly. */
interface Lane {
  ops: Op[];
  running: boolean;
  /** Settles when the previous lane's call on the wire has. */
  after: Promise<void>;
  /** The op whose call is on the wire, and that call. */
  sending: { op: Op; settled: Promise<unknown> } | undefined;
}

/** Builds a cart store. `createStoreClient` builds one per client as `store.cartStore`. */
export function createCartStore(deps: CartStoreDependencies): CartStore {
  const { api } = deps;
  const store = createStore<CartState>()(() => INITIAL_CART_STATE);
  // Names this store in tab messages. Made when the channel opens, not here: building a client
  // reads no random value (server pre-rendering refuses one).
  let source: string | undefined;
  let lane: Lane = newLane(Promise.resolve());
  let confirmed: Cart | null = null;
  let status = INITIAL_CART_STATE.status;
  let loadError: Error | undefined;
  let idMap = new Map<string, string>();
  let lineErrors = new Map<string, Error>();
  let couponError: Error | undefined;
  let failures: CartFailure[] = [];
  let carryOver: CartState['carryOver'];
  let estimate: EstimateTotalsResponse | undefined;
  let tempCounter = 0;
  let channel: CartChannel | undefined;
  let channelOpened = false;
  let disposed = false;
  // The identity is a visitor this client just minted, and no change has been made since: it has
  // no cart, so reading one would only earn a 404.
  let freshVisitor = false;
  // The carry-over of the last sign-in, while it runs.
  let carrying: Promise<unknown> | undefined;

  const resolveId = (id: string): string => idMap.get(id) ?? id;

  function view(): Cart | null {
    let cart = confirmed;
    for (const op of lane.ops) if (op.apply) cart = op.apply(cart);
    return cart;
  }

  function publish(): void {
    const cart = view();
    const pendingLines = new Set<string>();
    for (const op of lane.ops) for (const id of op.lineIds) pendingLines.add(resolveId(id));
    const lines: Record<string, CartLineState> = {};
    for (const line of cart?.lineItems ?? []) {
      lines[line.id] = { pending: pendingLines.has(line.id), error: lineErrors.get(line.id) };
    }
    store.setState({
      cart,
      confirmedCart: confirmed,
      status,
      error: loadError,
      pending: lane.ops.length > 0,
      lines,
      coupon: {
        code: couponCodeOf(cart),
        pending: lane.ops.some((op) => op.coupon),
        error: couponError,
      },
      failures,
      carryOver,
      itemCount: itemCountOf(cart),
      estimate,
    });
  }

  function enqueue<T>(spec: Omit<Op, 'resolve' | 'reject' | 'promise'>): Promise<T> {
    if (disposed) return Promise.reject(new CartOperationCancelledError('the store was disposed'));
    let settle!: Pick<Op, 'resolve' | 'reject'>;
    const promise = new Promise<T>((resolve, reject) => {
      settle = { resolve: resolve as (value: unknown) => void, reject };
    });
    const op: Op = { ...spec, ...settle, promise };
    for (const id of op.lineIds) lineErrors.delete(resolveId(id));
    if (op.coupon) couponError = undefined;
    if (op.operation === 'load' && (status === 'idle' || status === 'error')) status = 'loading';
    lane.ops.push(op);
    openChannel();
    publish();
    void pump(lane);
    return promise;
  }

  async function pump(current: Lane): Promise<void> {
    if (current.running) return;
    current.running = true;
    await current.after;
    while (current === lane && current.ops.length > 0) {
      const op = current.ops[0]!;
      const sent = op.run().then(
        (result) => ({ ok: true as const, result }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      current.sending = { op, settled: sent };
      const outcome = await sent;
      current.sending = undefined;
      if (current !== lane) {
        // The identity changed while this call was on the wire: its answer belongs to the
        // identity that is gone, so it settles the caller's promise and touches no state.
        if (outcome.ok) op.resolve(outcome.result.value);
        else op.reject(outcome.error);
        break;
      }
      current.ops.shift();
      if (outcome.ok) succeeded(op, outcome.result);
      else failed(op, outcome.error);
      publish();
      if (outcome.ok) op.resolve(outcome.result.value);
      else op.reject(outcome.error);
    }
    current.running = false;
  }

  function succeeded(op: Op, result: OpResult): void {
    if (op.broadcast) freshVisitor = false;
    if (op.operation === 'carryOver') carryOver = result.value as CartCarryOver;
    if (result.cart !== undefined) {
      if (op.adds && result.cart) mapTemporaryIds(op.adds, confirmed, result.cart);
      if (op.operation !== 'load' && op.operation !== 'estimateTotals') estimate = undefined;
      confirmed = result.cart;
      status = 'ready';
      loadError = undefined;
    }
    if (op.operation === 'estimateTotals') estimate = result.value as EstimateTotalsResponse;
    if (op.broadcast && channel) post({ v: 1, source: (source ??= randomId()), cart: confirmed });
  }

  function failed(op: Op, error: unknown): void {
    const reason = error instanceof Error ? error : new Error(String(error));
    if (op.operation === 'load' || op.operation === 'carryOver') {
      status = 'error';
      loadError = reason;
      if (op.operation === 'carryOver') {
        carryOver = { status: 'failed', carried: [], failed: [], error: reason };
      }
      return;
    }
    const lineItemIds = op.lineIds.map(resolveId);
    for (const id of lineItemIds) lineErrors.set(id, reason);
    if (op.coupon) couponError = reason;
    const failure: CartFailure = {
      operation: op.operation,
      lineItemIds,
      error: reason,
      ...(op.lineItems ? { lineItems: op.lineItems } : {}),
    };
    failures = [...failures, failure].slice(-MAX_FAILURES);
  }

  // Queued changes may name a line by the id it had before the platform created it.
  function mapTemporaryIds(adds: readonly OptimisticAdd[], before: Cart | null, after: Cart): void {
    const known = new Set(before?.lineItems.map((line) => line.id));
    const fresh = after.lineItems.filter((line) => !known.has(line.id));
    for (const add of adds) {
      const match =
        after.lineItems.find((line) =>
          sameReference(line.catalogReference, add.catalogReference),
        ) ??
        fresh.find(
          (line) => line.catalogReference?.catalogItemId === add.catalogReference.catalogItemId,
        );
      if (match) idMap.set(add.tempId, match.id);
    }
  }

  // The id to send for a line; a temporary id that never got a real one means its add failed.
  function wireId(id: string): string {
    const resolved = resolveId(id);
    if (resolved.startsWith(TEMP_PREFIX)) {
      throw new CartOperationCancelledError(`line "${id}" was never added`);
    }
    return resolved;
  }

  async function readCart(): Promise<Cart | null> {
    if (freshVisitor || deps.identity?.role === 'none') return null;
    try {
      return await api.get();
    } catch (error) {
      // The platform answers 404 while the shopper has no cart yet.
      if (error instanceof StoreApiError && error.status === 404) return null;
      throw error;
    }
  }

  /* ───────────────────────────── tabs ───────────────────────────── */

  function openChannel(): void {
    if (channelOpened || deps.openChannel === false || deps.channelName === undefined) return;
    channelOpened = true;
    channel = (deps.openChannel ?? openBroadcastChannel)(deps.channelName);
    if (channel) channel.onmessage = (event) => heard(readChannelMessage(event.data));
  }

  function post(message: CartChannelMessage): void {
    try {
      channel?.postMessage(message);
    } catch {
      // A closed channel or an uncloneable value: the other tabs refresh on their next read.
    }
  }

  function heard(message: CartChannelMessage | undefined): void {
    if (!message || message.source === source || disposed) return;
    // Another tab changed this identity's cart: it exists now, whatever this tab thought.
    freshVisitor = false;
    if (status === 'idle') return;
    const { cart } = message;
    const sameCart = cart !== null && confirmed?.id !== undefined && cart.id === confirmed.id;
    if (cart !== null && sameCart && lane.ops.length === 0) {
      if (!isOlder(cart, confirmed)) {
        confirmed = cart;
        estimate = undefined;
        publish();
      }
      return;
    }
    // Another cart (or another identity's), or changes of ours under way: read our own.
    cartStore.load().catch(noop);
  }

  /* ───────────────────────────── identity ───────────────────────────── */

  function identityChanged(event: CartIdentityEvent): Promise<unknown> | undefined {
    // A new visitor has no cart, unless the change that minted it (an add) is making one now.
    const changing = lane.sending?.op.broadcast === true;
    freshVisitor = event.reason === 'visitor' && !changing;
    // A first visitor had no cart before; the call that made it (perhaps an add) must go on.
    if (event.reason === 'visitor' && event.previousRole === 'none') return;
    const used = status !== 'idle' || lane.ops.length > 0;
    const carry = event.reason === 'login' && event.previousRole === 'visitor';
    // What this page shows is the visitor's cart only once it was read (with any change still
    // queued on top). Before that — never loaded, or the first read still on its way — the
    // visitor's cart is read from the platform with the visitor's token instead.
    const known = status === 'ready';
    const visitorView = carry && known ? (view()?.lineItems ?? []) : undefined;

    const old = lane;
    lane = newLane(old.sending ? old.sending.settled.then(noop, noop) : Promise.resolve());
    // The call on the wire (if any) settles on its own; the others were never sent.
    cancelQueued(old, 'the signed-in identity changed');
    confirmed = null;
    idMap = new Map();
    lineErrors = new Map();
    couponError = undefined;
    failures = [];
    estimate = undefined;
    loadError = undefined;
    carryOver = undefined;
    status = 'idle';

    if (carry) {
      const token = event.previousTokens?.accessToken.value;
      const readVisitor = deps.readCartWithToken;
      const lines: VisitorLines =
        visitorView ??
        (token !== undefined && readVisitor
          ? () => readVisitor(token).then(linesOf, (error: unknown) => noCartAsEmpty(error))
          : []);
      return startCarryOver(lines);
    } else if (event.role === 'none' && !old.sending?.op.broadcast) {
      // Signed out with no tokens: nobody has a cart, and reading one would mint a visitor.
      // (A change still on its way may yet mint one and land in its cart: then it is read.)
      status = used ? 'ready' : 'idle';
      publish();
    } else if (used) {
      cartStore.load().catch(noop);
    } else {
      publish();
    }
  }

  function startCarryOver(lines: VisitorLines): Promise<unknown> {
    carryOver = { status: 'pending', carried: [], failed: [] };
    status = 'loading';
    carrying = enqueue({
      operation: 'carryOver',
      lineIds: [],
      coupon: false,
      broadcast: true,
      run: async () => {
        // Only a visitor's sign-in carries a cart over: that code loads then.
        const { carryOverCart } = await loadCarryOver();
        const result = await carryOverCart(api, lines, readCart);
        return { cart: result.cart, value: result.outcome };
      },
    }).catch(noop);
    return carrying;
  }

  /* ───────────────────────────── actions ───────────────────────────── */

  function rejectNow(check: () => void): Promise<never> | undefined {
    try {
      check();
      return undefined;
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  const cartStore: CartStore = {
    getState: () => store.getState(),
    getInitialState: () => INITIAL_CART_STATE,
    subscribe: (listener) => store.subscribe(listener),

    load() {
      const last = lane.ops[lane.ops.length - 1];
      // A read still waiting in the queue will see everything a new one would.
      if (last?.operation === 'load' && lane.ops.length > 1)
        return last.promise as Promise<Cart | null>;
      return enqueue<Cart | null>({
        operation: 'load',
        lineIds: [],
        coupon: false,
        broadcast: false,
        run: async () => {
          const cart = await readCart();
          return { cart, value: cart };
        },
      });
    },

    addItems(lineItems) {
      const refused = rejectNow(() => {
        if (!Array.isArray(lineItems) || lineItems.length === 0) {
          throw new StoreArgumentError('lineItems', 'must be a non-empty array');
        }
        const items: readonly CartLineInput[] = lineItems;
        items.forEach((item, index) => {
          checkId(
            `lineItems[${index}].catalogReference.catalogItemId`,
            item?.catalogReference?.catalogItemId,
          );
          checkQuantity(`lineItems[${index}].quantity`, item.quantity, 1);
        });
      });
      if (refused) return refused;
      const current = view();
      const adds: OptimisticAdd[] = lineItems.map((item) => ({
        tempId: `${TEMP_PREFIX}${++tempCounter}`,
        catalogReference: item.catalogReference,
        quantity: item.quantity,
        preview: item.preview,
      }));
      const wire = lineItems.map(({ catalogReference, quantity }) => ({
        catalogReference,
        quantity,
      }));
      return enqueue<Cart>({
        operation: 'addItems',
        lineIds: adds.map((add) => lineIdForAdd(current, add)),
        coupon: false,
        broadcast: true,
        adds,
        lineItems: wire,
        apply: (cart) => addLines(cart, adds),
        run: async () => {
          const cart = await api.addItems({ lineItems: wire });
          return { cart, value: cart };
        },
      });
    },

    updateQuantity(lineItemId, quantity) {
      const refused = rejectNow(() => {
        checkId('lineItemId', lineItemId);
        checkQuantity('quantity', quantity, 0);
      });
      if (refused) return refused;
      if (quantity === 0) return cartStore.removeItems([lineItemId]);
      return enqueue<Cart>({
        operation: 'updateQuantity',
        lineIds: [lineItemId],
        coupon: false,
        broadcast: true,
        apply: (cart) => setQuantity(cart, resolveId(lineItemId), quantity),
        run: async () => {
          const cart = await api.updateQuantities([{ id: wireId(lineItemId), quantity }]);
          return { cart, value: cart };
        },
      });
    },

    removeItems(lineItemIds) {
      const refused = rejectNow(() => checkIdList('lineItemIds', lineItemIds));
      if (refused) return refused;
      const ids = [...lineItemIds];
      return enqueue<Cart>({
        operation: 'removeItems',
        lineIds: ids,
        coupon: false,
        broadcast: true,
        apply: (cart) => removeLines(cart, ids.map(resolveId)),
        run: async () => {
          const cart = await api.removeItems(ids.map(wireId));
          return { cart, value: cart };
        },
      });
    },

    applyCoupon(code) {
      const refused = rejectNow(() => checkId('code', code));
      if (refused) return refused;
      return enqueue<Cart>({
        operation: 'applyCoupon',
        lineIds: [],
        coupon: true,
        broadcast: true,
        apply: (cart) => applyCouponCode(cart, code),
        run: async () => {
          const cart = await api.update({ couponCode: code });
          return { cart, value: cart };
        },
      });
    },

    removeCoupon() {
      return enqueue<Cart>({
        operation: 'removeCoupon',
        lineIds: [],
        coupon: true,
        broadcast: true,
        apply: (cart) => removeCouponCode(cart),
        run: async () => {
          const cart = await api.removeCoupon();
          return { cart, value: cart };
        },
      });
    },

    update(input) {
      const coupon = input?.couponCode;
      return enqueue<Cart>({
        operation: 'update',
        lineIds: [],
        coupon: coupon !== undefined,
        broadcast: true,
        ...(coupon === undefined ? {} : { apply: (cart) => applyCouponCode(cart, coupon) }),
        run: async () => {
          const cart = await api.update(input);
          return { cart, value: cart };
        },
      });
    },

    estimateTotals(input) {
      return enqueue<EstimateTotalsResponse>({
        operation: 'estimateTotals',
        lineIds: [],
        coupon: false,
        broadcast: false,
        run: async () => {
          const result = await api.estimateTotals(input);
          return { ...(result.cart ? { cart: result.cart } : {}), value: result };
        },
      });
    },

    checkout(input) {
      return enqueue<CreateCheckoutResult>({
        operation: 'checkout',
        lineIds: [],
        coupon: false,
        broadcast: false,
        run: async () => ({ value: await api.createCheckout(input) }),
      });
    },

    clear() {
      return enqueue<void>({
        operation: 'clear',
        lineIds: [],
        coupon: false,
        broadcast: true,
        apply: () => null,
        run: async () => {
          await api.delete();
          return { cart: null, value: undefined };
        },
      });
    },

    clearErrors(lineItemId) {
      if (lineItemId === undefined) {
        lineErrors = new Map();
        couponError = undefined;
        failures = [];
      } else {
        const id = resolveId(lineItemId);
        lineErrors.delete(id);
        failures = failures.filter((failure) => !failure.lineItemIds.includes(id));
      }
      publish();
    },

    async whenCarriedOver() {
      await carrying;
      return carryOver;
    },

    async whenIdle() {
      for (;;) {
        const last = lane.ops[lane.ops.length - 1];
        if (!last) return;
        await last.promise?.catch(noop);
      }
    },

    hydrate(cart) {
      if (disposed || status !== 'idle' || lane.ops.length > 0) return;
      confirmed = cart;
      status = 'ready';
      publish();
    },

    dispose() {
      if (disposed) return;
      disposed = true;
      unsubscribeIdentity?.();
      channel?.close();
      cancelQueued(lane, 'the store was disposed');
    },
  };
  const unsubscribeIdentity = deps.identity?.onIdentityChange(identityChanged);
  return cartStore;
}

function newLane(after: Promise<void>): Lane {
  return { ops: [], running: false, after, sending: undefined };
}

/** Rejects every op of a lane that is not on the wire, and drops them from it. */
function cancelQueued(lane: Lane, reason: string): void {
  const cancelled = new CartOperationCancelledError(reason);
  const onWire = lane.sending?.op;
  for (const op of lane.ops) if (op !== onWire) op.reject(cancelled);
  lane.ops = onWire ? [onWire] : [];
}

function linesOf(cart: Cart | null): readonly LineItem[] {
  return cart?.lineItems ?? [];
}

function noCartAsEmpty(error: unknown): readonly LineItem[] {
  if (error instanceof StoreApiError && error.status === 404) return [];
  throw error;
}

function isOlder(cart: Cart, than: Cart | null): boolean {
  const a = Date.parse(cart.updatedDate ?? '');
  const b = Date.parse(than?.updatedDate ?? '');
  return Number.isFinite(a) && Number.isFinite(b) && a < b;
}

function noop(): void {}

function randomId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return (
    crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  );
}

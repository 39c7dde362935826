/**
 * The cart's types, in one file that imports nothing of the cart's code (as query-core keeps its
 * `types.ts`): what the cart store shows (`CartState`), its calls on the wire (`CurrentCartApi`)
 * and what it is built from. The store's methods are typed where each operation is described
 * (cart-operations.ts). The store, its engine and the raw calls all import from here, so none of
 * them imports another for a type.
 */
import type {
  AddToCartInput,
  Cart,
  CreateCheckoutInput,
  CreateCheckoutResult,
  EstimateTotalsInput,
  EstimateTotalsResponse,
  LineItem,
  LineItemInput,
  LineItemQuantityUpdate,
  UpdateCartInput,
} from '../models/cart.js';
import type { TokenRole, Tokens } from '../models/tokens.js';

// ── What the cart store shows ──

/** Where loading the cart stands. */
export type CartStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The changes and reads the cart store runs, as named in {@link CartFailure}: the names of the
 * cart store's (and `store.cart`'s) calls, and the carry-over at sign-in.
 */
export type CartOperation =
  | 'load'
  | 'addItems'
  | 'updateQuantities'
  | 'removeItems'
  | 'update'
  | 'removeCoupon'
  | 'estimateTotals'
  | 'createCheckout'
  | 'delete'
  | 'carryOver';

/** One line's own state. */
export interface CartLineState {
  /** A change to this line is queued or on its way. */
  readonly pending: boolean;
  /**
   * Why the last change to this line was refused (a `StoreApiError`, or a
   * `CartOperationCancelledError`); the line shows its confirmed state again. Cleared by the
   * next change to the line, or by `clearErrors`.
   */
  readonly error: Error | undefined;
}

/** The coupon's own state. */
export interface CartCouponState {
  /** The code the cart shows (optimistically while pending). */
  readonly code: string | undefined;
  /** Applying or removing a coupon is queued or on its way. */
  readonly pending: boolean;
  /** Why the last coupon change was refused (for example an unknown code). */
  readonly error: Error | undefined;
}

/** A change the platform refused. The state already shows the cart without it. */
export interface CartFailure {
  readonly operation: CartOperation;
  /** The lines it was about (ids as shown when it was made). */
  readonly lineItemIds: readonly string[];
  /** For `addItems`: the items that were not added. */
  readonly lineItems?: readonly LineItemInput[];
  readonly error: Error;
}

/** A line of the visitor's cart that could not be carried into the member's. */
export interface CarryOverFailure {
  /** The visitor's line. */
  readonly lineItem: LineItem;
  readonly error: Error;
}

/**
 * What became of the visitor's coupon at sign-in:
 * - `carried`: it is on the member's cart now;
 * - `kept`: the member's cart had a coupon of its own (`memberCode`), which it keeps (a cart
 *   holds one coupon);
 * - `failed`: it could not be applied; `error` says why (the platform's refusal, for example a
 *   minimum subtotal the member's cart does not reach, or that the member has no cart).
 */
export interface CarryOverCoupon {
  /** The visitor's coupon code. */
  readonly code: string;
  readonly status: 'carried' | 'kept' | 'failed';
  /** With `kept`: the member's own coupon code. */
  readonly memberCode?: string;
  /** With `failed`: why. */
  readonly error?: Error;
}

/**
 * What happened to the visitor's cart at sign-in:
 * - `pending`: being carried;
 * - `kept`: the visitor had nothing to carry; the member's cart is shown as it was;
 * - `merged`: every visitor line was added to the member's cart;
 * - `partial`: some lines were added, those in `failed` were not;
 * - `failed`: nothing could be carried (see `failed`, or `error` when the visitor's cart could
 *   not even be read).
 */
export interface CartCarryOver {
  readonly status: 'pending' | 'kept' | 'merged' | 'partial' | 'failed';
  /** The visitor's lines added to the member's cart. */
  readonly carried: readonly LineItem[];
  readonly failed: readonly CarryOverFailure[];
  /** Why the visitor's cart could not be read, when it could not. */
  readonly error?: Error;
  /**
   * The visitor's coupon, when the visitor had one (`status` is about the lines only):
   * carried into the member's cart, or why it was not.
   */
  readonly coupon?: CarryOverCoupon;
}

/**
 * A snapshot of the cart store. A new object whenever something changed, so it can feed
 * React's `useSyncExternalStore` (or any other subscription) as is.
 */
export interface CartState {
  /**
   * The cart to show: the platform's last answer with the changes still on their way applied on
   * top. `null` when the shopper has no cart (or it is not loaded).
   */
  readonly cart: Cart | null;
  /** The platform's last answer, without pending changes. */
  readonly confirmedCart: Cart | null;
  /** `idle` until first loaded or changed; `error` when the last load failed. */
  readonly status: CartStatus;
  /** Why the last load failed. */
  readonly error: Error | undefined;
  /** Some change or read is queued or on its way. */
  readonly pending: boolean;
  /** State of each line shown, by line id (a refused new line is reported in `failures`). */
  readonly lines: Readonly<Record<string, CartLineState>>;
  readonly coupon: CartCouponState;
  /** Refused changes, oldest first (the last 20). */
  readonly failures: readonly CartFailure[];
  /** The outcome of carrying a visitor's cart into the member's at the last sign-in. */
  readonly carryOver: CartCarryOver | undefined;
  /** Units in the cart shown (the sum of quantities). */
  readonly itemCount: number;
  /** The last estimate, until the cart changes. */
  readonly estimate: EstimateTotalsResponse | undefined;
}

// ── The raw calls: store.cart ──

/** Options every cart call takes. */
export interface CartCallOptions {
  /** Aborts the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /**
   * Lets a change outlive the page: it is sent with fetch's `keepalive`, so a change made as the
   * shopper leaves (an add followed at once by a link to another page) still reaches the
   * platform. A body over 48 KiB, which browsers refuse to keep alive, is sent without it; a
   * read (`get`) has nothing to keep alive. The cart store sends its changes this way.
   * @default false
   */
  keepalive?: boolean;
}

/**
 * The caller's current cart: `store.cart`. Each call acts on the cart of whoever the client's
 * tokens belong to (an anonymous visitor or a member). For a cart that updates the UI at once,
 * queues clicks and follows sign-in, use `store.cartStore` instead.
 *
 * Every call throws {@link StoreApiError} (or one of its kinds) when the platform refuses it, and
 * {@link StoreArgumentError} before sending when an argument could never be accepted.
 */
export interface CurrentCartApi {
  /**
   * Reads the current cart: `GET /ecom/v1/carts/current`.
   *
   * @example
   * const cart = await store.cart.get();
   * @throws {StoreClientError} with status 404 when the caller has no cart yet.
   */
  get(options?: CartCallOptions): Promise<Cart>;
  /**
   * Changes the cart: `PATCH /ecom/v1/carts/current`. `cartFieldmask` lists the `cartInfo`
   * paths to change; it is sent joined by commas.
   *
   * @example
   * await store.cart.update({ cartInfo: { buyerNote: 'Gift wrap' }, cartFieldmask: ['buyerNote'] });
   * await store.cart.update({ couponCode: 'SUMMER10' });
   */
  update(input: UpdateCartInput, options?: CartCallOptions): Promise<Cart>;
  /**
   * Adds items (creating the cart when there is none): `POST …/add-to-cart`. Adding an item
   * that is already in the cart adds to its quantity.
   *
   * @example
   * await store.cart.addItems({ lineItems: [storesLineItem(productId, 2, { variantId })] });
   * @throws {StoreArgumentError} for a quantity that is not a whole number of at least 1, or an
   * empty `catalogItemId`.
   */
  addItems(input: AddToCartInput, options?: CartCallOptions): Promise<Cart>;
  /**
   * Removes lines: `POST …/remove-line-items`.
   *
   * @throws {StoreArgumentError} for an empty list or an empty id.
   */
  removeItems(lineItemIds: readonly string[], options?: CartCallOptions): Promise<Cart>;
  /**
   * Creates a checkout from the cart: `POST …/create-checkout`. Send the shopper to it with
   * `store.redirects.createSession({ ecomCheckout: { checkoutId } })`.
   *
   * @example
   * const { checkoutId } = await store.cart.createCheckout({ channelType: 'WEB' });
   */
  createCheckout(
    input?: CreateCheckoutInput,
    options?: CartCallOptions,
  ): Promise<CreateCheckoutResult>;
  /** Removes the applied coupon: `POST …/remove-coupon`. */
  removeCoupon(options?: CartCallOptions): Promise<Cart>;
  /**
   * Sets the quantities of lines: `POST …/update-line-items-quantity`.
   *
   * @example
   * await store.cart.updateQuantities([{ id: lineItemId, quantity: 3 }]);
   * @throws {StoreArgumentError} for an empty list, an empty id, or a quantity that is negative
   * or not a whole number.
   */
  updateQuantities(
    lineItems: readonly LineItemQuantityUpdate[],
    options?: CartCallOptions,
  ): Promise<Cart>;
  /**
   * Estimates totals, tax and delivery options: `POST …/estimate-totals`. With no input only
   * the items' totals are estimated.
   */
  estimateTotals(
    input?: EstimateTotalsInput,
    options?: CartCallOptions,
  ): Promise<EstimateTotalsResponse>;
  /** Deletes the cart: `DELETE /ecom/v1/carts/current`. */
  delete(options?: CartCallOptions): Promise<void>;
}

// ── The cart store: store.cartStore ──

/** A line to add, with what to show for it until the platform answers. */
export interface CartLineInput extends LineItemInput {
  /** Shown on the new line meanwhile (name, image, price); never sent. */
  preview?: Partial<LineItem>;
}

/** What `store.cartStore.addItems` takes: the lines of `store.cart.addItems`, with previews. */
export interface CartAddItemsInput {
  lineItems: readonly CartLineInput[];
}

// ── What the cart store is built from ──

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
  /** The tokens now (a visitor's refresh token tells visitors apart). */
  getTokens?(): Tokens | undefined;
}

/** The part of `BroadcastChannel` the cart store uses. */
export interface CartChannel {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

/** Opens the channel of a name, or `undefined` where there is none. */
export type CartChannelFactory = (name: string) => CartChannel | undefined;

/** What tabs post to each other. */
export interface CartChannelMessage {
  v: 1;
  /** The posting store, so it ignores its own messages. */
  source: string;
  /** The cart after the change; `null` after it was deleted. */
  cart: Cart | null;
}

/** What the cart store is built from. Inject fakes to test it, or to run it elsewhere. */
export interface CartStoreDependencies {
  /** The client's calls of the current cart, on the cart API it uses (cart-calls.ts). */
  calls: CartCalls;
  /** Identity changes; without one the store never resets on its own. */
  identity?: CartIdentitySource;
  /** The `BroadcastChannel` name shared by the client's tabs; without one, tabs are not told. */
  channelName?: string;
  /** Opens the channel; `false` for none. @default a global `BroadcastChannel` when there is one */
  openChannel?: CartChannelFactory | false;
}

// ── The current cart on the wire, one cart API or another ──

/** The platform's cart APIs: Cart V2, and Cart V1 (removed by the platform on 2027-02-01). */
export type CartApiVersion = 'v1' | 'v2';

/**
 * Which cart API a client uses: `'auto'` uses Cart V2, and Cart V1 only once a store answers that
 * it has no Cart V2; `'v2'` or `'v1'` pins one.
 */
export type CartOption = 'auto' | CartApiVersion;

/**
 * A body as sent: the documented fields of an input, each given or `undefined` (left out on the
 * wire), so a server that refuses unknown fields never sees extras the caller's object carries.
 */
export type Body<T> = { readonly [K in keyof T]?: T[K] | undefined };

/** An add, checked: its catalog lines and its custom lines. */
export interface AddToCartBody {
  readonly lineItems: readonly LineItemInput[];
  readonly customLineItems?: AddToCartInput['customLineItems'] | undefined;
}

/** A change of the cart, checked: Cart V1's body, its field mask joined by commas. */
export type UpdateCartBody = Body<Omit<UpdateCartInput, 'cartFieldmask'>> & {
  readonly cartFieldmask?: string | undefined;
};

/** An estimate, checked: the documented fields of its input. */
export type EstimateBody = Body<EstimateTotalsInput>;

/** A checkout, checked: the documented fields of its input. */
export type CheckoutBody = Body<CreateCheckoutInput>;

/**
 * The current cart's calls on one cart API (cart/v1-calls.ts, cart/v2-calls.ts), each taking its
 * input checked at the public edge and answering in the one {@link Cart} shape.
 */
export interface CartApiCalls {
  get(options: CartCallOptions): Promise<Cart>;
  /** Reads another identity's cart with its access token (the visitor's, at sign-in). */
  getWithToken(accessToken: string): Promise<Cart>;
  addItems(body: AddToCartBody, options: CartCallOptions): Promise<Cart>;
  update(body: UpdateCartBody, options: CartCallOptions): Promise<Cart>;
  updateQuantities(
    lineItems: readonly LineItemQuantityUpdate[],
    options: CartCallOptions,
  ): Promise<Cart>;
  removeItems(lineItemIds: readonly string[], options: CartCallOptions): Promise<Cart>;
  removeCoupon(options: CartCallOptions): Promise<Cart>;
  estimateTotals(body: EstimateBody, options: CartCallOptions): Promise<EstimateTotalsResponse>;
  createCheckout(body: CheckoutBody, options: CartCallOptions): Promise<CreateCheckoutResult>;
  delete(options: CartCallOptions): Promise<void>;
}

/**
 * The current cart's calls of one client (cart-calls.ts): on Cart V2, or Cart V1 where the client
 * pins it or the store has no Cart V2. The cart store's engine and `store.cart` share them, so the
 * client learns once which cart the store has.
 */
export interface CartCalls extends CartApiCalls {
  /**
   * An add sent at once, before any of the calls' code has loaded: what a page being left sends
   * (its answer is read once the code is there).
   */
  addNow(body: AddToCartBody, options: CartCallOptions): Promise<Cart>;
  /** Starts loading the code of the calls, so the first call does not wait for it. */
  preload(): void;
}

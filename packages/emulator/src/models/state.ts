/**
 * The whole emulator state: one JSON-serialisable object, kept in memory and, with `data`,
 * written to disk after every change; and what a service may do with it: read it as it is
 * ({@link ReadonlyState}), or change it in a {@link Transaction} of the {@link Store}
 * (state/store.ts keeps the one store of an emulator).
 */
import type { CartRecord, CheckoutRecord, OrderRecord } from './cart.js';
import type { CatalogVersion, CollectionRecord, ProductRecord } from './catalog.js';
import type { MailMessage } from './mail.js';
import type {
  IdentityModes,
  MemberRecord,
  RecoveryTokenRecord,
  SessionTokenRecord,
  StateTokenRecord,
} from './identity.js';
import type {
  AccessTokenRecord,
  AuthCodeRecord,
  FamilyRecord,
  RefreshTokenRecord,
} from './tokens.js';
import type { RedirectSessionRecord } from './sessions.js';
import type { WebhookEvent } from './events.js';

/** Bumped when the shape changes; a data file of another version is refused at start. */
export const STATE_VERSION = 1;

/** The keyed maps of the state. Kept without a prototype: a key from a request never finds `constructor`. */
export const STATE_MAPS = [
  'products',
  'collections',
  'carts',
  'checkouts',
  'orders',
  'members',
  'families',
  'accessTokens',
  'refreshTokens',
  'authCodes',
  'stateTokens',
  'sessionTokens',
  'recoveryTokens',
  'redirectSessions',
] as const;

/** A map without a prototype, holding `entries`. */
export function nullMap<T>(entries: Iterable<readonly [string, T]> = []): Record<string, T> {
  const map = Object.create(null) as Record<string, T>;
  for (const [key, value] of entries) map[key] = value;
  return map;
}

export interface EmulatorState {
  version: typeof STATE_VERSION;
  products: Record<string, ProductRecord>;
  collections: Record<string, CollectionRecord>;
  /** By owner key (`visitor:<id>` / `member:<id>`). */
  carts: Record<string, CartRecord>;
  checkouts: Record<string, CheckoutRecord>;
  orders: Record<string, OrderRecord>;
  members: Record<string, MemberRecord>;
  families: Record<string, FamilyRecord>;
  /** The token maps are keyed by the SHA-256 of the token. */
  accessTokens: Record<string, AccessTokenRecord>;
  refreshTokens: Record<string, RefreshTokenRecord>;
  authCodes: Record<string, AuthCodeRecord>;
  stateTokens: Record<string, StateTokenRecord>;
  sessionTokens: Record<string, SessionTokenRecord>;
  recoveryTokens: Record<string, RecoveryTokenRecord>;
  redirectSessions: Record<string, RedirectSessionRecord>;
  mail: MailMessage[];
  modes: IdentityModes;
  nextOrderNumber: number;
  /** PKCS#8 PEM of the webhook signing key, created on first use and kept across restarts. */
  webhookPrivateKey?: string;
  /**
   * The key of the hosted forms' anti-forgery tokens, created with the state (and given to a
   * state file of an earlier version that has none when it is read).
   */
  formSecret: string;
  /** The key access tokens are signed with (oauth/access-token.ts), created with the state. */
  tokenSecret: string;
  /** The emulated site's id, the `metaSiteId` of its access tokens, created with the state. */
  siteId: string;
  /**
   * The catalog the state's store runs. Absent in files of earlier versions, which were all
   * Catalog V1; a file of one catalog is refused by an emulator started with the other.
   */
  catalog?: CatalogVersion;
}

/** The name of a keyed map of the state. */
export type StateMapName = (typeof STATE_MAPS)[number];

/**
 * The state as every reader sees it (`ctx.store.state`): no map, no entry of one and no field of
 * a record can be assigned or deleted, and the mail cannot be pushed to. Only a transaction's
 * `tx.state` is writable, so the compiler refuses a change made outside one.
 */
export type ReadonlyState = {
  readonly [K in keyof EmulatorState]: K extends StateMapName
    ? { readonly [Key in keyof EmulatorState[K]]: Readonly<EmulatorState[K][Key]> }
    : EmulatorState[K] extends readonly (infer Item)[]
      ? readonly Readonly<Item>[]
      : Readonly<EmulatorState[K]>;
};

/** What a change is given: the state to change, and where to put the events it causes. */
export interface Transaction {
  readonly state: EmulatorState;
  /** Queues an event; it goes out once the change is on disk, and never if the change throws. */
  emit(event: WebhookEvent): void;
}

/** A change's result; never a promise, so a change cannot `await` halfway through. */
export type Settled<T> = T extends PromiseLike<unknown> ? never : T;

/** Options of {@link Store.transaction}. */
export interface TransactionOptions {
  /**
   * Errors after which what the change did before throwing is still written: refusals that are
   * themselves recorded (a wrong verification code counts an attempt; a refused code exchange
   * uses the code up). Events are never emitted after an error, whatever this says.
   * @default none: a change that throws writes nothing
   */
  keepsChanges?: (error: unknown) => boolean;
}

/**
 * The state as services use it: read it at any time, change it only in a transaction, which
 * applies the change synchronously (Node runs one step at a time, so a read-modify-write without
 * an `await` in between cannot interleave), writes the state to disk and only then emits the
 * change's events (webhooks).
 */
export interface Store {
  /** The live state, read-only: change it with {@link Store.transaction}. */
  readonly state: ReadonlyState;
  /**
   * Applies `change`, writes the state to disk, then emits the events the change queued, in order.
   * A change that throws emits nothing and writes nothing (unless `keepsChanges` says its error
   * is a recorded refusal); the error is passed on.
   * @returns what the change returned, once it is on disk.
   * @throws whatever the change throws, or the write's error (then nothing is emitted either).
   * @example
   * const cart = await ctx.store.transaction((tx) => {
   *   tx.state.carts[key] = next;
   *   tx.emit(events.cartUpdated(who, renderCart(ctx, next)));
   *   return next;
   * });
   */
  transaction<T>(change: (tx: Transaction) => Settled<T>, options?: TransactionOptions): Promise<T>;
}

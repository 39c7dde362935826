/**
 * The whole emulator state: one JSON-serialisable object, kept in memory and, with `data`,
 * written to disk after every change.
 */
import type { CartRecord, CheckoutRecord, OrderRecord } from '../cart/model.js';
import type { CollectionRecord, ProductRecord } from '../catalog/model.js';
import type { MailMessage } from '../dev/mail.js';
import type {
  IdentityModes,
  MemberRecord,
  RecoveryTokenRecord,
  SessionTokenRecord,
  StateTokenRecord,
} from '../identity/model.js';
import type {
  AccessTokenRecord,
  AuthCodeRecord,
  FamilyRecord,
  RefreshTokenRecord,
} from '../oauth/model.js';
import type { RedirectSessionRecord } from '../redirects/model.js';

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
  /** The key of the hosted forms' anti-forgery tokens, created on first use. */
  formSecret?: string;
  /** The key access tokens are signed with (oauth/access-token.ts), created on first use. */
  tokenSecret?: string;
  /** The emulated site's id, the `metaSiteId` of its access tokens, created on first use. */
  siteId?: string;
}

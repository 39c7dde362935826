import type { AuthStatus, IdentityChangeReason } from '../models/auth.js';
import type { LoginState } from '../models/login.js';
import type { TokenRole, Tokens } from '../models/tokens.js';

/**
 * An immutable snapshot of a client's identity. A new object only when something changed, so it
 * can feed React's `useSyncExternalStore` as is.
 *
 * @example
 * const { role, isLoggedIn, status } = store.auth.getState();
 */
export interface AuthState {
  /** The current tokens (frozen), or `undefined` with role `none`. */
  readonly tokens: Tokens | undefined;
  /** Role of the refresh token: `none`, `visitor` or `member`. */
  readonly role: TokenRole;
  /** `true` only for a member. */
  readonly isLoggedIn: boolean;
  /** Where the last sign-in step stands; `INITIAL` until one runs, and again after logout. */
  readonly loginState: LoginState;
  /** `idle`, or the work in progress. */
  readonly status: AuthStatus;
  /**
   * The last renewal or sign-in failure that was thrown (a {@link StoreAuthError} or
   * {@link StoreApiError}); cleared by the next success.
   */
  readonly error: Error | undefined;
}

/**
 * Sent by `store.auth.onIdentityChange` after new tokens are committed, whenever the identity
 * behind them changed: a new visitor (first, or after a lost session), a member sign-in of any
 * kind, a logout, a session ended by `invalid_grant`, `setTokens` with another identity's
 * tokens, or any of these arriving from another tab. Never for a plain refresh of the same
 * identity.
 */
export interface IdentityChangeEvent {
  reason: IdentityChangeReason;
  /** The role now. */
  role: TokenRole;
  /** The role before the change. */
  previousRole: TokenRole;
  /** The tokens before the change (for example to carry a visitor's cart into the member's). */
  previousTokens: Tokens | undefined;
}

import { VitrineError } from '../errors/vitrine-error.js';
import { safeCause } from '../http/scrub.js';

/**
 * Codes of {@link StoreAuthError}, as data. The platform's documented messages are kept word for word
 * ('something went wrong', 'OAuth flow timed out', 'Invalid _state'…); the code says which case
 * it is without parsing the message.
 */
export const StoreAuthErrorCodes = {
  /** The token endpoint answered something other than 200: 'something went wrong'. */
  TOKEN_REQUEST_FAILED: 'TOKEN_REQUEST_FAILED',
  /** The token endpoint refused the grant (`invalid_grant`): the code or refresh token is dead. */
  INVALID_GRANT: 'INVALID_GRANT',
  /** The token endpoint could not be reached (network error, timeout). Retryable. */
  TOKEN_ENDPOINT_UNREACHABLE: 'TOKEN_ENDPOINT_UNREACHABLE',
  /** The token endpoint answered 200 with something that is not a valid token response. */
  INVALID_TOKEN_RESPONSE: 'INVALID_TOKEN_RESPONSE',
  /** The member's session is over (its refresh token was refused). Sign in again. */
  SESSION_ENDED: 'SESSION_ENDED',
  /** Another tab held the token-renewal lock for too long. Retryable. */
  LOCK_TIMEOUT: 'LOCK_TIMEOUT',
  /** The silent login got no answer in 120000 ms: 'OAuth flow timed out'. */
  OAUTH_TIMEOUT: 'OAUTH_TIMEOUT',
  /** The hosted login page answered with an error (`login_required`, `access_denied`…). */
  AUTHORIZATION_ERROR: 'AUTHORIZATION_ERROR',
  /** The return from the hosted page lacks `code` or `state`: 'Missing code or _state'. */
  MISSING_CODE_OR_STATE: 'MISSING_CODE_OR_STATE',
  /** The returned `state` is not one this client is waiting for: 'Invalid _state'. */
  INVALID_STATE: 'INVALID_STATE',
  /** The session token could not be turned into member tokens: 'Failed to get member tokens'. */
  MEMBER_TOKENS_FAILED: 'MEMBER_TOKENS_FAILED',
  /** The platform sent a hosted-page address that is not https on an allowed host. */
  UNSAFE_URL: 'UNSAFE_URL',
  /** No `crypto.getRandomValues` and no `random` option: PKCE cannot be made safely. */
  NO_CRYPTO: 'NO_CRYPTO',
  /** The flow needs a browser (a page to navigate, a frame), or a `redirectUri` to be given. */
  NOT_SUPPORTED: 'NOT_SUPPORTED',
} as const;

/** A code of {@link StoreAuthError}. */
export type StoreAuthErrorCode = (typeof StoreAuthErrorCodes)[keyof typeof StoreAuthErrorCodes];

/** Fields a {@link StoreAuthError} is built from. */
export interface StoreAuthErrorInit {
  code: StoreAuthErrorCode;
  message: string;
  /** `true` when the same call may succeed later. @default false */
  retryable?: boolean;
  /** The HTTP status that caused it, when there was one. */
  status?: number | undefined;
  /** The OAuth `error` of the answer (`invalid_grant`, `login_required`), when there was one. */
  oauthError?: string | undefined;
  /** The underlying error; a {@link StoreApiError} is already secret-free, anything else is scrubbed. */
  cause?: unknown;
  /** Values to scrub from a cause that is not a {@link StoreApiError}. */
  secrets?: readonly string[];
}

/**
 * An identity failure: a grant, a renewal, the hosted or silent login, or a redirect callback.
 * `code` is one of {@link StoreAuthErrorCodes}; `retryable` tells whether trying again later may
 * work (an unreachable token endpoint, a 5xx, a lock held by another tab).
 *
 * Never holds a token, code, verifier, password or API key: not in its message, stack, cause
 * or `JSON.stringify` form.
 */
export class StoreAuthError extends VitrineError {
  override name = 'StoreAuthError' as const;
  /** Which failure this is. */
  declare readonly code: StoreAuthErrorCode;
  /** HTTP status of the answer that caused it, if any. */
  readonly status: number | undefined;
  /** The OAuth `error` code the platform gave, if any (`invalid_grant`, `login_required`). */
  readonly oauthError: string | undefined;
  /**
   * Only when `register`, `login` or `processVerification` was answered `SUCCESS` but the
   * session could not be turned into member tokens here: the platform's session token, to
   * finish with `store.auth.getMemberTokensForDirectLogin(error.sessionToken)`. Not enumerable:
   * it never shows in `JSON.stringify(error)` or a logged error.
   */
  declare readonly sessionToken?: string;

  constructor(init: StoreAuthErrorInit) {
    super(init.message, {
      code: init.code,
      retryable: init.retryable,
      cause: safeCause(init.cause, init.secrets ?? []),
    });
    this.status = init.status;
    this.oauthError = init.oauthError;
  }

  /** A plain, secret-free view for logs: `JSON.stringify(error)` uses it. */
  override toJSON(): Record<string, unknown> {
    const cause = this.cause as { toJSON?: () => unknown; name?: unknown; message?: unknown };
    return {
      name: this.name,
      message: this.message,
      code: this.code,
      retryable: this.retryable,
      status: this.status,
      oauthError: this.oauthError,
      cause:
        cause === undefined
          ? undefined
          : typeof cause.toJSON === 'function'
            ? cause.toJSON()
            : { name: cause.name, message: cause.message },
    };
  }
}

/**
 * The errors of a sign-in that could not finish: a return from the login page that is not a
 * pending login's, or a code, session token or external login that could not be turned into
 * member tokens. Only the sign-in code (loaded on first use) makes them.
 */
import { StoreAuthError } from './store-auth-error.js';
import { isStoreAuthError } from './is-store-auth-error.js';

/**
 * 'Failed to get member tokens': a code, session token or external login could not be
 * turned into member tokens. Keeps the status, OAuth error and retryability of an identity error
 * it wraps, unless `retryable` says otherwise.
 */
export function memberTokensFailed(
  cause?: unknown,
  secrets: readonly string[] = [],
  retryable?: boolean,
): StoreAuthError {
  const wrapped = isStoreAuthError(cause) ? cause : undefined;
  return new StoreAuthError({
    code: 'MEMBER_TOKENS_FAILED',
    message: 'Failed to get member tokens',
    retryable: retryable ?? wrapped?.retryable ?? false,
    status: wrapped?.status,
    oauthError: wrapped?.oauthError,
    cause,
    secrets,
  });
}

/** 'Invalid _state': a return whose state is not a pending login's, or one seen before. */
export function invalidState(): StoreAuthError {
  return new StoreAuthError({ code: 'INVALID_STATE', message: 'Invalid _state' });
}

/** 'Missing code or _state': a return that lacks one of them. */
export function missingCodeOrState(): StoreAuthError {
  return new StoreAuthError({ code: 'MISSING_CODE_OR_STATE', message: 'Missing code or _state' });
}

/**
 * The platform signed the member in (`SUCCESS`) but its session token could not be turned into
 * member tokens here (an unregistered redirect address, a closed frame…). The error carries the
 * session token as `sessionToken`, not enumerable (so never in `JSON.stringify`, a log of the
 * error, or its message), for the app to finish with `getMemberTokensForDirectLogin`.
 */
export function signInUnfinished(cause: unknown, sessionToken: string): StoreAuthError {
  const wrapped = isStoreAuthError(cause) ? cause : undefined;
  const error = new StoreAuthError({
    code: wrapped?.code ?? 'MEMBER_TOKENS_FAILED',
    message: `Failed to get member tokens: the platform signed the member in, but its session could not be turned into tokens (${wrapped?.message ?? 'unknown reason'}); finish with getMemberTokensForDirectLogin(error.sessionToken)`,
    retryable: wrapped?.retryable ?? false,
    status: wrapped?.status,
    oauthError: wrapped?.oauthError,
    cause,
    secrets: [sessionToken],
  });
  Object.defineProperty(error, 'sessionToken', { value: sessionToken, enumerable: false });
  return error;
}
